/**
 * Tells database faults apart from other failures, so that a request can answer "unavailable, try again" (503)
 * instead of a crash (500), and the server can react to a storage it can no longer write.
 */

/** Node socket errors of a connection that could not be opened or broke. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server that is going away or not accepting work: class 08 (connection exception), shutdown by
 * an administrator, a crash or a restart, startup, too many connections, and the idle timeouts that end a session.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300', '25P03']);

/** What node-postgres says when the connection under a query is gone or could not be had in time. */
const CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Client was closed/,
  /^Connection refused/,
];

/** Storage that refuses writes: a full disk or quota, a read-only file system, a file-size limit. */
const WRITE_FAILURE_CODES = new Set(['ENOSPC', 'EROFS', 'EDQUOT', 'EFBIG']);
const WRITE_FAILURE_MESSAGES =
  /No space left on device|Read-only file system|Disk quota exceeded|File too large/;

/** The error and its causes (drizzle wraps the driver's error in `cause`). */
function* chain(error: unknown): Generator<Record<string, unknown>> {
  let current = error;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    yield current as Record<string, unknown>;
    const next = (current as { cause?: unknown }).cause;
    if (next === current) return;
    current = next;
  }
}

/** True when the database could not be reached or dropped the connection under the failed work. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const link of chain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    if (SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08')) return true;
    const message = typeof link.message === 'string' ? link.message : '';
    if (CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) return true;
    if (Array.isArray(link.errors) && link.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

/**
 * True when the database could not write its files: disk full (SQLSTATE 53100), read-only, quota, size limit; or
 * it panicked, as embedded PGlite does when the ROLLBACK after a failed write cannot run (the write's own error is
 * lost then, and the database cannot go on).
 */
export function isStorageWriteFailure(error: unknown): boolean {
  for (const link of chain(error)) {
    const code = typeof link.code === 'string' ? link.code : '';
    if (code === '53100' || WRITE_FAILURE_CODES.has(code) || link.severity === 'PANIC') return true;
    const message = typeof link.message === 'string' ? link.message : '';
    if (WRITE_FAILURE_MESSAGES.test(message)) return true;
  }
  return false;
}
