import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import type { LoopbackServer } from '../proxy-checker/helpers/loopback-server.ts';
import { startSocks5 } from '../proxy-checker/helpers/proxy-servers.ts';
import {
  createProxyCheckApp,
  followChecks,
  type ProxyCheckTestApp,
  proxyRows,
  startBatch,
  storeProxies,
  waitForResults,
} from './helpers/proxy-check-app.ts';

// One user's checks never touch or show another user's proxies.
let t: ProxyCheckTestApp;
let a: TestUser;
let b: TestUser;
let socks: LoopbackServer;
const open: HubConnection[] = [];

beforeAll(async () => {
  t = await createProxyCheckApp();
  a = await signedInUser(t, 'tenant-a');
  b = await signedInUser(t, 'tenant-b', a);
  socks = await startSocks5();
});
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.stop()));
  await t.close();
  await socks.close();
});

describe('proxy checks between tenants', () => {
  it("answers 3 when B names A's proxies, even mixed with B's own, and checks nothing", async () => {
    const [aProxy] = await storeProxies(t, a.id, [{ protocol: 3, port: socks.port }]);
    const [bProxy] = await storeProxies(t, b.id, [{ protocol: 3, port: socks.port }]);
    const forA = await followChecks(t, a, open);
    const forB = await followChecks(t, b, open);

    for (const ids of [[aProxy], [bProxy, aProxy], [999_999]]) {
      const res = await t.call('POST', '/api/proxies/check', { token: b.accessToken, body: { ids } });
      expect(errorOf(res).resultCode).toBe(3);
      expect(res.body).not.toContain('127.0.0.1');
    }
    // B's filters select B's proxies only.
    const own = await startBatch(t, b, { filters: {} });
    expect(own.total).toBe(1);
    const results = await waitForResults(forB, 1);
    expect([...results.keys()]).toEqual([bProxy]);

    const rows = await proxyRows(t, [aProxy!, bProxy!]);
    expect(rows.get(aProxy!)).toMatchObject({ status: 0, lastCheckedAt: null });
    expect(rows.get(bProxy!)!.status).toBe(1);
    expect(forA.events).toHaveLength(0);
  });

  it("never shows A's results on B's subscription", async () => {
    const ids = await storeProxies(t, a.id, [
      { protocol: 3, port: socks.port },
      { protocol: 3, port: socks.port },
    ]);
    const forA = await followChecks(t, a, open);
    const forB = await followChecks(t, b, open);
    await startBatch(t, a, { ids });
    await startBatch(t, a, { proxies: { mine: { protocol: 3, address: '127.0.0.1', port: socks.port } } });
    await waitForResults(forA, 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(forB.events).toHaveLength(0);
    // A got every one of its own results meanwhile.
    expect(forA.payloads().map((payload) => payload.id)).toEqual(expect.arrayContaining([...ids, 'mine']));
  });
});
