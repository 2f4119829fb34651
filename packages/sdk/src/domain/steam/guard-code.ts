import { encodeBase64, subtle, toArrayBuffer, utf8Encode } from './bytes.ts';
import { decodeSecret } from './secrets.ts';

/** The alphabet of Steam Guard login codes (no vowels or look-alikes). */
export const GUARD_CODE_ALPHABET = '23456789BCDFGHJKMNPQRTVWXY';
export const GUARD_CODE_LENGTH = 5;
export const GUARD_CODE_PERIOD_S = 30;

export class InvalidSecretError extends Error {
  constructor(which: 'shared' | 'identity') {
    super(`The ${which} secret is not base64 (or hex) of 20 bytes`);
    this.name = 'InvalidSecretError';
  }
}

async function hmacSha1(key: Uint8Array, message: Uint8Array): Promise<Uint8Array> {
  const cryptoKey = await subtle().importKey(
    'raw',
    toArrayBuffer(key),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  return new Uint8Array(await subtle().sign('HMAC', cryptoKey, toArrayBuffer(message)));
}

/** Writes a non-negative integer (below 2^53) as 8 big-endian bytes. */
function uint64BigEndian(value: number, target: Uint8Array): void {
  const high = Math.floor(value / 2 ** 32);
  const low = value >>> 0;
  const view = new DataView(target.buffer, target.byteOffset, 8);
  view.setUint32(0, high);
  view.setUint32(4, low);
}

/** Steam Guard login code for the given Unix time in seconds (already corrected by the Steam time offset). */
export async function generateGuardCode(sharedSecret: string, timeSeconds: number): Promise<string> {
  const key = decodeSecret(sharedSecret);
  if (!key) throw new InvalidSecretError('shared');
  const counter = new Uint8Array(8);
  uint64BigEndian(Math.floor(timeSeconds / GUARD_CODE_PERIOD_S), counter);
  const hash = await hmacSha1(key, counter);
  const offset = hash[19]! & 0x0f;
  let value =
    ((hash[offset]! & 0x7f) << 24) | (hash[offset + 1]! << 16) | (hash[offset + 2]! << 8) | hash[offset + 3]!;
  let code = '';
  for (let i = 0; i < GUARD_CODE_LENGTH; i++) {
    code += GUARD_CODE_ALPHABET[value % GUARD_CODE_ALPHABET.length];
    value = Math.floor(value / GUARD_CODE_ALPHABET.length);
  }
  return code;
}

/** Seconds the code for `timeSeconds` stays valid (1..30). */
export function guardCodeRemainingSeconds(timeSeconds: number): number {
  return GUARD_CODE_PERIOD_S - (Math.floor(timeSeconds) % GUARD_CODE_PERIOD_S);
}

/**
 * Mobile confirmation key: base64 HMAC-SHA1(identity_secret, 8-byte big-endian time ‖ tag), the tag cut to
 * 32 bytes. Tags: `conf`/`list` (list), `details`, `allow`/`accept`, `cancel`/`reject`.
 */
export async function generateConfirmationKey(
  identitySecret: string,
  timeSeconds: number,
  tag = '',
): Promise<string> {
  const key = decodeSecret(identitySecret);
  if (!key) throw new InvalidSecretError('identity');
  const tagBytes = utf8Encode(tag).slice(0, 32);
  const message = new Uint8Array(8 + tagBytes.length);
  uint64BigEndian(Math.floor(timeSeconds), message);
  message.set(tagBytes, 8);
  return encodeBase64(await hmacSha1(key, message));
}

/**
 * Device id the way steam-totp derives it from a SteamID64 when a maFile carries none:
 * `android:` + SHA-1(steamId + salt) laid out as a UUID.
 */
export async function deriveDeviceId(steamId: string, salt = ''): Promise<string> {
  const digest = new Uint8Array(await subtle().digest('SHA-1', toArrayBuffer(utf8Encode(steamId + salt))));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return `android:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
