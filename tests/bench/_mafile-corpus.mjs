// A synthetic maFile corpus for benchmarks and the sandbox: every variant the reader supports, a few
// broken files, optional SDA encryption. Secrets are SHA-1 digests of the index, SteamIDs sit at the
// unallocated top of the individual range. Nothing here belongs to a real account.
//   node tests/bench/_mafile-corpus.mjs <out-dir> [count=5000] [--encrypt=N --passkey=P]
import { createCipheriv, createHash, pbkdf2Sync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const digest = (text) => createHash('sha1').update(`tradedeck-corpus:${text}`).digest();
const FIRST_STEAMID = 76561202250000000n;
const b64url = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (sub, exp) =>
  `${b64url({ typ: 'JWT', alg: 'EdDSA' })}.${b64url({ iss: 'r:CORPUS', sub, aud: ['web', 'mobile'], exp })}.${digest(sub).toString('base64url')}`;

const VARIANTS = ['sda', 'sdaLegacy', 'asf', 'steamApp', 'steamguardCli', 'nebula'];

/** The JSON text of maFile number `i` (SteamID written as a bare 64-bit number where producers do). */
export function mafileText(i) {
  const steamId = (FIRST_STEAMID + BigInt(i)).toString();
  const login = `corpus_${String(i).padStart(6, '0')}`;
  const variant = VARIANTS[i % VARIANTS.length];
  const secrets = {
    shared_secret: digest(`${i}:shared`).toString('base64'),
    identity_secret: digest(`${i}:identity`).toString('base64'),
  };
  const common = {
    ...secrets,
    serial_number: String(digest(`${i}:serial`).readBigUInt64BE(0)),
    revocation_code: `R${10000 + (i % 90000)}`,
    uri: `otpauth://totp/Steam:${login}?secret=${digest(`${i}:uri`).toString('hex').toUpperCase()}&issuer=Steam`,
    server_time: 1700000000 + i,
    account_name: login,
    token_gid: digest(`${i}:gid`).toString('hex').slice(0, 16),
    secret_1: digest(`${i}:s1`).toString('base64'),
    status: 1,
    device_id: `android:${digest(`${i}:dev`)
      .toString('hex')
      .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, '$1-$2-$3-$4-$5')}`,
    fully_enrolled: true,
  };
  const bare = (object) => JSON.stringify(object, null, 2).replace('"@SID"', steamId);
  switch (variant) {
    case 'sda':
      return bare({
        ...common,
        Session: {
          SteamID: '@SID',
          AccessToken: jwt(steamId, 4102444800),
          RefreshToken: jwt(steamId, 4102444800),
          SessionID: digest(`${i}:sid`).toString('hex').slice(0, 24),
        },
      });
    case 'sdaLegacy':
      return bare({
        ...common,
        Session: {
          SessionID: 'x',
          SteamLogin: 'x',
          SteamLoginSecure: `${steamId}%7C%7CABC`,
          WebCookie: 'x',
          OAuthToken: 'x',
          SteamID: '@SID',
        },
      });
    case 'asf':
      return bare({ ...common, serial_number: '@SERIAL', Session: { SteamID: '@SID' } }).replace(
        '"@SERIAL"',
        common.serial_number,
      );
    case 'steamApp': {
      const { device_id: _d, secret_1: _s, ...rest } = common;
      return JSON.stringify({
        ...rest,
        steamid: steamId,
        server_time: String(common.server_time),
        steamguard_scheme: '2',
      });
    }
    case 'steamguardCli':
      return bare({
        ...common,
        steam_id: '@SID',
        tokens: { access_token: jwt(steamId, 4102444800), refresh_token: jwt(steamId, 4102444800) },
      });
    default:
      return bare({
        ...common,
        Session: {
          SteamID: '@SID',
          AccessToken: jwt(steamId, 4102444800),
          RefreshToken: jwt(steamId, 4102444800),
          SessionID: 'x',
        },
        Proxy: {
          Id: i,
          Data: { Address: `198.51.100.${i % 250}`, Port: 1000 + (i % 5000), Username: 'u', Password: 'p' },
        },
        Group: `g${i % 10}`,
        Password: `corpus-password-${i}`,
      });
  }
}

/**
 * `count` uploads as a browser or an unpacked zip gives them; every 100th file is broken (for the invalid
 * path), and the first `encrypt` files are SDA-encrypted with a manifest.json added.
 */
export function generateMafileCorpus(count, { encrypt = 0, passkey = 'corpus-passkey' } = {}) {
  const uploads = [];
  const entries = [];
  for (let i = 0; i < count; i++) {
    const name = `maFiles/${(FIRST_STEAMID + BigInt(i)).toString()}.maFile`;
    let text = i % 100 === 99 ? '{"shared_secret": "broken", ' : mafileText(i);
    if (i < encrypt) {
      const salt = digest(`${i}:salt`).subarray(0, 8);
      const iv = digest(`${i}:iv`).subarray(0, 16);
      const cipher = createCipheriv('aes-256-cbc', pbkdf2Sync(passkey, salt, 50000, 32, 'sha1'), iv);
      text = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
      entries.push(
        `{"encryption_iv":"${iv.toString('base64')}","encryption_salt":"${salt.toString('base64')}","filename":"${name.slice(8)}","steamid":${FIRST_STEAMID + BigInt(i)}}`,
      );
    }
    uploads.push({ name, content: new Uint8Array(Buffer.from(text, 'utf8')) });
  }
  if (entries.length > 0)
    uploads.push({
      name: 'maFiles/manifest.json',
      content: new Uint8Array(
        Buffer.from(`{"encrypted":true,"first_run":false,"entries":[${entries.join(',')}]}`),
      ),
    });
  return uploads;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [outDir, countText = '5000', ...flags] = process.argv.slice(2);
  if (!outDir) {
    console.error('usage: node tests/bench/_mafile-corpus.mjs <out-dir> [count] [--encrypt=N] [--passkey=P]');
    process.exit(2);
  }
  const flag = (name) => flags.find((f) => f.startsWith(`--${name}=`))?.split('=')[1];
  const uploads = generateMafileCorpus(Number(countText), {
    encrypt: Number(flag('encrypt') ?? 0),
    passkey: flag('passkey'),
  });
  for (const upload of uploads) {
    const file = join(outDir, upload.name);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, upload.content);
  }
  console.log(`${uploads.length} files written to ${outDir}`);
}
