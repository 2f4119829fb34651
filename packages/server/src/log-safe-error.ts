import { stdSerializers } from 'pino';
import { databaseReason, oneLine, valueFreeMessage } from './db/database-error-reason.ts';

/**
 * Why the data directory could not be written, in one short line: the database's own reason ("could not extend
 * file …: No space left on device (SQLSTATE 53100)") or the system's, never the failed statement or its values.
 */
export function storageFailureReason(error: Error): string {
  const reason = databaseReason(error);
  if (reason) return oneLine(reason, 200);
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return code;
    current = current.cause;
  }
  return oneLine(messageWithoutParams(String((withoutQueryValues(error) as Error).message)), 200);
}

/** Errors this module made: cleaning one again would lose its reason. */
const cleaned = new WeakSet<Error>();

/** Database error fields that carry row values ("Key (email)=(…) already exists") or statement internals. */
const VALUE_FIELDS = new Set(['params', 'detail', 'where', 'internalQuery', 'query']);

/**
 * An error as it may be logged: the ORM's "Failed query: … params: …" keeps only the statement's first line, and
 * fields that hold query parameters or row values are left out, in the error and in every cause below it.
 */
export function withoutQueryValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5 || cleaned.has(error)) return error;
  const own = error as Error & Record<string, unknown>;
  const code = typeof own.code === 'string' ? own.code : '';
  const quotesValue = code.startsWith('22');
  const hasValues = Object.keys(own).some((key) => VALUE_FIELDS.has(key));
  if (!hasValues && !quotesValue && !(own.cause instanceof Error)) return error;
  const message =
    typeof own.query === 'string' && 'params' in own
      ? `Failed query: ${oneLine(own.query, 200)}`
      : valueFreeMessage(messageWithoutParams(error.message), code);
  const clean = new Error(message) as Error & Record<string, unknown>;
  clean.name = error.name;
  const frames = (error.stack ?? '').split('\n').filter((line) => line.startsWith('    at '));
  clean.stack = [`${error.name}: ${message}`, ...frames].join('\n');
  for (const [key, value] of Object.entries(own)) {
    if (!VALUE_FIELDS.has(key) && key !== 'cause') clean[key] = value;
  }
  if (own.cause !== undefined) clean.cause = withoutQueryValues(own.cause, depth + 1);
  // The database's own reason, in the entry itself: the standard serializer does not follow causes.
  const reason = depth === 0 ? databaseReason(error) : null;
  if (reason) clean.reason = reason;
  cleaned.add(clean);
  return clean;
}

function messageWithoutParams(message: string): string {
  const at = message.indexOf('\nparams:');
  return at === -1 ? message : message.slice(0, at);
}

/** The pino `err` serializer of the server: the standard one, after the values are taken out. */
export function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  return stdSerializers.err(withoutQueryValues(error) as Error);
}
