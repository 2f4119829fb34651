import { randomUUID } from 'node:crypto';
import { listOperations } from '@tradedeck/sdk/contract';

/** The operations flagged `idempotent`, as method and path patterns. */
const KEYED = listOperations()
  .filter((op) => op.flags.idempotent)
  .map((op) => ({
    method: op.method,
    path: new RegExp(`^${op.path.replace(/:[A-Za-z][A-Za-z0-9]*/g, '[^/?]+')}(\\?|$)`),
  }));

/**
 * The headers of a test request, with a fresh `Idempotency-Key` for an operation that takes one, as the sdk
 * client sends one per call. `key` names it; null sends none (a test of the refusal).
 */
export function withIdempotencyKey(
  method: string,
  url: string,
  headers: Record<string, string>,
  key?: string | null,
): Record<string, string> {
  if (key === null || headers['idempotency-key'] !== undefined) return headers;
  const keyed = KEYED.some((op) => op.method === method.toUpperCase() && op.path.test(url));
  return keyed || key !== undefined ? { ...headers, 'idempotency-key': key ?? randomUUID() } : headers;
}
