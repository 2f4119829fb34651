/**
 * A local fake of the Steam endpoints the live adapter calls: the sign-in service (IAuthenticationService, in
 * `fake-steam-auth.ts`), ITwoFactorService/QueryTime and the community profile XML, plus whatever routes the
 * trading half adds. It answers only traffic arriving from the proxies' egress address and counts everything else
 * as a direct-IP leak.
 */
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { type AuthKnobs, createFakeAuth, type FakeAccount } from './fake-steam-auth.ts';
import { EGRESS_ADDRESSES } from './loopback-proxies.ts';

export type { FakeAccount } from './fake-steam-auth.ts';

const require = createRequire(import.meta.url);
// steam-session's own protobuf definitions (its tests deep-import them the same way): the wire format is
// protobuf, base64 in `input_protobuf_encoded` (query for GET, multipart form for POST), the EResult in the
// `x-eresult` header (node-steam-session src/transports/WebApiTransport.ts).
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

export interface FakeSteam extends AuthKnobs {
  port: number;
  /** Seconds Steam's clock runs ahead of this machine's; change it to make cached offsets stale. */
  skewSeconds: number;
  /** How long QueryTime takes to answer (a slow route to Steam); 0 by default. */
  queryTimeDelayMs: number;
  /** `METHOD path` of every request answered (through a proxy). */
  requests: string[];
  /** Requests that reached the fake without a proxy: must stay empty. */
  leaks: string[];
  /** Every Steam Guard code received, with Steam's answer. */
  codeSubmissions: { code: string; accepted: boolean; eresult: number }[];
  /** A MobileApp refresh token expiring at `expiresAt` (Unix seconds), as a maFile or an earlier sign-in holds. */
  issueRefreshToken(steamId: string, expiresAt: number): string;
  /** A WebBrowser refresh token: Steam derives no access token from it any more. */
  issueBrowserRefreshToken(steamId: string, expiresAt: number): string;
  /** Whether Steam still accepts this refresh token (a renewal kills the old one). */
  refreshTokenAlive(token: string): boolean;
  /** The claims of a valid, unexpired access token it issued, else null. */
  verifyAccessToken(token: string): { sub: string; exp: number } | null;
  /** Refuses every access token issued so far (as when Steam ends web sessions); refresh tokens still work. */
  expireAccessTokens(): void;
  /** Refuses every token of the account issued so far, refresh tokens included (sessions revoked). */
  revokeSessions(steamId: string): void;
  close(): Promise<void>;
}

/** When each request reached the fake (before its body was read): Steam counts a request when it arrives. */
export const arrivals = new WeakMap<http.IncomingMessage, number>();

/** More endpoints served beside the login ones; answers true when it handled the request. */
export type FakeRoute = (
  req: http.IncomingMessage,
  url: URL,
  body: string,
  res: http.ServerResponse,
) => Promise<boolean> | boolean;

export async function startFakeSteam(
  accounts: FakeAccount[],
  skewSeconds = 0,
  tls?: { key: string; cert: string },
  extraRoute?: FakeRoute,
): Promise<FakeSteam> {
  const steamNow = () => Math.floor(Date.now() / 1000) + fake.skewSeconds;
  const knobs: AuthKnobs = {
    accessTokenLifetimeS: 86400,
    refreshTokenLifetimeS: 200 * 86400,
    renewalWindowS: 7 * 86400,
    pollIntervalS: 0.05,
    accessTokenAtPoll: true,
    rateLimited: false,
  };
  const auth = createFakeAuth(accounts, steamNow, knobs);
  // The knobs live on the fake itself so a test can turn them; the auth service reads them through `knobs`.
  const fake: FakeSteam = Object.assign(knobs, {
    port: 0,
    skewSeconds,
    queryTimeDelayMs: 0,
    requests: [] as string[],
    leaks: [] as string[],
    codeSubmissions: auth.codeSubmissions,
    issueRefreshToken: auth.issueRefreshToken,
    issueBrowserRefreshToken: auth.issueBrowserRefreshToken,
    refreshTokenAlive: auth.refreshTokenAlive,
    verifyAccessToken: auth.verifyAccessToken,
    expireAccessTokens: auth.expireAccessTokens,
    revokeSessions: auth.revokeSessions,
    close: async () => {},
  });

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    arrivals.set(req, Date.now());
    const url = new URL(req.url ?? '/', 'http://fake');
    const label = `${req.method} ${url.pathname}`;
    if (!EGRESS_ADDRESSES.has(req.socket.remoteAddress ?? '')) {
      fake.leaks.push(label);
      res.writeHead(403).end();
      return;
    }
    fake.requests.push(label);
    const body = await readBody(req);
    const service = /^\/IAuthenticationService\/(\w+)\/v1\/$/.exec(url.pathname);
    const handler = service ? auth.handlers[service[1]!] : undefined;
    if (service && handler) {
      const method = service[1]!;
      const encoded =
        url.searchParams.get('input_protobuf_encoded') ?? formField(body, 'input_protobuf_encoded') ?? '';
      const proto = getProtoForMethod('Authentication', method);
      const input = proto.request.toObject(proto.request.decode(Buffer.from(encoded, 'base64')), {
        longs: String,
      });
      const answer = handler(input);
      const data = answer.body
        ? Buffer.from(proto.response.encode(proto.response.fromObject(answer.body)).finish())
        : Buffer.alloc(0);
      res.writeHead(200, { 'x-eresult': String(answer.eresult), 'content-type': 'application/octet-stream' });
      res.end(data);
      return;
    }
    // Steam's clock for the TOTP: a POST answered `{response: {server_time, skew_tolerance_seconds, ...}}`
    // (steamguard-cli steamguard/src/steamapi/twofactor.rs `query_time`, a POST with an empty request;
    // ArchiSteamFarm Steam/Integration/ArchiHandler.cs `GetServerTime`, cached 15 minutes by
    // Steam/Security/MobileAuthenticator.cs `SteamTimeTTL`).
    if (url.pathname === '/ITwoFactorService/QueryTime/v1/' && req.method === 'POST') {
      if (fake.queryTimeDelayMs > 0)
        await new Promise((resolve) => setTimeout(resolve, fake.queryTimeDelayMs));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          response: {
            server_time: String(steamNow()),
            skew_tolerance_seconds: '60',
            large_time_jink: '86400',
            probe_frequency_seconds: 3600,
            adjusted_time_probe_frequency_seconds: 300,
            hint_probe_frequency_seconds: 60,
            sync_timeout: 60,
            try_again_seconds: 900,
            max_attempts: 3,
          },
        }),
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
