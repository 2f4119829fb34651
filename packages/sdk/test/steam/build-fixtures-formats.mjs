// The steamguard-cli and WinAuth part of the fixture corpus (called by build-fixtures.mjs): steamguard-cli folders
// with a manifest v1, plain and encrypted with each scheme (LegacySdaCompatible, Argon2idAes256), the Argon2id
// known-answer case (passkey `password`, salt `GMhL0N2hqXg=`), and a WinAuth export. Argon2id comes from the
// server's @node-rs/argon2 (the sdk itself has no Argon2). `argon2id-keys.json` lists the keys the sdk tests use in
// place of a derivation, so they can check manifests, AES and reading without Argon2.
import { createCipheriv, pbkdf2Sync } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { base, digest, FUTURE, here, jwt, out, SID, sdaText } from './fixture-kit.mjs';

const argon2 = createRequire(new URL('../../../server/package.json', import.meta.url))('@node-rs/argon2');

export const PASSKEY = 'fixture-passkey';
export const WRONG_PASSKEY = 'not-the-passkey';
export const VECTOR_PASSKEY = 'password';
export const VECTOR_SALT = 'GMhL0N2hqXg=';

const argon2Key = (passkey, salt) =>
  argon2.hashRawSync(passkey, {
    salt,
    memoryCost: 12 * 1024,
    timeCost: 3,
    parallelism: 12,
    outputLen: 32,
    algorithm: 2, // Argon2id
    version: 1, // 0x13
  });
const sdaKey = (passkey, salt) => pbkdf2Sync(passkey, salt, 50000, 32, 'sha1');

