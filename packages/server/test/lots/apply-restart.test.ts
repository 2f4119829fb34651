/**
 * An apply job cut in the middle: the market took the first batch, the second was sent but its answer never
 * recorded, the rest were never sent, and the process ended. The next start on the same database ends the job from
 * its batch rows: the written prices kept (on the lots too), the unknown batch and the unsent lots reported failed
 * with their reason, and no price sent twice or after the restart.
 */
import type { LotRow, RepriceJob } from '@tradedeck/sdk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxListing } from '../../src/integrations/market/index.ts';
import { APPLY_STALE_MS } from '../../src/modules/lots/apply-reconcile.ts';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import type { SellerTestApp } from '../seller/helpers.ts';
import {
  addSandboxAccounts,
  addSellerAccounts,
  as,
  createLotsTestApp,
  ok,
  restartLotsApp,
} from './helpers.ts';

const ACCOUNTS = 2;
const LOTS_PER_ACCOUNT = 80;
const selection = { filters: { withStatus: ['on_sale'] } };
const strategy = { kind: 'percentOfThresholds', lowBp: 10_000, highBp: 10_000 };

let t: SellerTestApp;
let current: FastifyInstance;
let user: TestUser;
/** Price writes the sandbox market took, per listing. */
const writes = new Map<string, number>();

async function allLots(filters: object = {}): Promise<LotRow[]> {
  const rows: LotRow[] = [];
  for (let page = 1; ; page++) {
    const data = await call<{ items: LotRow[]; total: number }>('POST', '/api/p2p/lots/query', {
      ...filters,
      pages: { page, pageSize: 100 },
    });
    rows.push(...data.items);
    if (rows.length >= data.total || data.items.length === 0) return rows;
  }
}

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await current.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${user.accessToken}`, 'accept-language': 'en-US' },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return (res.json() as { data: T }).data;
}

beforeAll(async () => {
  t = await createLotsTestApp(LOTS_PER_ACCOUNT + 30);
  current = t.app;
  user = await signedInUser(t, 'lots-restart');
  const accounts = t.world.healthyAccounts(ACCOUNTS, 6301);
  const steamIds = await addSandboxAccounts(t, user.accessToken, accounts, 60);
  const sellerIds = await addSellerAccounts(t, user, steamIds, accounts);
  await ok(as(t, user.accessToken, 'POST', '/api/p2p/lots/sync', {}));
  const inventory = await allLots({ withStatus: ['in_inventory'] });
  const picked = sellerIds.flatMap((id) =>
    inventory.filter((lot) => lot.account.id === id).slice(0, LOTS_PER_ACCOUNT),
  );
  const listed = await ok<{ listed: number }>(
    as(t, user.accessToken, 'POST', '/api/p2p/lots/add-to-sale', {
      items: picked.map((lot) => ({ id: lot.id, price: { currency: 'USD', amount: 9_000_000 } })),
    }),
  );
  expect(listed.listed).toBe(ACCOUNTS * LOTS_PER_ACCOUNT);
  await ok(
    as(t, user.accessToken, 'POST', '/api/p2p/lots/thresholds', { selection, min: '0.01', max: '100000' }),
  );
  t.clock.advance(61_000);
  const reprice = t.market.reprice.bind(t.market);
  t.market.reprice = (listing: SandboxListing, ...rest) => {
    writes.set(listing.itemId, (writes.get(listing.itemId) ?? 0) + 1);
    reprice(listing, ...rest);
  };
}, 180_000);

afterAll(async () => {
  await current?.close();
  await t?.testDb.drop();
  await t?.smtp.stop();
});

describe('an apply job cut by a crash', () => {
  it('ends at the next start from what was sent, sending nothing twice', async () => {
    const db = t.testDb.database.db;
    // The process "dies" once the market took the second batch: its answer, and anything after, is never stored.
    await db.execute(sql`
      create function lots_test_cut() returns trigger language plpgsql as $$
      begin
        if (select count(*) from lot_reprice_batches where job_id = new.job_id and state = 'answered') >= 1
        then raise exception 'the process died'; end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger lots_test_cut before update on lot_reprice_batches
      for each row when (new.state = 'answered') execute function lots_test_cut()`);
    await db.execute(sql`
      create function lots_test_keep() returns trigger language plpgsql as $$
      begin raise exception 'the process died'; end $$`);
    await db.execute(sql`create trigger lots_test_keep before update on lot_reprice_jobs
      for each row when (new.status <> 'running') execute function lots_test_keep()`);

    const cut = await call<RepriceJob>('POST', '/api/p2p/lots/reprice/apply', {
      selection,
      strategy,
      profile: 'aggressive',
      itemsLimit: 1_000,
      wait: true,
    });
    expect(cut.status).toBe('running');
    const sentBeforeCrash = [...writes.values()].reduce((sum, count) => sum + count, 0);
    // The first account's two batches (50 and 30 lots): one answered, one taken but its answer never stored.
    expect(sentBeforeCrash).toBe(80);

    await db.execute(sql`drop trigger lots_test_cut on lot_reprice_batches`);
    await db.execute(sql`drop trigger lots_test_keep on lot_reprice_jobs`);
    // On Postgres other processes may share the database: a job counts as cut once its heartbeat is stale.
    t.clock.advance(APPLY_STALE_MS + 1_000);
    current = await restartLotsApp(t, current);

    const job = await call<RepriceJob>('GET', `/api/p2p/lots/reprice/jobs/${cut.id}?itemsLimit=1000`);
    expect(job).toMatchObject({ status: 'failed', total: ACCOUNTS * LOTS_PER_ACCOUNT, done: job.total });
    expect(job.summary).toEqual({ changed: 50, unchanged: 0, unavailable: 0, failed: 110 });
    const failed = job.items.filter((item) => item.outcome === 'failed');
    expect(failed.every((item) => item.reason === 'write_failed' && item.newPrice === null)).toBe(true);
    // The real reason is the item's message; none of them was refused by the market.
    expect(failed.every((item) => item.marketError === null)).toBe(true);
    const unknown = failed.filter((item) => item.message.startsWith('Repricing was cut while'));
    const unsent = failed.filter((item) => item.message === 'Repricing was cut: this price was not sent');
    expect([unknown.length, unsent.length]).toEqual([30, 80]);

    // Nothing went out again, at the restart or after it.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect([...writes.values()].every((count) => count === 1)).toBe(true);
    expect([...writes.values()].reduce((sum, count) => sum + count, 0)).toBe(sentBeforeCrash);
    for (const item of unsent) expect(writes.has(item.itemId!)).toBe(false);
    for (const item of unknown) expect(writes.get(item.itemId!)).toBe(1);

    // The written prices are on the lots.
    const byId = new Map((await allLots()).map((lot) => [lot.id, lot]));
    const written = job.items.filter((item) => item.outcome === 'changed');
    for (const item of written) expect(byId.get(item.lotId)!.price).toEqual(item.newPrice);
  }, 120_000);
});
