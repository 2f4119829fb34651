/**
 * A local fake of the Steam endpoints the live adapter calls: the IAuthenticationService login flow (protobuf
 * over the WebAPI wire, RSA-encrypted password, TOTP check against its own clock), token refresh and renewal,
 * ITwoFactorService/QueryTime and community profile XML. It answers only traffic arriving from the proxies'
 * egress address and counts everything else as a direct-IP leak.
 */
import { createHmac, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { generateGuardCode } from '@tradedeck/sdk/domain';
import { EGRESS_ADDRESS } from './loopback-proxies.ts';

const require = createRequire(import.meta.url);
// steam-session's own protobuf definitions (its tests deep-import them the same way).
const { getProtoForMethod } = require('steam-session/dist/protobufs.js') as {
  getProtoForMethod(
    apiInterface: string,
    apiMethod: string,
  ): {
    request: {
      decode(data: Buffer): unknown;
      toObject(message: unknown, options: object): Record<string, unknown>;
    };
    response: { fromObject(object: object): unknown; encode(message: unknown): { finish(): Uint8Array } };
  };
};

export interface FakeAccount {
  login: string;
  password: string;
  steamId: string;
  sharedSecret: string;
  personaName: string;
  /** Guard types offered by BeginAuthSessionViaCredentials. */
  offered: number[];
  /** An EResult answered by BeginAuthSessionViaCredentials instead of a session (84, 87, ...). */
  beginEResult?: number;
  /** Accepts the code but never reports the session as authenticated (the sign-in times out). */
  neverApprove?: boolean;
}

export interface FakeSteam {
  port: number;
  /** Seconds Steam's clock runs ahead of this machine's; change it to make cached offsets stale. */
  skewSeconds: number;
  /** `METHOD path` of every request answered (through a proxy). */
  requests: string[];
  /** Requests that reached the fake without a proxy: must stay empty. */
  leaks: string[];
  codeSubmissions: { code: string; accepted: boolean }[];
  /** Lifetime of the access tokens it issues (Steam's are about a day). */
  accessTokenLifetimeS: number;
  issueRefreshToken(steamId: string, expiresAt: number): string;
  /** The claims of a valid, unexpired access token it issued, else null. */
  verifyAccessToken(token: string): { sub: string; exp: number } | null;
  /** Refuses every access token issued so far (as when Steam ends web sessions); refresh tokens still work. */
  expireAccessTokens(): void;
  /** Refuses every token of the account issued so far, refresh tokens included (sessions revoked). */
  revokeSessions(steamId: string): void;
  close(): Promise<void>;
}

/** More endpoints served beside the login ones; answers true when it handled the request. */
export type FakeRoute = (
  req: http.IncomingMessage,
  url: URL,
  body: string,
  res: http.ServerResponse,
) => Promise<boolean> | boolean;

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export async function startFakeSteam(
  accounts: FakeAccount[],
  skewSeconds = 0,
  tls?: { key: string; cert: string },
  extraRoute?: FakeRoute,
): Promise<FakeSteam> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
  const jwk = privateKey.export({ format: 'jwk' }) as { n: string; e: string; d: string };
  const toBig = (value: string) => BigInt(`0x${Buffer.from(value, 'base64url').toString('hex')}`);
  const [n, e, d] = [toBig(jwk.n), toBig(jwk.e), toBig(jwk.d)];
  const sessions = new Map<string, { account: FakeAccount; approved: boolean }>();
  let serial = 0;
  let accessValidAfter = 0;
  const revokedUpTo = new Map<string, number>();
  const secret = 'fake-steam-signing-key';

  const fake: FakeSteam = {
    port: 0,
    skewSeconds,
    requests: [],
    leaks: [],
    codeSubmissions: [],
    accessTokenLifetimeS: 86400,
    issueRefreshToken: (steamId, expiresAt) => token(steamId, ['web', 'mobile', 'derive'], expiresAt),
    verifyAccessToken: (value) => {
      const claims = verify(value);
      if (!claims || claims.aud.includes('derive') || claims.serial <= accessValidAfter) return null;
      return { sub: claims.sub, exp: claims.exp };
    },
    expireAccessTokens: () => {
      accessValidAfter = serial;
    },
    revokeSessions: (steamId) => {
      revokedUpTo.set(steamId, serial);
    },
    close: async () => {},
  };
  const steamNow = () => Math.floor(Date.now() / 1000) + fake.skewSeconds;

  function token(steamId: string, aud: string[], exp: number): string {
    const body = `${b64url({ typ: 'JWT', alg: 'EdDSA' })}.${b64url({ iss: 'r:FAKE', sub: steamId, aud, exp, jti: `J${++serial}` })}`;
    return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
  }
  function verify(value: string): { sub: string; exp: number; aud: string[]; serial: number } | null {
    const [head, payload, signature] = value.split('.');
    if (
      !head ||
      !payload ||
      createHmac('sha256', secret).update(`${head}.${payload}`).digest('base64url') !== signature
    )
      return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      sub: string;
      exp: number;
      aud: string[];
      jti: string;
    };
    const tokenSerial = Number(claims.jti.slice(1));
    if (tokenSerial <= (revokedUpTo.get(claims.sub) ?? 0)) return null;
    return claims.exp > steamNow() ? { ...claims, serial: tokenSerial } : null;
  }
  function decryptPassword(encrypted: string): string {
    const c = BigInt(`0x${Buffer.from(encrypted, 'base64').toString('hex')}`);
    let m = 1n;
    let base = c % n;
    for (let exp = d; exp > 0n; exp >>= 1n) {
      if (exp & 1n) m = (m * base) % n;
      base = (base * base) % n;
    }
    const bytes = Buffer.from(m.toString(16).padStart(256, '0'), 'hex');
    // PKCS#1 v1.5 type 2: 00 02 <non-zero padding> 00 <message>
    return bytes.subarray(bytes.indexOf(0, 2) + 1).toString('utf8');
  }

  type Answer = { eresult: number; body?: object };
  const handlers: Record<string, (input: Record<string, unknown>) => Promise<Answer> | Answer> = {
    GetPasswordRSAPublicKey: () => ({
      eresult: 1,
      body: { publickey_mod: n.toString(16), publickey_exp: e.toString(16), timestamp: '1234567' },
    }),
    BeginAuthSessionViaCredentials: (input) => {
      const account = accounts.find((item) => item.login === String(input.account_name).toLowerCase());
      if (!account || decryptPassword(String(input.encrypted_password)) !== account.password)
        return { eresult: 5 };
      if (account.beginEResult) return { eresult: account.beginEResult };
      const clientId = String(++serial);
      sessions.set(clientId, { account, approved: false });
      return {
        eresult: 1,
        body: {
          client_id: clientId,
          request_id: Buffer.from(`req${clientId}`),
          interval: 0.05,
          allowed_confirmations: account.offered.map((type) => ({ confirmation_type: type })),
          steamid: account.steamId,
        },
      };
    },
    UpdateAuthSessionWithSteamGuardCode: async (input) => {
      const session = sessions.get(String(input.client_id));
      if (!session) return { eresult: 9 };
      const expected = await generateGuardCode(session.account.sharedSecret, steamNow());
      const accepted = input.code === expected;
      fake.codeSubmissions.push({ code: String(input.code), accepted });
      if (!accepted) return { eresult: 88 };
      session.approved = true;
      return { eresult: 1, body: {} };
    },
    PollAuthSessionStatus: (input) => {
      const session = sessions.get(String(input.client_id));
      if (!session) return { eresult: 9 };
      if (!session.approved || session.account.neverApprove) return { eresult: 1, body: {} };
      const { steamId, login } = session.account;
      return {
        eresult: 1,
        body: {
          refresh_token: token(steamId, ['web', 'mobile', 'derive'], steamNow() + 200 * 86400),
          access_token: token(steamId, ['web', 'mobile'], steamNow() + fake.accessTokenLifetimeS),
          account_name: login,
        },
      };
    },
    GenerateAccessTokenForApp: (input) => {
      const claims = verify(String(input.refresh_token));
      if (!claims) return { eresult: 15 };
      const renew = Number(input.renewal_type) === 1;
      return {
        eresult: 1,
        body: {
          access_token: token(claims.sub, ['web', 'mobile'], steamNow() + fake.accessTokenLifetimeS),
          ...(renew
            ? { refresh_token: token(claims.sub, ['web', 'mobile', 'derive'], steamNow() + 200 * 86400) }
            : {}),
        },
      };
    },
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const label = `${req.method} ${url.pathname}`;
    if (req.socket.remoteAddress !== EGRESS_ADDRESS) {
      fake.leaks.push(label);
      res.writeHead(403).end();
      return;
    }
    fake.requests.push(label);
    const body = await readBody(req);
    const service = /^\/IAuthenticationService\/(\w+)\/v1\/$/.exec(url.pathname);
    if (service && handlers[service[1]!]) {
      const method = service[1]!;
      const encoded =
        url.searchParams.get('input_protobuf_encoded') ?? formField(body, 'input_protobuf_encoded') ?? '';
      const proto = getProtoForMethod('Authentication', method);
      const input = proto.request.toObject(proto.request.decode(Buffer.from(encoded, 'base64')), {
        longs: String,
      });
      const answer = await handlers[method]!(input);
      const data = answer.body
        ? Buffer.from(proto.response.encode(proto.response.fromObject(answer.body)).finish())
        : Buffer.alloc(0);
      res.writeHead(200, { 'x-eresult': String(answer.eresult), 'content-type': 'application/octet-stream' });
      res.end(data);
      return;
    }
    if (url.pathname === '/ITwoFactorService/QueryTime/v1/' && req.method === 'POST') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ response: { server_time: String(steamNow()), skew_tolerance_seconds: '60' } }),
      );
      return;
    }
    const profile = /^\/profiles\/(\d{17})\/$/.exec(url.pathname);
    if (profile && url.searchParams.get('xml') === '1') {
      const account = accounts.find((item) => item.steamId === profile[1]);
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(
        account
          ? `<?xml version="1.0"?><profile><steamID64>${account.steamId}</steamID64><steamID><![CDATA[${account.personaName}]]></steamID><avatarFull><![CDATA[https://avatars.fake/${account.steamId}_full.jpg]]></avatarFull></profile>`
          : '<?xml version="1.0"?><response><error><![CDATA[The specified profile could not be found.]]></error></response>',
      );
      return;
    }
    if (extraRoute && (await extraRoute(req, url, body, res))) return;
    res.writeHead(404).end();
  };
  const server = tls ? https.createServer(tls, handle) : http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.port = (server.address() as AddressInfo).port;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** A field of a multipart/form-data body. */
function formField(body: string, name: string): string | null {
  const match = new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(body);
  return match ? match[1]! : null;
}
