import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { AuthTestApp, TestUser } from '../auth/helpers/auth-app.ts';
import type { SellerWalkTarget } from '../seller/tenant-walk.ts';

/** Tenant A's lots (synced from A's seller account of the walk) and a repricing job of A's. */
export interface LotsWalkTarget {
  lotId: number;
  jobId: number;
}

interface Ctx {
  t: AuthTestApp;
  a: TestUser;
  b: TestUser;
  seller: SellerWalkTarget;
  lots: LotsWalkTarget;
}

const as = (t: AuthTestApp, user: TestUser, method: string, url: string, body?: unknown) =>
  t.call(method, url, { token: user.accessToken, ...(body !== undefined ? { body } : {}) });

export async function prepareLotsWalk(
  t: AuthTestApp,
  a: TestUser,
  seller: SellerWalkTarget,
): Promise<LotsWalkTarget> {
  const synced = await as(t, a, 'POST', '/api/p2p/lots/sync', { accountIds: [seller.accountId] });
  if (synced.statusCode !== 200) throw new Error(`lots sync: ${synced.body}`);
  const listed = await as(t, a, 'POST', '/api/p2p/lots/query', {});
  const lotId = listed.json().data.items[0]?.id as number | undefined;
  if (!lotId) throw new Error(`no lots of A: ${listed.body}`);
  await as(t, a, 'POST', '/api/p2p/lots/thresholds', { selection: { ids: [lotId] }, min: '1', max: '2' });
  const job = await as(t, a, 'POST', '/api/p2p/lots/reprice/apply', {
    selection: { ids: [lotId] },
    wait: true,
  });
  if (job.statusCode !== 200) throw new Error(`reprice job: ${job.body}`);
  return { lotId, jobId: job.json().data.id as number };
}

/** What A sees: the lot, the job and the counters. */
async function aView({ t, a, lots }: Ctx): Promise<string> {
  const lot = await as(t, a, 'GET', `/api/p2p/lots/${lots.lotId}`);
  const job = await as(t, a, 'GET', `/api/p2p/lots/reprice/jobs/${lots.jobId}`);
  const counters = await as(t, a, 'GET', '/api/p2p/lots/counters');
  return JSON.stringify([lot.json().data, job.json().data, counters.json().data]);
}

let snapshot: string | null = null;

function walk(call: (ctx: Ctx) => Promise<LightMyRequestResponse>) {
  return {
    expect: 3,
    attack: async (ctx: Ctx) => {
      snapshot ??= await aView(ctx);
      return call(ctx);
    },
    unchanged: async (ctx: Ctx) => expect(await aView(ctx)).toBe(snapshot),
  };
}

const byAccount = (url: string) =>
  walk(({ t, b, seller }) => as(t, b, 'POST', url, { accountIds: [seller.accountId] }));

/** The tenant walk of lots, sales and price operations: user B names A's lots, jobs and seller accounts. */
export const lotsWalker = {
  'lots.query': byAccount('/api/p2p/lots/query'),
  'lots.groups': byAccount('/api/p2p/lots/groups/query'),
  'lots.counters': walk(({ t, b, seller }) =>
    as(t, b, 'GET', `/api/p2p/lots/counters?accountIds=${seller.accountId}`),
  ),
  'lots.get': walk(({ t, b, lots }) => as(t, b, 'GET', `/api/p2p/lots/${lots.lotId}`)),
  'lots.repriceJob': walk(({ t, b, lots }) => as(t, b, 'GET', `/api/p2p/lots/reprice/jobs/${lots.jobId}`)),
  'lots.copySettings': walk(({ t, b, lots }) =>
    as(t, b, 'POST', '/api/p2p/lots/copy-settings', { fromId: lots.lotId, selection: { ids: [lots.lotId] } }),
  ),
  'lots.sync': byAccount('/api/p2p/lots/sync'),
  'sales.query': byAccount('/api/p2p/sales/query'),
  'sales.totals': byAccount('/api/p2p/sales/totals'),
  'sales.revenueByDay': byAccount('/api/p2p/sales/revenue-by-day'),
  'sales.export': byAccount('/api/p2p/sales/export'),
};
