/**
 * Decrypting one encrypted maFile body, whatever scheme its manifest names. Both schemes seal the JSON with
 * AES-256-CBC (PKCS7) into a base64 body; they differ in the key: SDA's PBKDF2-SHA1 (also steamguard-cli's
 * `LegacySdaCompatible`) or steamguard-cli's `Argon2idAes256`. Argon2id is not in Web Crypto, so this module
 * stays browser-safe by taking the key derivation from the caller (the server runs it in worker threads).
 */
import { decodeBase64, subtle, toArrayBuffer, utf8Decode } from './bytes.ts';
import { decryptSdaMafile, SDA_IV_BYTES } from './sda-encryption.ts';
import type { MafileEncryptionScheme } from './sda-manifest.ts';

/** steamguard-cli's Argon2id parameters (argon2 crate: version 0x13, memory in KiB). */
export const ARGON2ID_MAFILE_PARAMS = {
  memoryKiB: 12 * 1024,
  passes: 3,
  parallelism: 12,
  keyBytes: 32,
  /** Argon2 refuses salts shorter than this. */
  minSaltBytes: 8,
} as const;

export interface EncryptedMafile {
  scheme: MafileEncryptionScheme;
  /** Base64 ciphertext (the file's content). */
  body: string;
  /** Base64 salt and IV from the manifest entry. */
  salt: string;
  iv: string;
}

/** The plaintext, or null when the passkey is wrong. Throws when the scheme cannot be decrypted here. */
export type MafileDecryptor = (file: EncryptedMafile, passkey: string) => Promise<string | null>;

/**
 * Thrown by a decryptor instead of decrypting: the user's decryption time for this minute is spent. The file is
 * named with `minuteDecryptionLimit`, the upload goes on with the files already decrypted.
 */
export class DecryptionBudgetSpentError extends Error {
  constructor() {
    super('The decryption time budget of this minute is spent');
    this.name = 'DecryptionBudgetSpentError';
  }
}

export class UnsupportedSchemeError extends Error {
  constructor(scheme: string) {
    super(`No key derivation for the ${scheme} scheme here`);
    this.name = 'UnsupportedSchemeError';
  }
}

/** A manifest entry's salt and IV are usable for its scheme. */
export function encryptionParamsUsable(scheme: MafileEncryptionScheme, salt: string, iv: string): boolean {
  const saltBytes = decodeBase64(salt);
  if (!saltBytes || saltBytes.length === 0 || decodeBase64(iv)?.length !== SDA_IV_BYTES) return false;
  return scheme !== 'argon2idAes256' || saltBytes.length >= ARGON2ID_MAFILE_PARAMS.minSaltBytes;
}

/** AES-256-CBC over a base64 body with a raw key; null on a padding failure or a plaintext that is no JSON object. */
export async function decryptMafileBody(
  key: Uint8Array,
  ivBase64: string,
  body: string,
): Promise<string | null> {
  const cipher = decodeBase64(body.trim());
  const iv = decodeBase64(ivBase64);
  if (!cipher || !iv || iv.length !== SDA_IV_BYTES || cipher.length % 16 !== 0) return null;
  const aes = await subtle().importKey('raw', toArrayBuffer(key), { name: 'AES-CBC' }, false, ['decrypt']);
  let plain: Uint8Array;
  try {
    plain = new Uint8Array(
      await subtle().decrypt({ name: 'AES-CBC', iv: toArrayBuffer(iv) }, aes, toArrayBuffer(cipher)),
    );
  } catch {
    return null; // PKCS7 padding check failed: the passkey is wrong
  }
  return plaintextOrNull(utf8Decode(plain));
}

/** A wrong key still passes the padding check about once in 256 tries; the JSON check catches that. */
export function plaintextOrNull(text: string): string | null {
  return text.trimStart().startsWith('{') ? text : null;
}

/**
 * The decryptor for callers without Argon2id: SDA's scheme through Web Crypto, Argon2id through the given
 * derivation when there is one.
 */
export function webCryptoDecryptor(
  deriveArgon2idKey?: (passkey: string, salt: Uint8Array) => Promise<Uint8Array>,
): MafileDecryptor {
  return async (file, passkey) => {
    if (file.scheme === 'legacySda') return decryptSdaMafile(file.body, passkey, file.salt, file.iv);
    if (!deriveArgon2idKey) throw new UnsupportedSchemeError(file.scheme);
    const salt = decodeBase64(file.salt);
    if (!salt) return null;
    return decryptMafileBody(await deriveArgon2idKey(passkey, salt), file.iv, file.body);
  };
}
