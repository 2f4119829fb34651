import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { AuthTestApp, TestUser } from '../auth/helpers/auth-app.ts';
import { viewBeforeAttack } from '../security/view-before-attack.ts';
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

/**
 * A's lot is written as a sync would (no market call signs A's Steam account in while other walks watch it), in
 * the workspace that holds A's seller account (`workspaceId`, A's personal one unless named).
 */
export async function prepareLotsWalk(
  t: AuthTestApp,
  a: TestUser,
  seller: SellerWalkTarget,
  workspaceId: string = a.id,
): Promise<LotsWalkTarget> {
  const inserted =
    (await t.testDb.database.db.execute(sql`insert into lots (user_id, seller_account_id, asset_id,
      class_id, instance_id, market_hash_name, game, currency, strategy, status, min_price, max_price)
    values (${workspaceId}, ${seller.accountId}, '990001', '1', '0', 'AK-47 | Slate (Field-Tested)', 'cs2', 'USD',
      '{"kind":"percentOfThresholds","lowBp":10000,"highBp":10000}'::jsonb, 'in_inventory', 1000, 2000)
    returning id`)) as unknown as { rows: { id: number }[] };
  const lotId = inserted.rows[0]!.id;
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

const seen = viewBeforeAttack(aView);

function walk(call: (ctx: Ctx) => Promise<LightMyRequestResponse>) {
  return {
    expect: 3,
    attack: async (ctx: Ctx) => {
      await seen.take(ctx);
      return call(ctx);
    },
    unchanged: async (ctx: Ctx) => seen.unchanged(ctx),
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