function seal(plain, key, iv) {
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

/** A maFile as steamguard-cli writes it: snake_case, `steam_id` a bare number, `tokens` at the top level. */
function cliMafile(name, login, n) {
  const account = base(name, login);
  delete account.status;
  delete account.fully_enrolled;
  return sdaText(
    {
      ...account,
      steam_id: '@SID',
      tokens: {
        access_token: jwt(SID(n), ['web', 'mobile'], FUTURE),
        refresh_token: jwt(SID(n), ['web', 'mobile'], FUTURE),
      },
    },
    { '@SID': SID(n) },
  );
}

/** steamguard-cli's `manifest.json` v1; `steam_id` is a bare 64-bit number there too. */
function manifestV1(entries) {
  return sdaText(
    {
      version: 1,
      entries: entries.map((entry, i) => ({
        filename: entry.filename,
        steam_id: `@SID${i}`,
        account_name: entry.login,
        encryption: entry.encryption,
      })),
    },
    Object.fromEntries(entries.map((entry, i) => [`@SID${i}`, entry.sid])),
  );
}

const keys = [];

/** A folder of steamguard-cli accounts, encrypted with `scheme` (or plain when null). */
function cliFolder(folder, scheme, accounts, passkey = PASSKEY, saltOf = null) {
  const entries = [];
  for (const [n, login] of accounts) {
    const filename = `${login}.maFile`;
    const plain = cliMafile(`sgcli-${folder}-${login}`, login, n);
    let encryption = null;
    if (scheme === null) out(`steamguard-cli/${folder}/${filename}`, plain);
    else {
      const salt = saltOf ? Buffer.from(saltOf, 'base64') : digest(`${folder}:${login}:salt`).subarray(0, 8);
      const iv = digest(`${folder}:${login}:iv`).subarray(0, 16);
      const key = scheme === 'Argon2idAes256' ? argon2Key(passkey, salt) : sdaKey(passkey, salt);
      out(`steamguard-cli/${folder}/${filename}`, seal(plain, key, iv));
      encryption = { iv: iv.toString('base64'), salt: salt.toString('base64'), scheme };
      if (scheme === 'Argon2idAes256')
        for (const candidate of new Set([passkey, WRONG_PASSKEY]))
          keys.push({
            passkey: candidate,
            salt: encryption.salt,
            key: argon2Key(candidate, salt).toString('base64'),
          });
    }
    entries.push({ filename, sid: SID(n), login, encryption });
  }
  out(`steamguard-cli/${folder}/manifest.json`, manifestV1(entries));
}

/** WinAuth export lines: the Steam app's record URL-encoded in `data`, or the shared secret alone in base32. */
function winauthFixtures() {
  const base32 = (bytes) => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
    let bits = 0;
    let value = 0;
    let text = '';
    for (const byte of bytes) {
      value = (value << 8) | byte;
      bits += 8;
      while (bits >= 5) {
        text += alphabet[(value >>> (bits - 5)) & 31];
        bits -= 5;
      }
    }
    if (bits > 0) text += alphabet[(value << (5 - bits)) & 31];
    return text;
  };
  const record = (name, login, n, extra = {}) => {
    const account = base(name, login);
    const data = {
      steamid: '@SID',
      status: 1,
      shared_secret: account.shared_secret,
      serial_number: account.serial_number,
      revocation_code: account.revocation_code,
      uri: account.uri,
      server_time: String(account.server_time),
      account_name: login,
      token_gid: account.token_gid,
      identity_secret: account.identity_secret,
      secret_1: account.secret_1,
      steamguard_scheme: '2',
      ...extra,
    };
    // WinAuth writes the SteamID as a string; kept exact either way.
    const json = JSON.stringify(data).replace('"@SID"', `"${SID(n)}"`);
    const secret32 = base32(Buffer.from(account.shared_secret, 'base64'));
    return `otpauth://totp/Steam:${login}?secret=${secret32}&digits=5&issuer=Steam&deviceid=${encodeURIComponent(account.device_id)}&data=${encodeURIComponent(json)}`;
  };
  const secretOnly = base('winauth-bare', 'fixture_winauth_bare');
  const lines = [
    record('winauth-full', 'fixture_winauth_full', 60),
    record('winauth-damaged', 'fixture_winauth_damaged_identity', 61, { identity_secret: 'AAAA' }),
    `otpauth://totp/Steam:fixture_winauth_bare?secret=${base32(Buffer.from(secretOnly.shared_secret, 'base64'))}&digits=5&issuer=Steam`,
    'otpauth://totp/Example:someone@example.test?secret=JBSWY3DPEHPK3PXP&issuer=Example',
    'otpauth://totp/Steam:fixture_winauth_broken?secret=not*base32&issuer=Steam',
    'this line is not a link',
  ];
  out('winauth/winauth-export.txt', `${lines.join('\r\n')}\r\n`);
}

export async function writeFormatFixtures() {
  rmSync(join(here, 'steamguard-cli'), { recursive: true, force: true });
  rmSync(join(here, 'winauth'), { recursive: true, force: true });
  cliFolder('plain', null, [
    [50, 'fixture_cli_plain_a'],
    [51, 'fixture_cli_plain_b'],
  ]);
  cliFolder('legacy', 'LegacySdaCompatible', [
    [52, 'fixture_cli_legacy_a'],
    [53, 'fixture_cli_legacy_b'],
  ]);
  cliFolder('argon2', 'Argon2idAes256', [
    [54, 'fixture_cli_argon_a'],
    [55, 'fixture_cli_argon_b'],
  ]);
  cliFolder('argon2-vector', 'Argon2idAes256', [[56, 'fixture_cli_vector']], VECTOR_PASSKEY, VECTOR_SALT);
  // A scheme this reader does not know: refused by name, never guessed at.
  cliFolder('unknown-scheme', 'LegacySdaCompatible', [[57, 'fixture_cli_unknown']]);
  const unknown = join('steamguard-cli', 'unknown-scheme', 'manifest.json');
  const { readFileSync } = await import('node:fs');
  out(unknown, readFileSync(join(here, unknown), 'utf8').replace('"LegacySdaCompatible"', '"Rot13Aes1"'));
  winauthFixtures();
  out(
    'argon2id-keys.json',
    `${JSON.stringify({ about: 'Argon2id keys of the corpus (steamguard-cli parameters), by passkey and base64 salt', keys }, null, 2)}\n`,
  );
}
