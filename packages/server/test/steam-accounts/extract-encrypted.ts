import { createCipheriv, createHash, pbkdf2Sync } from 'node:crypto';
import { hashRawSync } from '@node-rs/argon2';
import type { FileUpload } from './helpers.ts';

export type Scheme = 'LegacySdaCompatible' | 'Argon2idAes256';

const bytesOf = (text: string, length: number) =>
  createHash('sha256').update(text).digest().subarray(0, length);

/** steamguard-cli's key derivation for each scheme (the server's own runs in its worker pool). */
export function deriveKey(scheme: Scheme, passkey: string, salt: Buffer): Buffer {
  return scheme === 'Argon2idAes256'
    ? hashRawSync(passkey, {
        salt,
        memoryCost: 12 * 1024,
        timeCost: 3,
        parallelism: 12,
        outputLen: 32,
        algorithm: 2, // Argon2id
        version: 1, // 0x13
      })
    : pbkdf2Sync(passkey, salt, 50_000, 32, 'sha1');
}

export function seal(plain: string, key: Buffer, iv: Buffer): string {
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

/** A synthetic maFile for account `n` (secrets are digests of its name). */
export function syntheticMafile(n: number): { login: string; steamId: string; text: string } {
  const login = `bulk_${n}`;
  const steamId = (76561199000000000n + BigInt(n)).toString();
  const secret = (kind: string) => bytesOf(`${login}:${kind}`, 20).toString('base64');
  const text = `{"shared_secret":"${secret('shared')}","identity_secret":"${secret('identity')}","account_name":"${login}","steam_id":${steamId},"revocation_code":"R${10000 + n}","device_id":"android:${n}"}`;
  return { login, steamId, text };
}

/**
 * A steamguard-cli folder of `count` accounts encrypted with `scheme`. One salt serves every entry so that building
 * it costs one derivation; the server still derives once per entry, as for any folder.
 */
export function encryptedFolder(scheme: Scheme, count: number, passkey: string, prefix = ''): FileUpload[] {
  const salt = bytesOf(`${scheme}:${count}:salt`, 8);
  const key = deriveKey(scheme, passkey, salt);
  const files: FileUpload[] = [];
  const entries: string[] = [];
  for (let n = 0; n < count; n++) {
    const account = syntheticMafile(n);
    const iv = bytesOf(`${scheme}:${n}:iv`, 16);
    const filename = `${account.login}.maFile`;
    files.push({ name: `${prefix}${filename}`, data: new TextEncoder().encode(seal(account.text, key, iv)) });
    entries.push(
      `{"filename":"${filename}","steam_id":${account.steamId},"account_name":"${account.login}","encryption":{"iv":"${iv.toString('base64')}","salt":"${salt.toString('base64')}","scheme":"${scheme}"}}`,
    );
  }
  files.push({
    name: `${prefix}manifest.json`,
    data: new TextEncoder().encode(`{"version":1,"entries":[${entries.join(',')}]}`),
  });
  return files;
}
