import type { ProxyCheckErrorClass } from '@tradedeck/sdk/domain';

/** A failed check with the class the product shows and a short reason for logs (never a secret). */
export class CheckFailure extends Error {
  override name = 'CheckFailure';
  constructor(
    readonly errorClass: ProxyCheckErrorClass,
    message: string,
    /** The failure is this server's (out of descriptors, ports or buffers; its event loop too busy), not the proxy's. */
    readonly local = false,
  ) {
    super(message);
  }
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA']);
const REFUSED_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN']);
/**
 * Errors of this machine, not of the proxy: no descriptor, no local port, no buffer or memory for a socket. On a
 * connect, EADDRNOTAVAIL means the local ports ran out; EAGAIN is what Linux answers for the same on some paths.
 */
const LOCAL_CODES = new Set(['EMFILE', 'ENFILE', 'EADDRNOTAVAIL', 'ENOBUFS', 'ENOMEM', 'EAGAIN']);

/**
 * Classifies an error raised by a socket. `connected` tells whether the TCP connection to the proxy was up: a
 * reset before it is a refusal, a reset after it is the proxy misbehaving.
 */
export function classifySocketError(error: unknown, connected: boolean, secure: boolean): CheckFailure {
  if (error instanceof CheckFailure) return error;
  // Connects that tried several addresses (IPv6 and IPv4 of one name) fail with an AggregateError.
  const first = error instanceof AggregateError && error.errors.length > 0 ? error.errors[0] : error;
  const err = first as NodeJS.ErrnoException & { library?: string; reason?: string };
  const code = err?.code ?? (error as NodeJS.ErrnoException)?.code ?? '';
  if (LOCAL_CODES.has(code)) return new CheckFailure('bad_response', `no local resources (${code})`, true);
  if (DNS_CODES.has(code)) return new CheckFailure('dns', `DNS lookup failed (${code})`);
  if (REFUSED_CODES.has(code) || (!connected && code === 'ECONNRESET')) {
    return new CheckFailure('refused', `connection refused (${code})`);
  }
  if (code === 'ETIMEDOUT') return new CheckFailure('timeout', 'connection timed out');
  if (secure && isTlsError(err)) return new CheckFailure('tls', `TLS: ${err.reason ?? err.message ?? code}`);
  return new CheckFailure('bad_response', `connection failed (${code || err?.message || 'closed'})`);
}

function isTlsError(err: NodeJS.ErrnoException & { library?: string }): boolean {
  const code = err?.code ?? '';
  return (
    code.startsWith('ERR_SSL') ||
    code.startsWith('ERR_TLS') ||
    code.includes('CERT') ||
    code === 'DEPTH_ZERO_SELF_SIGNED_CERT' ||
    code === 'SELF_SIGNED_CERT_IN_CHAIN' ||
    code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' ||
    err?.library === 'SSL routines'
  );
}
