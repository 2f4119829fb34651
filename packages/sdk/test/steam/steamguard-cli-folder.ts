import { createCipheriv, createHash, pbkdf2Sync } from 'node:crypto';
import { createRequire } from 'node:module';

/**
 * Builds steamguard-cli folders (a manifest v1 and one encrypted maFile per account) for tests, the CLI and web
 * end-to-end suites and the benchmark. Argon2id comes from the server's @node-rs/argon2: the sdk has none.
 */
export type SteamguardCliScheme = 'LegacySdaCompatible' | 'Argon2idAes256';

interface Argon2 {
  hashRawSync(password: string, options: Record<string, unknown>): Buffer;
}
const argon2 = createRequire(new URL('../../../server/package.json', import.meta.url))(
  '@node-rs/argon2',
) as Argon2;

export interface FolderAccount {
  login: string;
  /** SteamID64 as decimal text. */
  steamId: string;
  /** The maFile's plaintext JSON. */
  text: string;
}

export interface FolderFile {
  name: string;
  data: Uint8Array;
}

const bytesOf = (text: string, length: number) =>
  createHash('sha256').update(text).digest().subarray(0, length);

/** steamguard-cli's key for each scheme: SDA's PBKDF2-SHA1, or Argon2id v0x13 over 12 MiB, 3 passes, 12 lanes. */
export function steamguardCliKey(scheme: SteamguardCliScheme, passkey: string, salt: Buffer): Buffer {
  return scheme === 'Argon2idAes256'
    ? argon2.hashRawSync(passkey, {
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

export function sealMafile(plain: string, key: Buffer, iv: Buffer): string {
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

/**
 * The folder steamguard-cli writes for `accounts` encrypted with `scheme` under `passkey`: `<login>.maFile` each,
 * and `manifest.json`. With `oneSalt`, every entry shares a salt so building costs one derivation (the reader
 * still derives once per entry); otherwise each has its own, as steamguard-cli writes them.
 */
export function steamguardCliFolder(
  accounts: readonly FolderAccount[],
  scheme: SteamguardCliScheme,
  passkey: string,
  options: { oneSalt?: boolean } = {},
): FolderFile[] {
  const files: FolderFile[] = [];
  const entries: string[] = [];
  const shared = options.oneSalt ? bytesOf(`${scheme}:${accounts.length}:salt`, 8) : null;
  const sharedKey = shared ? steamguardCliKey(scheme, passkey, shared) : null;
  for (const account of accounts) {
    const salt = shared ?? bytesOf(`${scheme}:${account.login}:salt`, 8);
    const key = sharedKey ?? steamguardCliKey(scheme, passkey, salt);
    const iv = bytesOf(`${scheme}:${account.login}:iv`, 16);
    const filename = `${account.login}.maFile`;
    files.push({ name: filename, data: new TextEncoder().encode(sealMafile(account.text, key, iv)) });
    entries.push(
      `{"filename":"${filename}","steam_id":${account.steamId},"account_name":"${account.login}","encryption":{"iv":"${iv.toString('base64')}","salt":"${salt.toString('base64')}","scheme":"${scheme}"}}`,
    );
  }
  files.push({
    name: 'manifest.json',
    data: new TextEncoder().encode(`{"version":1,"entries":[${entries.join(',')}]}`),
  });
  return files;
}

/** A synthetic steamguard-cli maFile for account `n` (secrets are digests of its name). */
export function syntheticAccount(n: number): FolderAccount {
  const login = `bulk_${n}`;
  const steamId = (76561199000000000n + BigInt(n)).toString();
  const secret = (kind: string) => bytesOf(`${login}:${kind}`, 20).toString('base64');
  const text = `{"shared_secret":"${secret('shared')}","identity_secret":"${secret('identity')}","account_name":"${login}","steam_id":${steamId},"revocation_code":"R${10000 + (n % 90000)}","device_id":"android:${n}","tokens":null}`;
  return { login, steamId, text };
}
