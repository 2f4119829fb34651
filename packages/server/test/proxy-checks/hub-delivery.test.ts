import type { HubConnection } from '@microsoft/signalr';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubEvents } from '../../src/db/schema.ts';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { waitFor } from '../hubs/signalr-client.ts';
import type { LoopbackServer } from '../proxy-checker/helpers/loopback-server.ts';
import { refusedPort, startSocks4, startSocks5 } from '../proxy-checker/helpers/proxy-servers.ts';
import {
  createProxyCheckApp,
  followChecks,
  type ProxyCheckTestApp,
  type ProxyToStore,
  proxyRows,
  startBatch,
  storeProxies,
} from './helpers/proxy-check-app.ts';

// A 1,000-proxy batch: every result reaches the official SignalR client exactly once, and once in the log.
let t: ProxyCheckTestApp;
let alice: TestUser;
let bob: TestUser;
let socks5: LoopbackServer;
let socks4: LoopbackServer;
const open: HubConnection[] = [];

beforeAll(async () => {
  t = await createProxyCheckApp({ concurrency: 100 });
  alice = await signedInUser(t, 'alice');
  bob = await signedInUser(t, 'bob', alice);
  socks5 = await startSocks5({ auth: { username: 'u', password: 'p' } });
  socks4 = await startSocks4();
});
afterAll(async () => {
  await Promise.all(open.map((connection) => connection.stop()));
  await t.close();
  await Promise.all([socks5.close(), socks4.close()]);
});

describe('hub delivery of a 1,000-proxy batch', () => {
  it('delivers every result exactly once, to its owner only', async () => {
    const refused = await refusedPort();
    const list: ProxyToStore[] = Array.from({ length: 1000 }, (_, i) =>
      i % 4 === 3
        ? { protocol: 3, port: refused }
        : i % 2 === 0
          ? { protocol: 3, port: socks5.port, username: 'u', password: 'p' }
          : { protocol: 2, port: socks4.port },
    );
    const ids = await storeProxies(t, alice.id, list);
    const forAlice = await followChecks(t, alice, open);
    const forBob = await followChecks(t, bob, open);

    const started = await startBatch(t, alice, { ids });
    expect(started.total).toBe(1000);
    await waitFor(() => forAlice.events.length >= 1000, '1,000 events', 60_000);
    // Anything extra would arrive right behind the last one.
    await new Promise((resolve) => setTimeout(resolve, 500));

    expect(forAlice.events).toHaveLength(1000);
    const byId = new Map<number | string, number>();
    for (const payload of forAlice.payloads()) byId.set(payload.id, (byId.get(payload.id) ?? 0) + 1);
    expect(byId.size).toBe(1000);
    expect([...byId.values()].every((count) => count === 1)).toBe(true);
    expect([...byId.keys()].sort()).toEqual([...ids].sort());
    const versions = forAlice.events.map((event) => event.version);
    expect(versions).toEqual(versions.map((_, i) => versions[0]! + i));

    const valid = forAlice.payloads().filter((payload) => payload.result === 1).length;
    expect(valid).toBe(750);
    expect(forBob.events).toHaveLength(0);

    const rows = await proxyRows(t, ids);
    expect([...rows.values()].filter((row) => row.status === 1)).toHaveLength(750);
    expect([...rows.values()].filter((row) => row.status === 3)).toHaveLength(250);
    const logged = await t.testDb.database.db
      .select({ id: hubEvents.id })
      .from(hubEvents)
      .where(and(eq(hubEvents.userId, alice.id), eq(hubEvents.eventName, 'ProxyStatusUpdated')));
    expect(logged).toHaveLength(1000);
    const job = await t.app.jobs.state('proxy-checks', started.batchId);
    expect(job).toMatchObject({ state: 'completed', retryCount: 0 });
    // The batch is given a minute to deliver on a loaded machine.
  }, 120_000);
});
