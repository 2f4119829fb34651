import type { ProxyStatusUpdated } from '@tradedeck/sdk/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { hubEvents } from '../../src/db/schema.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { startJudge } from '../proxy-checker/helpers/judges.ts';
import type { LoopbackServer } from '../proxy-checker/helpers/loopback-server.ts';
import { type Blackhole, startBlackhole, startSocks5 } from '../proxy-checker/helpers/proxy-servers.ts';
import { proxyRows, storeProxies } from './helpers/proxy-check-app.ts';

// A server that stops in the middle of a batch: the next one on the same database resumes it, and every proxy
// ends with exactly one stored result and one event.
let t: AuthTestApp;
let current: FastifyInstance;
let user: TestUser;
let judge: { url: string; close: () => Promise<void> };
let socks: LoopbackServer;
let blackhole: Blackhole;

const tune = (app: FastifyInstance) =>
  app.proxyChecks.tune({
    checkUrl: judge.url,
    connectTimeoutMs: 1000,
    totalTimeoutMs: 3000,
    concurrency: 4,
    // The test proxies listen on loopback.
    allowPrivateAddresses: true,
  });

beforeAll(async () => {
  t = await createAuthTestApp();
  current = t.app;
  user = await signedInUser(t, 'restarts');
  judge = await startJudge();
  socks = await startSocks5();
  blackhole = await startBlackhole();
  tune(current);
});
afterAll(async () => {
  await current.close();
  await t.testDb.drop();
  await Promise.all([judge.close(), socks.close(), blackhole.close()]);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The user's ProxyStatusUpdated payloads in the log after a version. */
async function loggedResults(afterVersion: number): Promise<ProxyStatusUpdated[]> {
  const rows = await t.testDb.database.db
    .select({ payload: hubEvents.payload })
    .from(hubEvents)
    .where(
      and(
        eq(hubEvents.userId, user.id),
        eq(hubEvents.eventName, 'ProxyStatusUpdated'),
        gt(hubEvents.version, afterVersion),
      ),
    );
  return rows.map((row) => row.payload as ProxyStatusUpdated);
}

async function headVersion(): Promise<number> {
  return current.hubs.eventLog.headVersion({
    userId: user.id,
    hub: 'proxy-checker-hub',
    sourceId: 'proxies',
  });
}

/** Starts a batch, stops the server once `early` results are logged, starts another and waits for the end. */
async function restartDuring(body: unknown, early: number, afterVersion: number) {
  const res = await current.inject({
    method: 'POST',
    url: '/api/proxies/check',
    headers: { authorization: `Bearer ${user.accessToken}` },
    payload: body as object,
  });
  const { batchId, total } = res.json().data as { batchId: string; total: number };
  const deadline = Date.now() + 10_000;
  let before = await loggedResults(afterVersion);
  while (before.length < early && Date.now() < deadline) {
    await sleep(50);
    before = await loggedResults(afterVersion);
  }
  expect(before.length).toBeGreaterThanOrEqual(early);
  expect(before.length).toBeLessThan(total);

  // The server stops mid-batch (four blackholed proxies per second are still to come), another one starts.
  await current.close();
  current = await buildApp({ config: t.config, database: t.testDb.database });
  tune(current);
  await current.ready();

  const until = Date.now() + 30_000;
  let state = await current.jobs.state('proxy-checks', batchId);
  while (state?.state !== 'completed' && Date.now() < until) {
    await sleep(100);
    state = await current.jobs.state('proxy-checks', batchId);
  }
  expect(state).toMatchObject({ state: 'completed' });
  expect(state!.retryCount).toBeGreaterThanOrEqual(1);
  return { before, after: await loggedResults(afterVersion), total };
}

function countPerId(payloads: ProxyStatusUpdated[]): Map<number | string, number> {
  const perId = new Map<number | string, number>();
  for (const payload of payloads) perId.set(payload.id, (perId.get(payload.id) ?? 0) + 1);
  return perId;
}

describe('a batch across a restart', () => {
  it('resumes saved proxies without losing or repeating a result', async () => {
    const ids = await storeProxies(t, user.id, [
      ...Array.from({ length: 8 }, () => ({ protocol: 3 as const, port: socks.port })),
      ...Array.from({ length: 16 }, () => ({ protocol: 0 as const, port: blackhole.port })),
    ]);
    const start = await headVersion();
    const earlyRows = await proxyRows(t, ids);
    expect([...earlyRows.values()].every((row) => row.lastCheckedAt === null)).toBe(true);

    const { before, after } = await restartDuring({ ids }, 8, start);
    const rows = await proxyRows(t, ids);
    // Results stored before the restart were not checked again.
    for (const payload of before) {
      expect(rows.get(payload.id as number)!.lastCheckedAt!.toISOString()).toBe(payload.checkedAt);
    }
    expect([...rows.values()].filter((row) => row.status === 1)).toHaveLength(8);
    expect([...rows.values()].filter((row) => row.status === 3)).toHaveLength(16);
    const perId = countPerId(after);
    expect([...perId.keys()].sort()).toEqual([...ids].sort());
    expect([...perId.values()].every((count) => count === 1)).toBe(true);
  });

  it('resumes unsaved check-map lines the same way', async () => {
    const lines: Record<string, { protocol: number; address: string; port: number }> = {};
    for (let i = 0; i < 8; i++) lines[`ok-${i}`] = { protocol: 3, address: '127.0.0.1', port: socks.port };
    for (let i = 0; i < 12; i++)
      lines[`dead-${i}`] = { protocol: 0, address: '127.0.0.1', port: blackhole.port };
    const start = await headVersion();

    const { after } = await restartDuring({ proxies: lines }, 8, start);
    const perId = countPerId(after);
    expect([...perId.keys()].sort()).toEqual(Object.keys(lines).sort());
    expect([...perId.values()].every((count) => count === 1)).toBe(true);
    expect(after.filter((payload) => payload.status === 5 && payload.result === 1)).toHaveLength(8);
  });
});
