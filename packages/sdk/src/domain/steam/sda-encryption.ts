/**
 * SDA (Steam Desktop Authenticator) maFile encryption: key = PBKDF2-HMAC-SHA1(passkey, 8-byte salt, 50,000
 * rounds, 32 bytes); cipher = AES-256-CBC with PKCS7 and a 16-byte IV; the file body is base64 ciphertext.
 * Salt and IV live per file in `manifest.json`.
 */
import {
  decodeBase64,
  encodeBase64,
  subtle,
  toArrayBuffer,
  utf8Decode,
  utf8Encode,
  type WebCryptoKey,
} from './bytes.ts';

export const SDA_PBKDF2_ITERATIONS = 50_000;
export const SDA_SALT_BYTES = 8;
export const SDA_IV_BYTES = 16;

export async function deriveSdaKey(passkey: string, salt: Uint8Array): Promise<WebCryptoKey> {
  const material = await subtle().importKey('raw', toArrayBuffer(utf8Encode(passkey)), 'PBKDF2', false, [
    'deriveKey',
  ]);
  return subtle().deriveKey(
    { name: 'PBKDF2', hash: 'SHA-1', salt: toArrayBuffer(salt), iterations: SDA_PBKDF2_ITERATIONS },
    material,
    { name: 'AES-CBC', length: 256 },
    true,
    ['encrypt', 'decrypt'],
  );
}

/** The raw 32-byte key, for known-answer checks. */
export async function deriveSdaKeyBytes(passkey: string, salt: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await subtle().exportKey('raw', await deriveSdaKey(passkey, salt)));
}

/** Content that looks like an SDA-encrypted body: base64 only, decoding to whole AES blocks. */
export function looksEncrypted(content: string): boolean {
  const text = content.trim();
  if (text.length === 0 || text.startsWith('{')) return false;
  if (!/^[A-Za-z0-9+/=\s]+$/.test(text)) return false;
  const bytes = decodeBase64(text);
  return bytes !== null && bytes.length > 0 && bytes.length % 16 === 0;
}

/** Decrypts an SDA body; null on a wrong passkey (bad padding) or a plaintext that is not a JSON object. */
export async function decryptSdaMafile(
  body: string,
  passkey: string,
  saltBase64: string,
  ivBase64: string,
): Promise<string | null> {
  const cipher = decodeBase64(body.trim());
  const salt = decodeBase64(saltBase64);
  const iv = decodeBase64(ivBase64);
  if (!cipher || !salt || !iv || iv.length !== SDA_IV_BYTES) return null;
  const key = await deriveSdaKey(passkey, salt);
  let plain: Uint8Array;
  try {
    plain = new Uint8Array(
      await subtle().decrypt({ name: 'AES-CBC', iv: toArrayBuffer(iv) }, key, toArrayBuffer(cipher)),
    );
  } catch {
    return null; // PKCS7 padding check failed: the passkey is wrong
  }
  const text = utf8Decode(plain);
  // A wrong key still passes the padding check about once in 256 tries; the JSON check catches that.
  return text.trimStart().startsWith('{') ? text : null;
}

/** Encrypts a maFile the way SDA does (fresh salt and IV unless given); used for exports and test corpora. */
export async function encryptSdaMafile(
  plaintext: string,
  passkey: string,
  options: { salt?: Uint8Array; iv?: Uint8Array } = {},
): Promise<{ body: string; salt: string; iv: string }> {
  const salt = options.salt ?? globalThis.crypto.getRandomValues(new Uint8Array(SDA_SALT_BYTES));
  const iv = options.iv ?? globalThis.crypto.getRandomValues(new Uint8Array(SDA_IV_BYTES));
  const key = await deriveSdaKey(passkey, salt);
  const cipher = await subtle().encrypt(
    { name: 'AES-CBC', iv: toArrayBuffer(iv) },
    key,
    toArrayBuffer(utf8Encode(plaintext)),
  );
  return { body: encodeBase64(new Uint8Array(cipher)), salt: encodeBase64(salt), iv: encodeBase64(iv) };
}
