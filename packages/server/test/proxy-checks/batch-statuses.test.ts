import type { HubConnection } from '@microsoft/signalr';
import { ProxyStatus } from '@tradedeck/sdk/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxies } from '../../src/db/schema.ts';
import { errorOf, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { waitFor } from '../hubs/signalr-client.ts';
import type { LoopbackServer } from '../proxy-checker/helpers/loopback-server.ts';
import {
  type Blackhole,
  refusedPort,
  startBlackhole,
  startHttpProxy,
  startSocks5,
} from '../proxy-checker/helpers/proxy-servers.ts';
import {
  assignToSteamAccount,
  createProxyCheckApp,
  followChecks,
  type ProxyCheckTestApp,
  proxyRows,
  startBatch,
  storeProxies,
  waitForResults,
} from './helpers/proxy-check-app.ts';

// Batches through the real API against real proxies on loopback; results arrive on the official SignalR client.
let t: ProxyCheckTestApp;
let user: TestUser;
let httpProxy: LoopbackServer;
let socks: LoopbackServer;
let blackhole: Blackhole;
const httpAuth = { username: 'trader', password: 'pa:ss@1' };
const open: HubConnection[] = [];

beforeAll(async () => {
  t = await createProxyCheckApp();
  user = await signedInUser(t, 'checker');
  httpProxy = await startHttpProxy({ auth: httpAuth });
  socks = await startSocks5({ auth: { username: 'sock', password: 'secret' } });
  blackhole = await startBlackhole();
});
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.stop()));
  await t.close();
  await Promise.all([httpProxy.close(), socks.close(), blackhole.close()]);
});

