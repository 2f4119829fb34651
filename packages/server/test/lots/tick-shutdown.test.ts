/**
 * A server shut down while its repricing tick writes prices: the tick's job is left to run again (never marked
 * completed unfinished), the next start resumes that same job, and every price is written once.
 */
import type { LotRow } from '@tradedeck/sdk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS_SCHEMA } from '../../src/jobs/schema-name.ts';
import { LOTS_TICK_QUEUE } from '../../src/modules/lots/tick.ts';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import type { SellerTestApp } from '../seller/helpers.ts';
import {
  addSandboxAccounts,
  addSellerAccounts,
  as,
  countPriceWrites,
  createLotsTestApp,
  ok,
  restartLotsApp,
  setScanner,
  waitFor,
} from './helpers.ts';

const LOTS = 60;

let t: SellerTestApp;
let current: FastifyInstance;
let user: TestUser;
let sellerId: number;
/** Price writes the sandbox market took, per listing. */
let writes: Map<string, number>;
let onFirstWrite: (() => void) | null = null;

async function lotsOnSale(): Promise<LotRow[]> {
  const res = await current.inject({
    method: 'POST',
    url: '/api/p2p/lots/query',
    headers: { authorization: `Bearer ${user.accessToken}` },
    payload: { withStatus: ['on_sale'], pages: { page: 1, pageSize: 100 } },
  });
  return (res.json() as { data: { items: LotRow[] } }).data.items;
}

interface TickJob {
  id: string;
  state: string;
  retryCount: number;
}

/** Every repricing tick job pg-boss holds, with where it stands. */
async function tickJobs(): Promise<TickJob[]> {
  const rows = await t.testDb.database.db.execute(sql`
    select id::text as id, state::text as state, retry_count as "retryCount"
    from ${sql.raw(JOBS_SCHEMA)}.job where name = ${LOTS_TICK_QUEUE}`);
  return (rows as unknown as { rows: TickJob[] }).rows;
}

beforeAll(async () => {
  t = await createLotsTestApp(LOTS + 20);
  current = t.app;
  user = await signedInUser(t, 'lots-tick-stop');
  const accounts = t.world.healthyAccounts(1, 6401);
  const steamIds = await addSandboxAccounts(t, user.accessToken, accounts, 70);
  [sellerId] = (await addSellerAccounts(t, user, steamIds, accounts)) as [number];
  await ok(as(t, user.accessToken, 'POST', '/api/p2p/lots/sync', {}));
  const inventory = await ok<{ items: LotRow[] }>(
    as(t, user.accessToken, 'POST', '/api/p2p/lots/query', {
      withStatus: ['in_inventory'],
      pages: { page: 1, pageSize: 100 },
    }),
  );
  const listed = await ok<{ listed: number }>(
    as(t, user.accessToken, 'POST', '/api/p2p/lots/add-to-sale', {
      items: inventory.items
        .slice(0, LOTS)
        .map((lot) => ({ id: lot.id, price: { currency: 'USD', amount: 9_000_000 } })),
    }),
  );
  expect(listed.listed).toBe(LOTS);
  await ok(
    as(t, user.accessToken, 'POST', '/api/p2p/lots/thresholds', {
      selection: { filters: { withStatus: ['on_sale'] } },
      min: '0.01',
      max: '100000',
    }),
  );
  t.clock.advance(61_000);
  writes = countPriceWrites(t, () => {
    onFirstWrite?.();
    onFirstWrite = null;
  });
}, 180_000);

afterAll(async () => {
  await current?.close();
  await t?.testDb.drop();
  await t?.smtp.stop();
});

describe('a repricing tick when the server shuts down', () => {
  it('leaves its job to resume, and the next start finishes the tick with each price written once', async () => {
    let closing: Promise<void> | null = null;
    const closed = new Promise<void>((resolve) => {
      onFirstWrite = () => {
        closing = current.close();
        void closing.then(resolve);
      };
    });
    await setScanner(t, [sellerId], true);
    // The shutdown starts as the market takes the tick's first price.
    await closed;
    // The tick's one job is not completed: pg-boss holds it for another run (a completed one would be replaced).
    const jobs = await tickJobs();
    expect(jobs.map((job) => job.state)).toEqual(['retry']);
    const cut = jobs[0]!;

    current = await restartLotsApp(t, current);
    // The same job runs again (seen running, or already done when its run ended between two looks).
    const resumed = await waitFor(async () => {
      const job = (await tickJobs()).find((row) => row.id === cut.id);
      return job && job.retryCount > cut.retryCount && ['active', 'completed'].includes(job.state)
        ? job
        : null;
    }, 60_000);
    expect(resumed.retryCount).toBe(cut.retryCount + 1);
    const repriced = await waitFor(async () => {
      const lots = await lotsOnSale();
      return lots.length === LOTS && lots.every((lot) => lot.price!.amount < 9_000_000) ? lots : null;
    }, 60_000);
    // Every lot repriced, each listing's price written exactly once across both runs.
    expect(repriced.map((lot) => writes.get(lot.itemId!))).toEqual(repriced.map(() => 1));
    expect(writes.size).toBe(LOTS);
    await setScanner(t, [sellerId], false);
  }, 180_000);
});
