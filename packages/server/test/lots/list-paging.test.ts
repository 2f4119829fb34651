import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInAdmin, signedInUser } from '../helpers/signed-in.ts';
import type { SellerTestApp } from '../seller/helpers.ts';
import { as, createLotsTestApp, ok } from './helpers.ts';
import { type LotPage, type SeedLot, seedLots, seedSellerAccount, walkPages } from './list-seed.ts';

const NAMES = [
  'AK-47 | Redline (Field-Tested)',
  'AWP | Asiimov (Battle-Scarred)',
  '★ Karambit | Fade (Factory New)',
  'M4A1-S | Hyper Beast (Well-Worn)',
  'Нож | Градиент',
];

type Sort = { propertyName: string; isDescending?: boolean }[];

/** Walks, each with the filter and order a list offers, and the same as plain SQL over the table. */
const WALKS: {
  body: (accountId: number) => Record<string, unknown>;
  where: (accountId: number) => string;
}[] = [
  { body: () => ({ withStatus: ['on_sale'] }), where: () => `status = 'on_sale'` },
  {
    body: () => ({ withStatus: ['on_sale'], sort: [{ propertyName: 'price', isDescending: true }] }),
    where: () => `status = 'on_sale'`,
  },
  {
    body: (account) => ({ accountIds: [account], sort: [{ propertyName: 'name' }] }),
    where: (account) => `seller_account_id = ${account}`,
  },
  {
    body: () => ({
      profiles: ['balanced'],
      withStatus: ['on_sale'],
      sort: [{ propertyName: 'status' }, { propertyName: 'price' }],
    }),
    where: () => `profile = 'balanced' and status = 'on_sale'`,
  },
  { body: () => ({ searchString: 'ak-47' }), where: () => `market_hash_name ilike '%ak-47%'` },
];

const COLUMNS: Record<string, string> = { price: 'price', name: 'market_hash_name', status: 'status' };

describe('lots.query keyset pages', () => {
  let t: SellerTestApp;
  let a: TestUser;
  let b: TestUser;
  let account: number;
  let added = 0;
  const query = (body: Record<string, unknown>) =>
    ok<LotPage>(as(t, a.accessToken, 'POST', '/api/p2p/lots/query', body));

  /** The user's matching lots in the list's order, by a plain query of the table. */
  const orderedIds = async (where: string, sort: Sort) => {
    const order = sort.map(
      (key) => `${COLUMNS[key.propertyName]} ${key.isDescending ? 'desc' : 'asc'} nulls last`,
    );
    order.push('id asc');
    const rows = rowsOf<{ id: number }>(
      await t.testDb.database.db.execute(
        sql.raw(`select id from lots where user_id = '${a.id}' and ${where} order by ${order.join(', ')}`),
      ),
    );
    return rows.map((row) => Number(row.id));
  };

  const lotsOf = (count: number, seed: number): SeedLot[] =>
    Array.from({ length: count }, (_, i) => ({
      name: NAMES[(i * 7 + seed) % NAMES.length]!,
      status: (i + seed) % 4 === 3 ? 'in_inventory' : 'on_sale',
      profile: ['aggressive', 'balanced', 'conservative'][(i + seed) % 3]!,
      // Equal prices and missing ones, so the id decides between rows and nulls come last.
      price: (i + seed) % 5 === 0 ? null : 100 * ((i * 13 + seed) % 17),
    }));

  beforeAll(async () => {
    t = await createLotsTestApp(0);
    const admin = await signedInAdmin(t);
    a = await signedInUser(t, 'lots-paging-a', admin);
    b = await signedInUser(t, 'lots-paging-b', admin);
    account = await seedSellerAccount(t, a.id, 'paging-a1');
    const second = await seedSellerAccount(t, a.id, 'paging-a2');
    await seedLots(t, a.id, account, 'a1', lotsOf(400, 1));
    await seedLots(t, a.id, second, 'a2', lotsOf(300, 2));
    await seedLots(t, b.id, await seedSellerAccount(t, b.id, 'paging-b'), 'b', lotsOf(300, 3));
  }, 120_000);
  afterAll(() => t?.close());

  it('walks every matching lot once, in order, while lots are added between pages', async () => {
    for (const [n, walk] of WALKS.entries()) {
      const body = walk.body(account);
      const sort = (body.sort ?? []) as Sort;
      const existing = await orderedIds(walk.where(account), sort);
      const { ids: seen, pages } = await walkPages(query, body, 25, async (page) => {
        // Someone's sync adds lots while the list is scrolled: before or after the cursor, never twice.
        if (page % 3 === 0) await seedLots(t, a.id, account, `added${n}-${added++}`, lotsOf(3, page));
      });
      expect(pages, JSON.stringify(body)).toBeGreaterThan(5);
      expect(new Set(seen).size, 'no lot twice').toBe(seen.length);
      const seenSet = new Set(seen);
      expect(
        existing.filter((id) => !seenSet.has(id)),
        'no lot that was there all along is skipped',
      ).toEqual([]);
      // The walk follows the list's order, the lots added meanwhile included.
      const now = await orderedIds(walk.where(account), sort);
      expect(seen, JSON.stringify(body)).toEqual(now.filter((id) => seenSet.has(id)));
    }
  }, 300_000);

  it('an offset page and its total equal the plain query', async () => {
    const expected = await orderedIds(`profile = 'balanced' and status = 'on_sale'`, []);
    const page = await query({
      profiles: ['balanced'],
      withStatus: ['on_sale'],
      pages: { page: 3, pageSize: 25 },
    });
    expect(page.items.map((item) => Number(item.id))).toEqual(expected.slice(50, 75));
    expect(page.total).toBe(expected.length);
    // Each row carries its account's login.
    const rows = page.items as unknown as { account: { id: number; login: string } }[];
    expect(rows.map((row) => row.account.login)).toEqual(
      rows.map((row) => (row.account.id === account ? 'paging-a1' : 'paging-a2')),
    );
  });
});
