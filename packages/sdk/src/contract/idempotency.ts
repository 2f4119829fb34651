/**
 * The `Idempotency-Key` request header of operations flagged `idempotent` (IETF draft "The Idempotency-Key HTTP
 * Header Field"; Stripe uses it the same way): one key per user intention, e.g. one per dialog opening or command
 * line run. The server keeps a key's outcome for `IDEMPOTENCY_KEY_TTL_HOURS`.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** 1-255 visible ASCII characters without spaces or quotes (a UUID, or a UUID with a suffix). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:~+/=-]{1,255}$/;

/** How long a key's outcome is kept (and the key refused for another request). */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/**
 * `errorDetails.idempotencyKey` of a refusal: no key or a malformed one (400), the key used for another request
 * (422), its first call still running (409), or its first call ended in a server fault (500: whether it acted is
 * unknown, so it is not run again).
 */
export const IDEMPOTENCY_REFUSALS = ['missing', 'malformed', 'reused', 'inProgress', 'firstFailed'] as const;
export type IdempotencyRefusal = (typeof IDEMPOTENCY_REFUSALS)[number];

/** A fresh key: 128 random bits as hex (`getRandomValues` also works where `randomUUID` does not: plain http). */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
