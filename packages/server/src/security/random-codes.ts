import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Alphabet of recovery codes: upper-case letters and digits without look-alikes (0/O, 1/I/L). ~5 bits each. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** An opaque 256-bit token (refresh tokens, e-mail links). */
export function opaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The refresh token that follows `token`: keyed, so only the server can compute it, and the same for every caller
 * presenting `token`, so concurrent rotations of one token agree on one successor.
 */
export function successorToken(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(`refresh-successor|${token}`).digest('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** `XXXXX-XXXXX`, 10 characters from a 31-letter alphabet (~49.5 bits). */
export function recoveryCode(): string {
  let out = '';
  for (let i = 0; i < 10; i += 1) out += RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** Upper-cases, drops everything but letters and digits, keeps 10 characters, inserts the hyphen (spec rule). */
export function normalizeRecoveryCode(input: string): string {
  const clean = input
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 10);
  return clean.length > 5 ? `${clean.slice(0, 5)}-${clean.slice(5)}` : clean;
}

/** Keyed hash of a short code (e-mail OTP), so a database leak does not reveal live codes. */
export function codeMac(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

export function equalHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
