import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInAdmin, signedInUser } from '../helpers/signed-in.ts';
import type { SellerTestApp } from '../seller/helpers.ts';
import { as, createLotsTestApp, ok } from './helpers.ts';
import { type LotPage, type SeedLot, seedLots, seedSellerAccount, walkPages } from './list-seed.ts';

/** A small deterministic generator, so a failing corpus can be reproduced. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Item names as the market writes them: spaces, dashes, "|", "★", "™", Cyrillic, LIKE's special characters. */
const NAMES = [
  'AK-47 | Redline (Field-Tested)',
  'AK-47 | Redline (Minimal Wear)',
  'StatTrak™ AK-47 | Vulcan (Factory New)',
  '★ Karambit | Fade (Factory New)',
  '★ StatTrak™ Butterfly Knife | Doppler (Minimal Wear)',
  'M4A1-S | Hyper Beast (Well-Worn)',
  'Sticker | Team Spirit | Paris 2023',
  'Нож | Градиент (Прямо с завода)',
  'Перчатки | Кобальт',
  'Operation Breakout Weapon Case',
  '50% off_sale \\ special',
  'AWP | Asiimov (Battle-Scarred)',
  'ak-47 | lowercase (Field-Tested)',
];

async function seedCorpus(t: SellerTestApp, user: TestUser, seed: number, extra: string[]): Promise<void> {
  const random = generator(seed);
  const account = await seedSellerAccount(t, user.id, `corpus${seed}`);
  const names = [...NAMES, ...extra];
  const lots: SeedLot[] = Array.from({ length: 500 }, (_, i) => ({
    name: names[Math.floor(random() * names.length)]!,
    status: random() < 0.7 ? 'on_sale' : 'in_inventory',
    price: random() < 0.8 ? Math.floor(random() * 10_000) : null,
    itemId: random() < 0.5 ? String(900_000 + seed * 1000 + i) : null,
  }));
  await seedLots(t, user.id, account, `corpus${seed}`, lots);
}

const SEARCHES = [
  'ak-47',
  'AK-47 |',
  'REDLINE (',
  '★',
  '★ ',
  '| ',
  ' | ',
  'Field-Tested',
  '™',
  'Нож',
  'нож',
  'Кобальт',
  'кОБАЛЬТ',
  '%',
  '50%',
  '_',
  'off_',
  '\\',
  'case',
  'e',
  'zzz',
  // An item id and an asset id match by equality.
  '900123',
  'corpus7-42',
  'Olympus',
];

describe('lots search: the indexed path finds exactly what a plain scan finds', () => {
  let t: SellerTestApp;
  let a: TestUser;
  let b: TestUser;
  const query = (user: TestUser) => (body: Record<string, unknown>) =>
    ok<LotPage>(as(t, user.accessToken, 'POST', '/api/p2p/lots/query', body));

  /** The user's matching lots by a plain scan of the table (as the owner, no index): what the box promises. */
  const scan = async (userId: string, text: string) => {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const result = (await t.testDb.database.db.execute(sql`select id from lots where user_id = ${userId}
      and (market_hash_name ilike ${pattern} or item_id = ${text} or asset_id = ${text}) order by id`)) as unknown as {
      rows: { id: number }[];
    };
    return result.rows.map((row) => Number(row.id));
  };

  beforeAll(async () => {
    t = await createLotsTestApp(0);
    const admin = await signedInAdmin(t);
    a = await signedInUser(t, 'lots-search-a', admin);
    b = await signedInUser(t, 'lots-search-b', admin);
    await seedCorpus(t, a, 7, []);
    // The other user's lots match the same searches (and one item only they hold): they must never show.
    await seedCorpus(t, b, 11, ['Sticker | Zeus x27 | Olympus']);
  }, 120_000);
  afterAll(() => t?.close());

  it('every search equals the scan of the name (any case), the item id and the asset id', async () => {
    for (const text of SEARCHES) {
      const expected = await scan(a.id, text);
      const { ids } = await walkPages(query(a), { searchString: text });
      expect(
        [...ids].sort((x, y) => x - y),
        text,
      ).toEqual(expected);
      const first = await query(a)({ searchString: text, pages: { page: 1, pageSize: 10 } });
      expect(first.total, text).toBe(expected.length);
    }
    // The corpus makes the comparison mean something: the search ignores case, some searches find many, some none.
    expect((await scan(a.id, 'ak-47')).length).toBeGreaterThan(100);
    expect(await scan(a.id, 'AK-47')).toEqual(await scan(a.id, 'ak-47'));
    expect(await scan(a.id, 'Нож')).not.toEqual([]);
    expect(await scan(a.id, '50%')).not.toEqual([]);
    expect(await scan(a.id, 'zzz')).toEqual([]);
  }, 180_000);

  it("never shows another user's matching lots", async () => {
    const own = new Set(await scan(a.id, ''));
    for (const text of ['ak-47', '★', 'Нож', '%', 'e']) {
      const { ids } = await walkPages(query(a), { searchString: text });
      expect(ids.length, text).toBeGreaterThan(0);
      expect(
        ids.filter((id) => !own.has(id)),
        text,
      ).toEqual([]);
    }
    // An item only the other user holds is found for them and for nobody else.
    expect((await walkPages(query(b), { searchString: 'Olympus' })).ids.length).toBeGreaterThan(0);
    expect((await query(a)({ searchString: 'Olympus' })).items).toEqual([]);
    expect((await query(a)({ searchString: 'Olympus' })).total).toBe(0);
    // Nor does an asset id of theirs match for us.
    expect((await query(a)({ searchString: 'corpus11-3' })).items).toEqual([]);
  }, 120_000);
});
