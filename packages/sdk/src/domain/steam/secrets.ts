import { decodeBase64, decodeHex, encodeBase64 } from './bytes.ts';

/** Steam Guard secrets (shared and identity) are HMAC-SHA1 keys: 20 bytes. */
export const SECRET_LENGTH_BYTES = 20;

/**
 * Decodes a maFile secret: base64 of 20 bytes, or 40 hex digits (steam-totp accepts both). Old SDA files
 * escape slashes as `\/`; JSON parsing already undoes that, but a copy-pasted value may still carry it.
 * Returns null when the value is not a valid secret.
 */
export function decodeSecret(value: string): Uint8Array | null {
  const text = value.trim().replace(/\\\//g, '/');
  if (/^[0-9a-fA-F]{40}$/.test(text)) return decodeHex(text);
  if (!/^[A-Za-z0-9+/\-_]+={0,2}$/.test(text)) return null;
  const bytes = decodeBase64(text);
  return bytes && bytes.length === SECRET_LENGTH_BYTES ? bytes : null;
}

/** The canonical stored form of a secret: standard padded base64. */
export function normalizeSecret(value: string): string | null {
  const bytes = decodeSecret(value);
  return bytes ? encodeBase64(bytes) : null;
}
