/**
 * The live adapter against a local fake Steam, reached only through real loopback proxies. The fake refuses
 * (and counts) any request that did not come through a proxy, and the proxies resolve the `*.steam.test`
 * names themselves, so a direct connection or a local DNS lookup would fail these tests.
 */
import { createHash } from 'node:crypto';
import { readJwtClaims } from '@tradedeck/sdk/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSteamPort, type SteamPort, type SteamProxy } from '../../src/integrations/steam/index.ts';
import { type FakeAccount, type FakeSteam, startFakeSteam } from './helpers/fake-steam.ts';
import { type LoopbackProxy, startConnectProxy, startSocks5Proxy } from './helpers/loopback-proxies.ts';

const secret = (name: string) => createHash('sha1').update(`live-test:${name}`).digest().toString('base64');
const account = (login: string, n: number, extra: Partial<FakeAccount> = {}): FakeAccount => ({
  login,
  password: `pw-${login}`,
  steamId: (76561202255200000n + BigInt(n)).toString(),
  sharedSecret: secret(login),
  personaName: `Persona ${login}`,
  offered: [3],
  ...extra,
});

const ACCOUNTS = [
  account('alpha', 1),
  account('bravo', 2),
  account('charlie', 3, { offered: [3, 4] }),
  account('mailguard', 4, { offered: [2] }),
  account('ratelimited', 5, { beginEResult: 84 }),
  account('throttled', 6, { beginEResult: 87 }),
  account('noguard', 7, { offered: [1] }),
  account('delta', 8),
  account('echo', 9),
  account('stuck', 10, { neverApprove: true }),
  account('foxtrot', 11, { offered: [3, 4], deviceApproval: 'withCode' }),
  account('golf', 12, { offered: [3, 4], deviceApproval: 'beforeCode' }),
  account('hotel', 13),
  account('india', 14, { offered: [4] }),
];
const CREDENTIALS = { username: 'trader', password: 's3cret:pass' };

let fake: FakeSteam;
let httpProxy: LoopbackProxy;
let socksProxy: LoopbackProxy;
let port: SteamPort;
const sleeps: number[] = [];

function viaHttp(overrides: Partial<SteamProxy> = {}): SteamProxy {
  return { protocol: 'http', host: '127.0.0.1', port: httpProxy.port, ...CREDENTIALS, ...overrides };
}
function viaSocks(overrides: Partial<SteamProxy> = {}): SteamProxy {
  return { protocol: 'socks5', host: '127.0.0.1', port: socksProxy.port, ...CREDENTIALS, ...overrides };
}
function signIn(
  login: string,
  proxy: SteamProxy | null,
  extra: { sharedSecret?: string; password?: string } = {},
) {
  const known = ACCOUNTS.find((item) => item.login === login.toLowerCase())!;
  return port.signIn({
    login,
    password: extra.password ?? known.password,
    sharedSecret: extra.sharedSecret ?? known.sharedSecret,
    proxy,
  });
}

beforeAll(async () => {
  fake = await startFakeSteam(ACCOUNTS);
  httpProxy = await startConnectProxy(CREDENTIALS);
  socksProxy = await startSocks5Proxy(CREDENTIALS);
  port = createSteamPort(
    { mode: 'live' },
    {
      live: {
        apiBase: `http://api.steam.test:${fake.port}`,
        communityBase: `http://community.steam.test:${fake.port}`,
        requestTimeoutMs: 3000,
        loginTimeoutMs: 5000,
      },
      loginSpacingMs: 0,
      clock: {
        now: () => Date.now(),
        sleep: async (ms) => {
          if (ms > 0) sleeps.push(ms);
        },
      },
    },
  );
});

afterAll(async () => {
  await port.close();
  await Promise.all([fake.close(), httpProxy.close(), socksProxy.close()]);
});

afterEach(() => {
  // Whatever a test did, nothing may have reached Steam without a proxy.
  expect(fake.leaks).toEqual([]);
});

