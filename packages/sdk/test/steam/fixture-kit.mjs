// Shared pieces of the fixture generators: deterministic synthetic secrets, SteamIDs, JWT look-alikes and the
// maFile layouts. Every value is derived from fixture names; nothing comes from a real account or another project.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const here = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
export const out = (path, content) => {
  const file = join(here, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
};
export const digest = (text) => createHash('sha1').update(`tradedeck-fixture:${text}`).digest();
export const secret = (name, kind) => digest(`${name}:${kind}`).toString('base64');
export const hexSecret = (name, kind) => digest(`${name}:${kind}`).toString('hex');
export const uuid = (name) => {
  const h = digest(`${name}:device`).toString('hex');
  return `android:${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};
export const b64url = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
export const jwt = (sub, aud, exp) =>
  `${b64url({ typ: 'JWT', alg: 'EdDSA' })}.${b64url({ iss: 'r:FIXTURE', sub, aud, exp, nbf: exp - 86400 * 200, iat: exp - 86400 * 200, jti: 'FIXTURE_JTI', oat: exp - 86400 * 200, per: 1, ip_subject: '192.0.2.1', ip_confirmer: '192.0.2.1' })}.${digest(`${sub}:${exp}`).toString('base64url')}`;

// Top of the SteamID64 individual range (account ids above 4.29e9 are not allocated). Not safe integers.
export const SID = (n) => (76561202255230000n + BigInt(n)).toString();
export const FUTURE = 4102444800; // 2100-01-01
export const PAST = 1577836800; // 2020-01-01

/** SDA-style JSON with the SteamID written as a bare number, as Newtonsoft does. */
export function sdaText(object, bareNumbers = {}) {
  let text = JSON.stringify(object, null, 2);
  for (const [placeholder, digits] of Object.entries(bareNumbers))
    text = text.replace(`"${placeholder}"`, digits);
  return text;
}

export function base(name, login, extra = {}) {
  return {
    shared_secret: secret(name, 'shared'),
    serial_number: String(
      BigInt.asUintN(64, BigInt(`0x${digest(`${name}:serial`).toString('hex').slice(0, 16)}`)),
    ),
    revocation_code: `R${(digest(`${name}:rcode`).readUInt32BE(0) % 90000) + 10000}`,
    uri: `otpauth://totp/Steam:${login}?secret=${digest(`${name}:shared`).toString('hex').toUpperCase().slice(0, 32)}&issuer=Steam`,
    server_time: 1700000000 + (digest(`${name}:time`).readUInt16BE(0) % 1000),
    account_name: login,
    token_gid: digest(`${name}:gid`).toString('hex').slice(0, 16),
    identity_secret: secret(name, 'identity'),
    secret_1: secret(name, 'secret1'),
    status: 1,
    device_id: uuid(name),
    fully_enrolled: true,
    ...extra,
  };
}

export const mobileSession = (sid, exp = FUTURE, aud = ['web', 'mobile'], accessExp = FUTURE, sub = sid) => ({
  SteamID: '@SID',
  AccessToken: jwt(sub, ['web', 'mobile'], accessExp),
  RefreshToken: jwt(sub, aud, exp),
  SessionID: digest(`${sid}:sessionid`).toString('hex').slice(0, 24),
});
