/**
 * The lots list reads its total in the page's own statement and keeps it between requests like every list
 * (src/db/list-totals.ts). Lots are written straight to the table, each statement a transaction of its own
 * (another writer, such as a market sync); a lot written with the triggers off shows when a kept total answered.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInAdmin, signedInUser } from '../helpers/signed-in.ts';
import type { SellerTestApp } from '../seller/helpers.ts';
import { as, createLotsTestApp, ok } from './helpers.ts';
import { type LotPage, type SeedLot, seedLots, seedSellerAccount } from './list-seed.ts';

let t: SellerTestApp;
let a: TestUser;
let b: TestUser;
let account: number;
let otherAccount: number;
let written = 0;

const db = () => t.testDb.database.db;
const query = (user: TestUser, body: Record<string, unknown>) =>
  ok<LotPage>(as(t, user.accessToken, 'POST', '/api/p2p/lots/query', body));
const ON_SALE = { withStatus: ['on_sale'], pages: { page: 1, pageSize: 10 } };

async function countNow(userId: string, where = sql`true`): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db().execute(sql`select count(*)::int as n from lots where user_id = ${userId} and ${where}`),
  );
  return row!.n;
}

const lotsOf = (n: number, status = 'on_sale'): SeedLot[] =>
  Array.from({ length: n }, (_, i) => ({ name: `AK-47 | Kept ${i} (Field-Tested)`, status }));

/** `n` lots of the account; with `silent` the triggers are off for the transaction (no change is noted). */
async function addLots(n: number, silent = false, userId = a.id, accountId = account): Promise<void> {
  const prefix = `kept-${written++}`;
  if (!silent) return seedLots(t, userId, accountId, prefix, lotsOf(n));
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`insert into lots (user_id, seller_account_id, asset_id, class_id, instance_id,
        market_hash_name, game, currency, profile, strategy, status)
      select ${userId}::uuid, ${accountId}::int, ${prefix} || i, '1', '0', 'AK-47 | Silent (Field-Tested)', 'cs2',
        'USD', 'aggressive', '{"kind":"percentOfThresholds","lowBp":10000,"highBp":10000}'::jsonb, 'on_sale'
      from generate_series(1, ${n}::int) as i`);
  });
}

beforeAll(async () => {
  t = await createLotsTestApp(0);
  const admin = await signedInAdmin(t);
  a = await signedInUser(t, 'lots-kept-a', admin);
  b = await signedInUser(t, 'lots-kept-b', admin);
  account = await seedSellerAccount(t, a.id, 'kept-a1');
  otherAccount = await seedSellerAccount(t, b.id, 'kept-b1');
  await seedLots(t, a.id, account, 'base', [...lotsOf(30), ...lotsOf(7, 'in_inventory')]);
}, 120_000);
afterAll(() => t?.close());

describe('lots list totals, read in the page statement and kept between requests', () => {
  it('keeps a total while nothing changed and counts again after an insert or a delete', async () => {
    const counted = (await query(a, ON_SALE)).total;
    expect(counted).toBe(await countNow(a.id, sql`status = 'on_sale'`));
    // Unnoticed, the kept total answers: proof that it was kept.
    await addLots(2, true);
    expect((await query(a, ON_SALE)).total).toBe(counted);
    await addLots(3);
    expect((await query(a, ON_SALE)).total).toBe(await countNow(a.id, sql`status = 'on_sale'`));
    await db().execute(sql`delete from lots where id = (select max(id) from lots where user_id = ${a.id})`);
    expect((await query(a, ON_SALE)).total).toBe(await countNow(a.id, sql`status = 'on_sale'`));
  });

  it("another user's change leaves the kept total; the user's own counts again", async () => {
    const counted = (await query(a, ON_SALE)).total;
    await addLots(2, true);
    await addLots(4, false, b.id, otherAccount);
    expect((await query(a, ON_SALE)).total).toBe(counted);
    expect((await query(b, ON_SALE)).total).toBe(await countNow(b.id, sql`status = 'on_sale'`));
    await addLots(1);
    expect((await query(a, ON_SALE)).total).toBe(await countNow(a.id, sql`status = 'on_sale'`));
  });

  it('a page past the end and a first page that is not full still carry the right total', async () => {
    const onSale = await countNow(a.id, sql`status = 'on_sale'`);
    const past = await query(a, { withStatus: ['on_sale'], pages: { page: 50, pageSize: 10 } });
    expect(past.items).toEqual([]);
    expect(past.total).toBe(onSale);
    const few = await query(a, { withStatus: ['in_inventory'], pages: { page: 1, pageSize: 10 } });
    expect(few.items).toHaveLength(7);
    expect(few.total).toBe(7);
    const exact = await query(a, {
      withStatus: ['on_sale'],
      exactTotal: true,
      pages: { page: 2, pageSize: 10 },
    });
    expect(exact.items).toHaveLength(10);
    expect(exact.total).toBe(onSale);
  });

  it('a row of the list is the lot as read on its own, every kind of value included', async () => {
    await db().execute(sql`update lots set price = 123456789012, purchase_price = 5, min_price = 10,
        max_price = 9007199254740991, rarity = 'Covert', item_id = 'it-1', quantity = 3,
        issues = '["price_mismatch"]'::jsonb, listed_at = '2026-03-01 10:20:30.456+03',
        price_updated_at = now(), last_price_write_at = now(), last_reprice_reason = 'undercut'
      where id = (select min(id) from lots where user_id = ${a.id})`);
    const page = await query(a, { pages: { page: 1, pageSize: 25 } });
    expect(page.items.length).toBeGreaterThan(0);
    for (const item of page.items) {
      const one = await ok<{ id: number }>(as(t, a.accessToken, 'GET', `/api/p2p/lots/${item.id}`));
      expect(item).toEqual(one);
    }
    const filled = page.items[0] as unknown as Record<string, unknown>;
    expect(filled.listedAt).toBe('2026-03-01T07:20:30.456Z');
    expect(filled.maxPrice).toEqual({ currency: 'USD', amount: 9007199254740991 });
  });
});