describe('live Steam port through a proxy', () => {
  it('signs in on the MobileApp platform through an HTTP CONNECT proxy', async () => {
    const before = fake.requests.length;
    const tunnelsBefore = httpProxy.tunnels.length;
    const result = await signIn('alpha', viaHttp());
    expect(result).toMatchObject({
      ok: true,
      via: 'password',
      steamId: '76561202255200001',
      accountName: 'alpha',
      personaName: 'Persona alpha',
      avatarUrl: 'https://avatars.fake/76561202255200001_full.jpg',
    });
    if (!result.ok) return;
    expect(readJwtClaims(result.refreshToken)?.aud).toEqual(expect.arrayContaining(['mobile', 'derive']));
    expect(readJwtClaims(result.accessToken)?.sub).toBe('76561202255200001');
    // The MobileApp access token is the web cookie itself: no finalizelogin or settoken round (those are the
    // WebBrowser platform's), and nothing but the Web API and the community is reached.
    expect([...new Set(fake.requests.slice(before))]).toEqual([
      'POST /ITwoFactorService/QueryTime/v1/',
      'GET /IAuthenticationService/GetPasswordRSAPublicKey/v1/',
      'POST /IAuthenticationService/BeginAuthSessionViaCredentials/v1/',
      'POST /IAuthenticationService/UpdateAuthSessionWithSteamGuardCode/v1/',
      'POST /IAuthenticationService/PollAuthSessionStatus/v1/',
      `GET /profiles/76561202255200001/`,
    ]);
    expect([...new Set(httpProxy.tunnels.slice(tunnelsBefore))].sort()).toEqual([
      `api.steam.test:${fake.port}`,
      `community.steam.test:${fake.port}`,
    ]);
  });

  it('signs in through a SOCKS5 proxy with the names resolved by the proxy', async () => {
    const result = await signIn('bravo', viaSocks());
    expect(result).toMatchObject({ ok: true, steamId: '76561202255200002' });
    expect(socksProxy.tunnels).toContain(`api.steam.test:${fake.port}`);
  });

  it('prefers the device code when Steam also offers device confirmation', async () => {
    const submitted = fake.codeSubmissions.length;
    const result = await signIn('charlie', viaHttp());
    expect(result.ok).toBe(true);
    expect(fake.codeSubmissions.length).toBe(submitted + 1);
  });

  it('answers Steam time through the proxy with the offset of Steam clock', async () => {
    fake.skewSeconds = 120;
    const time = await port.steamTime(viaSocks(), { fresh: true });
    fake.skewSeconds = 0;
    expect(time.ok).toBe(true);
    if (time.ok) expect(Math.abs(time.offsetSeconds - 120)).toBeLessThanOrEqual(1);
  });

  it('maps a wrong password (5) to invalid password without sending a code', async () => {
    const submitted = fake.codeSubmissions.length;
    const result = await signIn('delta', viaHttp(), { password: 'wrong' });
    expect(result).toMatchObject({ ok: false, outcome: { reason: 'invalidPassword', retry: 'never' } });
    expect(fake.codeSubmissions.length).toBe(submitted);
  });

  // E-mail codes, no guard, or only approval on the phone (which needs the owner's app or a signed-in session of
  // the account): the maFile cannot sign these in, no retry helps, and a TOTP code is never spent as an e-mail code.
  it.each([
    { login: 'mailguard', offered: [2], reason: 'invalidSteamGuardType', retry: 'never' },
    { login: 'noguard', offered: [1], reason: 'invalidSteamGuardType', retry: 'never' },
    { login: 'india', offered: [4], reason: 'phoneApprovalOnly', retry: 'never' },
  ])('answers a sign-in offering only guard $offered as $reason without sending a code', async (expected) => {
    const submitted = fake.codeSubmissions.length;
    expect(await signIn(expected.login, viaHttp())).toMatchObject({
      ok: false,
      failure: { kind: 'guard', offered: expected.offered },
      outcome: { reason: expected.reason, retry: expected.retry },
    });
    expect(fake.codeSubmissions.length).toBe(submitted);
  });

  it('resyncs Steam time once and retries the code when Steam answers 88', async () => {
    await port.steamTime(viaHttp(), { fresh: true }); // caches offset 0 for this proxy
    fake.skewSeconds = 600; // the cached offset is now ten minutes wrong
    const submitted = fake.codeSubmissions.length;
    const result = await signIn('echo', viaHttp());
    fake.skewSeconds = 0;
    expect(result).toMatchObject({ ok: true, steamId: '76561202255200009' });
    expect(fake.codeSubmissions.slice(submitted).map((item) => item.accepted)).toEqual([false, true]);
  });

  it('gives up after one resync when the secret itself is wrong (invalid maFile)', async () => {
    const submitted = fake.codeSubmissions.length;
    const result = await signIn('delta', viaHttp(), { sharedSecret: secret('someone else') });
    expect(result).toMatchObject({
      ok: false,
      outcome: { reason: 'invalidMafile', retry: 'resyncTimeOnce' },
    });
    expect(fake.codeSubmissions.slice(submitted).map((item) => item.accepted)).toEqual([false, false]);
  });

  it('rests a proxy for 30 minutes after a rate limit (84) without asking Steam again', async () => {
    const own = await startSocks5Proxy(CREDENTIALS);
    const socks = viaSocks({ port: own.port });
    const first = await signIn('ratelimited', socks);
    expect(first).toMatchObject({ ok: false, outcome: { reason: 'proxyError', retry: 'coolDownProxy' } });
    expect(first.ok ? 0 : (first.retryAfter?.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * 60_000);
    const before = fake.requests.length;
    const second = await signIn('bravo', socks);
    expect(second).toMatchObject({ ok: false, outcome: { reason: 'proxyError' } });
    expect(fake.requests.length).toBe(before);
    // Another proxy is not affected.
    expect(await signIn('bravo', viaSocks())).toMatchObject({ ok: true });
    await own.close();
  });

  it('leaves a throttled account (87) alone for a day', async () => {
    const first = await signIn('throttled', viaHttp());
    expect(first).toMatchObject({
      ok: false,
      outcome: { reason: 'authenticationProblem', retry: 'coolDownAccount' },
    });
    const before = fake.requests.length;
    expect(await signIn('THROTTLED', viaHttp())).toMatchObject({
      ok: false,
      outcome: { reason: 'authenticationProblem' },
    });
    expect(fake.requests.length).toBe(before);
  });

  it('reports proxy failures as proxy errors and never falls back to a direct connection', async () => {
    const before = fake.requests.length;
    expect(await signIn('alpha', viaHttp({ password: 'bad' }))).toMatchObject({
      ok: false,
      failure: { kind: 'proxy', cause: 'auth' },
      outcome: { reason: 'proxyError', retry: 'later' },
    });
    expect(await signIn('alpha', viaSocks({ password: 'bad' }))).toMatchObject({
      ok: false,
      outcome: { reason: 'proxyError' },
    });
    expect(
      await signIn('alpha', { protocol: 'http', host: '127.0.0.1', port: 1, username: null, password: null }),
    ).toMatchObject({
      ok: false,
      failure: { kind: 'proxy' },
      outcome: { reason: 'proxyError' },
    });
    expect(fake.requests.length).toBe(before);
  });

  it('answers "no proxy" without any network call', async () => {
    const before = fake.requests.length;
    expect(await signIn('alpha', null)).toMatchObject({
      ok: false,
      outcome: { reason: 'noProxy', retry: 'never' },
    });
    expect(await port.steamTime(null)).toMatchObject({ ok: false, outcome: { reason: 'noProxy' } });
    expect(fake.requests.length).toBe(before);
  });

  it('refreshes an access token and renews a refresh token close to its end', async () => {
    const steamId = '76561202255200001';
    const now = Math.floor(Date.now() / 1000);
    const longLived = fake.issueRefreshToken(steamId, now + 100 * 86400);
    const kept = await port.refreshSession(longLived, viaHttp());
    expect(kept).toMatchObject({ ok: true, steamId, renewed: false, refreshToken: longLived });
    if (kept.ok) expect(readJwtClaims(kept.accessToken)?.aud).not.toContain('derive');

    const ending = fake.issueRefreshToken(steamId, now + 3600);
    const renewed = await port.refreshSession(ending, viaHttp());
    expect(renewed).toMatchObject({ ok: true, renewed: true });
    if (renewed.ok) {
      expect(renewed.refreshToken).not.toBe(ending);
      expect(readJwtClaims(renewed.refreshToken)!.exp!).toBeGreaterThan(now + 100 * 86400);
    }
    expect(await port.refreshSession('not-a-token', viaHttp())).toMatchObject({ ok: false });
  });

  it('uses a held refresh token instead of the password when it still works', async () => {
    const token = fake.issueRefreshToken('76561202255200002', Math.floor(Date.now() / 1000) + 100 * 86400);
    const before = fake.requests.filter((item) => item.includes('BeginAuthSession')).length;
    const result = await port.signIn({
      login: 'bravo',
      password: 'irrelevant',
      sharedSecret: secret('bravo'),
      proxy: viaHttp(),
      existingRefreshToken: token,
    });
    expect(result).toMatchObject({ ok: true, via: 'refreshToken', steamId: '76561202255200002' });
    expect(fake.requests.filter((item) => item.includes('BeginAuthSession')).length).toBe(before);
  });

  it('asks Steam to renew on every refresh and keeps the token Steam rotates', async () => {
    const steamId = '76561202255200013';
    const now = Math.floor(Date.now() / 1000);
    // Three days left: inside Steam's renewal window, though more than a day away from the end.
    const nearing = fake.issueRefreshToken(steamId, now + 3 * 86400);
    const renewed = await port.refreshSession(nearing, viaHttp());
    expect(renewed).toMatchObject({ ok: true, steamId, renewed: true });
    if (!renewed.ok) return;
    expect(fake.refreshTokenAlive(nearing)).toBe(false);
    expect(fake.refreshTokenAlive(renewed.refreshToken)).toBe(true);
    expect(fake.verifyAccessToken(renewed.accessToken)?.sub).toBe(steamId);
    expect(readJwtClaims(renewed.refreshToken)?.aud).toEqual(expect.arrayContaining(['mobile', 'derive']));
    // Far from its end Steam keeps the token: nothing to store.
    const young = fake.issueRefreshToken(steamId, now + 150 * 86400);
    expect(await port.refreshSession(young, viaHttp())).toMatchObject({
      ok: true,
      renewed: false,
      refreshToken: young,
    });
  });

  it('signs in when the owner approved on the phone as the code arrived (29: keep polling)', async () => {
    const submitted = fake.codeSubmissions.length;
    const result = await signIn('foxtrot', viaHttp());
    expect(result).toMatchObject({ ok: true, via: 'password', steamId: '76561202255200011' });
    expect(fake.codeSubmissions.slice(submitted).map((item) => item.eresult)).toEqual([29]);
  });

  it('signs in when the owner approved on the phone before any code was sent', async () => {
    const result = await signIn('golf', viaHttp());
    expect(result).toMatchObject({ ok: true, via: 'password', steamId: '76561202255200012' });
    if (result.ok) expect(readJwtClaims(result.accessToken)?.sub).toBe('76561202255200012');
  });

  it('rests the proxy and spends no password sign-in when Steam rate-limits the refresh of a held token', async () => {
    const own = await startSocks5Proxy(CREDENTIALS);
    const token = fake.issueRefreshToken('76561202255200013', Math.floor(Date.now() / 1000) + 100 * 86400);
    const before = fake.requests.length;
    fake.rateLimited = true;
    const result = await port.signIn({
      login: 'hotel',
      password: ACCOUNTS.find((item) => item.login === 'hotel')!.password,
      sharedSecret: secret('hotel'),
      proxy: viaSocks({ port: own.port }),
      existingRefreshToken: token,
    });
    fake.rateLimited = false;
    await own.close();
    expect(result).toMatchObject({
      ok: false,
      failure: { kind: 'eresult', eresult: 84 },
      outcome: { reason: 'proxyError', retry: 'coolDownProxy' },
    });
    expect(fake.requests.slice(before)).toEqual([
      'POST /IAuthenticationService/GenerateAccessTokenForApp/v1/',
    ]);
  });

  it('signs in with the password when the held token is one Steam no longer refreshes', async () => {
    // A WebBrowser token: since 2025-04-30 Steam derives access tokens only from MobileApp ones.
    const browser = fake.issueBrowserRefreshToken('76561202255200013', Math.floor(Date.now() / 1000) + 86400);
    const result = await port.signIn({
      login: 'hotel',
      password: ACCOUNTS.find((item) => item.login === 'hotel')!.password,
      sharedSecret: secret('hotel'),
      proxy: viaHttp(),
      existingRefreshToken: browser,
    });
    expect(result).toMatchObject({ ok: true, via: 'password', steamId: '76561202255200013' });
    if (result.ok) expect(readJwtClaims(result.refreshToken)?.aud).toContain('mobile');
  });

  it('rests the proxy when Steam rate-limits it at the password key (84) and sends no password', async () => {
    const own = await startSocks5Proxy(CREDENTIALS);
    const before = fake.requests.length;
    fake.rateLimited = true;
    const result = await signIn('hotel', viaSocks({ port: own.port }));
    fake.rateLimited = false;
    await own.close();
    expect(result).toMatchObject({ ok: false, outcome: { reason: 'proxyError', retry: 'coolDownProxy' } });
    expect(fake.requests.slice(before)).toEqual([
      'POST /ITwoFactorService/QueryTime/v1/',
      'GET /IAuthenticationService/GetPasswordRSAPublicKey/v1/',
    ]);
  });

  it('derives the access token itself when Steam hands none out with the refresh token', async () => {
    fake.accessTokenAtPoll = false;
    const result = await signIn('hotel', viaHttp());
    fake.accessTokenAtPoll = true;
    expect(result).toMatchObject({ ok: true, via: 'password' });
    if (result.ok) expect(fake.verifyAccessToken(result.accessToken)?.sub).toBe('76561202255200013');
  });

  it('gives up a sign-in Steam never completes as an unknown error to retry later', async () => {
    const impatient = createSteamPort(
      { mode: 'live' },
      {
        loginSpacingMs: 0,
        live: {
          apiBase: `http://api.steam.test:${fake.port}`,
          communityBase: `http://community.steam.test:${fake.port}`,
          requestTimeoutMs: 3000,
          loginTimeoutMs: 300,
        },
      },
    );
    const stuck = ACCOUNTS.find((item) => item.login === 'stuck')!;
    const result = await impatient.signIn({ ...stuck, proxy: viaHttp() });
    await impatient.close();
    expect(result).toMatchObject({
      ok: false,
      failure: { kind: 'timeout' },
      outcome: { reason: 'unknownError', retry: 'later' },
    });
  });

  it('reads the persona and the avatar through the proxy', async () => {
    expect(await port.profile('76561202255200008', viaSocks())).toEqual({
      ok: true,
      steamId: '76561202255200008',
      personaName: 'Persona delta',
      avatarUrl: 'https://avatars.fake/76561202255200008_full.jpg',
    });
    expect(await port.profile('76561202255299999', viaSocks())).toMatchObject({ ok: false });
  });
});
