/**
 * Production Steam is HTTPS: the live adapter opens a CONNECT (or SOCKS) tunnel and speaks TLS inside it,
 * verifying the certificate. Here the fake Steam serves HTTPS with a throw-away certificate.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSteamPort, type SteamProxy } from '../../src/integrations/steam/index.ts';
import { type FakeAccount, type FakeSteam, startFakeSteam } from './helpers/fake-steam.ts';
import { type LoopbackProxy, startConnectProxy, startSocks5Proxy } from './helpers/loopback-proxies.ts';
import { makeTestCertificate } from './helpers/test-certificate.ts';

const account: FakeAccount = {
  login: 'tlsuser',
  password: 'pw-tls',
  steamId: '76561202255200101',
  sharedSecret: createHash('sha1').update('https-test').digest().toString('base64'),
  personaName: 'TLS user',
  offered: [3],
};

let fake: FakeSteam;
let certificate: { key: string; cert: string };
let connectProxy: LoopbackProxy;
let socksProxy: LoopbackProxy;

beforeAll(async () => {
  certificate = makeTestCertificate(['api.steam.test', 'community.steam.test']);
  fake = await startFakeSteam([account], 0, certificate);
  connectProxy = await startConnectProxy();
  socksProxy = await startSocks5Proxy();
});

afterAll(async () => {
  await Promise.all([fake.close(), connectProxy.close(), socksProxy.close()]);
});

function livePort(tlsCa?: string) {
  return createSteamPort(
    { mode: 'live' },
    {
      loginSpacingMs: 0,
      live: {
        apiBase: `https://api.steam.test:${fake.port}`,
        communityBase: `https://community.steam.test:${fake.port}`,
        requestTimeoutMs: 3000,
        loginTimeoutMs: 5000,
        ...(tlsCa ? { tlsCa } : {}),
      },
    },
  );
}

const viaConnect = (): SteamProxy => ({
  protocol: 'http',
  host: '127.0.0.1',
  port: connectProxy.port,
  username: null,
  password: null,
});
const viaSocks = (): SteamProxy => ({
  protocol: 'socks5',
  host: '127.0.0.1',
  port: socksProxy.port,
  username: null,
  password: null,
});

describe('live Steam port over HTTPS inside the proxy tunnel', () => {
  it('signs in with the certificate verified, through CONNECT and through SOCKS5', async () => {
    const port = livePort(certificate.cert);
    for (const proxy of [viaConnect(), viaSocks()]) {
      const result = await port.signIn({ ...account, proxy });
      expect(result).toMatchObject({ ok: true, steamId: account.steamId, personaName: 'TLS user' });
    }
    await port.close();
    expect(fake.leaks).toEqual([]);
  });

  it('refuses a certificate it cannot verify and reports it as a proxy error', async () => {
    const port = livePort();
    const before = fake.codeSubmissions.length;
    const result = await port.signIn({ ...account, proxy: viaConnect() });
    await port.close();
    expect(result).toMatchObject({
      ok: false,
      failure: { kind: 'proxy', cause: 'tls' },
      outcome: { reason: 'proxyError' },
    });
    expect(fake.codeSubmissions.length).toBe(before);
  });
});