describe('proxies.check batches', () => {
  it('answers at once, then stores and announces valid, refused, auth-failed and blackholed results', async () => {
    const refused = await refusedPort();
    const [valid, validSocks, inUse, closed, wrongPassword, dead] = await storeProxies(t, user.id, [
      { protocol: 0, port: httpProxy.port, ...httpAuth },
      { protocol: 3, port: socks.port, username: 'sock', password: 'secret' },
      { protocol: 0, port: httpProxy.port, ...httpAuth },
      { protocol: 3, port: refused },
      { protocol: 3, port: socks.port, username: 'sock', password: 'wrong' },
      { protocol: 0, port: blackhole.port },
    ]);
    await assignToSteamAccount(t, user.id, inUse!);
    const live = await followChecks(t, user, open);

    const started = await startBatch(t, user, {
      ids: [valid, validSocks, inUse, closed, wrongPassword, dead],
    });
    expect(started).toMatchObject({ total: 6, sourceId: 'proxies' });
    expect(started.batchId).toMatch(/^[0-9a-f-]{36}$/);

    const results = await waitForResults(live, 6);
    expect(results.get(valid!)).toMatchObject({ result: 1, valid: true, status: 1, errorClass: null });
    expect(results.get(valid!)!.exitIp).toBe('127.0.0.1');
    expect(results.get(valid!)!.latencyMs).toBeGreaterThanOrEqual(0);
    expect(results.get(validSocks!)).toMatchObject({ result: 1, status: 1 });
    expect(results.get(inUse!)).toMatchObject({ result: 1, status: ProxyStatus.InUse });
    expect(results.get(closed!)).toMatchObject({ result: 0, valid: false, status: 3, errorClass: 'refused' });
    expect(results.get(wrongPassword!)).toMatchObject({ result: 0, status: 3, errorClass: 'auth_failed' });
    expect(results.get(dead!)).toMatchObject({
      result: 0,
      status: 3,
      errorClass: 'timeout',
      latencyMs: null,
    });
    for (const payload of results.values()) expect(payload.checkedAt).toMatch(/Z$/);
    // Each result names its batch, so a follower can tell it from the results of other checks.
    for (const payload of results.values()) expect(payload.batchId).toBe(started.batchId);

    const rows = await proxyRows(t, [valid!, closed!, dead!]);
    expect(rows.get(valid!)).toMatchObject({ status: 1, lastValid: true, lastExitIp: '127.0.0.1' });
    expect(rows.get(valid!)!.lastValidAt).not.toBeNull();
    expect(rows.get(closed!)).toMatchObject({ status: 3, lastValid: false, lastErrorClass: 'refused' });
    expect(rows.get(dead!)).toMatchObject({ status: 3, lastErrorClass: 'timeout', lastValidAt: null });
    // Versions are consecutive: nothing announced twice, nothing skipped.
    const versions = live.events.map((event) => event.version);
    expect(versions).toEqual(versions.map((_, i) => versions[0]! + i));
  });

  it('checks proxies added through proxies.add with their stored credentials', async () => {
    const added = await t.call('POST', '/api/proxies', {
      token: user.accessToken,
      body: {
        proxies: [
          `socks5://sock:secret@127.0.0.1:${socks.port}`,
          `127.0.0.1:${httpProxy.port}:${httpAuth.username}:${httpAuth.password}`,
          `socks5://sock:not-it@127.0.0.1:${socks.port}`,
        ].join('\n'),
      },
    });
    const { addedIds } = added.json().data as { addedIds: number[] };
    expect(addedIds).toHaveLength(3);
    const live = await followChecks(t, user, open);
    await startBatch(t, user, { ids: addedIds });
    const results = await waitForResults(live, 3);
    expect(results.get(addedIds[0]!)).toMatchObject({ result: 1, status: 1 });
    expect(results.get(addedIds[1]!)).toMatchObject({ result: 1, status: 1 });
    expect(results.get(addedIds[2]!)).toMatchObject({ result: 0, status: 3, errorClass: 'auth_failed' });
    const got = await t.call('GET', `/api/proxies/${addedIds[0]}`, { token: user.accessToken });
    expect(got.json().data).toMatchObject({ status: 1, lastCheck: { valid: true, exitIp: '127.0.0.1' } });
  });

  it('marks a proxy expired when credentials that passed before are refused', async () => {
    const auth = { username: 'rotating', password: 'first' };
    const proxy = await startHttpProxy({ auth });
    try {
      const [id] = await storeProxies(t, user.id, [{ protocol: 0, port: proxy.port, ...auth }]);
      const live = await followChecks(t, user, open);
      await startBatch(t, user, { ids: [id] });
      expect((await waitForResults(live, 1)).get(id!)).toMatchObject({ result: 1, status: 1 });

      // The provider changes the password; the stored one no longer works.
      auth.password = 'second';
      await startBatch(t, user, { ids: [id] });
      const after = await waitForResults(live, 2);
      expect(after.get(id!)).toMatchObject({
        result: 0,
        status: ProxyStatus.Expired,
        errorClass: 'auth_failed',
      });
      const [row] = await t.testDb.database.db.select().from(proxies).where(eq(proxies.id, id!));
      expect(row).toMatchObject({ status: 4, lastValid: false });

      // A proxy that never passed is invalid, not expired, on the same failure.
      const [never] = await storeProxies(t, user.id, [
        { protocol: 0, port: proxy.port, username: 'rotating', password: 'first' },
      ]);
      await startBatch(t, user, { ids: [never] });
      expect((await waitForResults(live, 3)).get(never!)).toMatchObject({
        status: 3,
        errorClass: 'auth_failed',
      });
    } finally {
      await proxy.close();
    }
  });

  it('checks every proxy matching filters', async () => {
    const other = await createProxyCheckApp();
    try {
      const owner = await signedInUser(other, 'filters');
      const refused = await refusedPort();
      const ids = await storeProxies(other, owner.id, [
        { protocol: 3, port: socks.port, username: 'sock', password: 'secret' },
        { protocol: 3, port: refused },
      ]);
      const live = await followChecks(other, owner, open);
      const started = await startBatch(other, owner, { filters: {} });
      expect(started.total).toBe(2);
      const results = await waitForResults(live, 2);
      expect([...results.keys()].sort()).toEqual([...ids].sort());

      // Only the invalid one now matches status 3.
      const again = await startBatch(other, owner, { filters: { withStatus: [3] } });
      expect(again.total).toBe(1);
      await waitForResults(live, 3);
      expect(live.payloads()[2]).toMatchObject({ id: ids[1], status: 3 });
    } finally {
      await other.close();
    }
  });

  it('checks unsaved lines of the check map as status 5 under their keys and stores nothing', async () => {
    const refused = await refusedPort();
    const before = await countProxies();
    const live = await followChecks(t, user, open);
    const started = await startBatch(t, user, {
      proxies: {
        'row-1': {
          protocol: 0,
          address: '127.0.0.1',
          port: httpProxy.port,
          ...httpAuth,
          name: null,
          tag: null,
        },
        'row-2': { protocol: 3, address: '127.0.0.1', port: String(refused) },
        'row-3': { protocol: 3, address: '127.0.0.1', port: socks.port, username: 'sock', password: 'nope' },
      },
    });
    expect(started.total).toBe(3);
    const results = await waitForResults(live, 3);
    expect(results.get('row-1')).toMatchObject({ result: 1, status: ProxyStatus.Unsaved, valid: true });
    expect(results.get('row-2')).toMatchObject({ result: 0, status: 5, errorClass: 'refused' });
    expect(results.get('row-3')).toMatchObject({ result: 0, status: 5, errorClass: 'auth_failed' });
    expect(await countProxies()).toBe(before);
  });

  it('ends a batch whose proxy was deleted meanwhile with ProxyCheckFinished, the deleted one unannounced', async () => {
    const [kept, deleted] = await storeProxies(t, user.id, [
      { protocol: 3, port: socks.port, username: 'sock', password: 'secret' },
      { protocol: 0, port: blackhole.port },
    ]);
    const live = await followChecks(t, user, open);
    const started = await startBatch(t, user, { ids: [kept, deleted] });
    expect(started.total).toBe(2);
    // Whether the batch read it or not, the deleted proxy has no row to update and no result to announce.
    await t.testDb.database.db.delete(proxies).where(eq(proxies.id, deleted!));
    await waitFor(() => live.finished().includes(started.batchId), 'ProxyCheckFinished of the batch', 20_000);
    const ofBatch = live.payloads().filter((payload) => payload.batchId === started.batchId);
    expect(ofBatch.map((payload) => payload.id)).toEqual([kept]);
    expect(live.finished().filter((id) => id === started.batchId)).toHaveLength(1);
  });

  it('refuses an empty request and an invalid check-map line with a field error', async () => {
    const empty = await t.call('POST', '/api/proxies/check', { token: user.accessToken, body: {} });
    expect(errorOf(empty).resultCode).toBe(10);
    const badPort = await t.call('POST', '/api/proxies/check', {
      token: user.accessToken,
      body: { proxies: { x: { protocol: 3, address: '127.0.0.1', port: 70000 } } },
    });
    expect(errorOf(badPort).resultCode).toBe(10);
    const none = await t.call('POST', '/api/proxies/check', {
      token: user.accessToken,
      body: { ids: [] },
    });
    expect(none.json().data).toMatchObject({ total: 0, sourceId: 'proxies' });
  });
});

async function countProxies(): Promise<number> {
  const rows = await t.testDb.database.db.select({ id: proxies.id }).from(proxies);
  return rows.length;
}
