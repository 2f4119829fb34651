import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUrlFromEnv, DEFAULT_PROXY_CHECK_URL } from '../../src/integrations/proxy-checker/index.ts';
import { createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import type { LoopbackServer } from '../proxy-checker/helpers/loopback-server.ts';
import { startHttpProxy, startSocks5 } from '../proxy-checker/helpers/proxy-servers.ts';
import {
  followChecks,
  type ProxyCheckTestApp,
  proxyRows,
  startBatch,
  storeProxies,
  waitForResults,
} from './helpers/proxy-check-app.ts';

// Sandbox mode with no TRADEDECK_PROXY_CHECK_URL: checks go to the built-in judge on loopback, never outside.
let t: ProxyCheckTestApp;
let user: TestUser;
let httpProxy: LoopbackServer;
let socks: LoopbackServer;
const open: HubConnection[] = [];

beforeAll(async () => {
  const app = await createAuthTestApp({ mode: 'sandbox' });
  t = Object.assign(app, { url: await app.app.listen({ port: 0, host: '127.0.0.1' }) });
  user = await signedInUser(t, 'sandbox-judge');
  httpProxy = await startHttpProxy({ auth: { username: 'demo', password: 'pass' } });
  socks = await startSocks5({});
});
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.stop()));
  await t.close();
  await Promise.all([httpProxy.close(), socks.close()]);
});

describe('proxy checks in sandbox mode', () => {
  it('check loopback proxies against the built-in judge: valid, with latency and the exit IP', async () => {
    const [http, socks5] = await storeProxies(t, user.id, [
      { protocol: 0, port: httpProxy.port, username: 'demo', password: 'pass' },
      { protocol: 3, port: socks.port },
    ]);
    const live = await followChecks(t, user, open);
    await startBatch(t, user, { ids: [http, socks5] });
    const results = await waitForResults(live, 2);
    for (const id of [http!, socks5!]) {
      expect(results.get(id)).toMatchObject({ result: 1, valid: true, status: 1, errorClass: null });
      expect(results.get(id)!.exitIp).toBe('127.0.0.1');
      expect(results.get(id)!.latencyMs).toBeGreaterThanOrEqual(0);
      // Loopback has no country in the geo database: shown as unknown, never a made-up code.
      expect(results.get(id)!.countryCode).toBeNull();
    }
    const rows = await proxyRows(t, [http!, socks5!]);
    expect(rows.get(http!)).toMatchObject({ status: 1, lastValid: true, lastExitIp: '127.0.0.1' });
    expect(rows.get(http!)!.lastValidAt).not.toBeNull();
  });

  it('keeps TRADEDECK_PROXY_CHECK_URL as the override and Steam as the live default', () => {
    expect(checkUrlFromEnv({}, 'sandbox')).toBeNull();
    expect(checkUrlFromEnv({}, 'live')).toBe(DEFAULT_PROXY_CHECK_URL);
    const own = 'http://127.0.0.1:9/api/proxy-judge';
    expect(checkUrlFromEnv({ TRADEDECK_PROXY_CHECK_URL: own }, 'sandbox')).toBe(own);
    expect(checkUrlFromEnv({ TRADEDECK_PROXY_CHECK_URL: own }, 'live')).toBe(own);
  });
});
