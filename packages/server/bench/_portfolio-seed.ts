/**
 * The portfolio benchmark's data: ACCOUNTS accounts of ITEMS cached items each (BENCH_ACCOUNTS, default 200;
 * BENCH_ITEMS_PER_ACCOUNT, default 1,000) of one user, seeded with SQL: 2,000 item names, a tenth of CS2 items
 * under Trade Protection, some reference prices. Returns the accounts' ids.
 */
import { sql } from 'drizzle-orm';
import type { startBenchServer } from './_proxies-server.ts';

export const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 200);
export const ITEMS = Number(process.env.BENCH_ITEMS_PER_ACCOUNT ?? 1_000);
const NAMES = 2_000;

export async function seed(
  db: Awaited<ReturnType<typeof startBenchServer>>['db'],
  userId: string,
): Promise<number[]> {
  const accounts =
    (await db.execute(sql`insert into steam_accounts (user_id, login, steam_id, password_enc, mafile_enc)
    select ${userId}::uuid, 'bench_' || i, (76561198000000000 + i)::text, 'x', 'x'
    from generate_series(1, ${ACCOUNTS}) as i returning id`)) as unknown as { rows: { id: number }[] };
  const ids = accounts.rows.map((row) => row.id);
  const now = new Date();
  await db.execute(sql`insert into steam_inventory_scans (account_id, user_id, game, state, item_count, total_count,
      scanned_at, attempted_at)
    select id, ${userId}::uuid, game, 'listed', ${ITEMS / 2}, ${ITEMS / 2}, ${now}, ${now}
    from unnest(${sql.param(ids)}::int[]) as id, unnest(array['cs2', 'dota2']) as game`);
  // Account a holds items n = 0..ITEMS-1: half CS2 (a tenth of them protected in context 16), half Dota 2. Item k's
  // exterior and rarity follow from it, as a market hash name names one wear of one item.
  await db.execute(sql`insert into steam_inventory_items (account_id, user_id, game, app_id, context_id, asset_id,
      class_id, instance_id, amount, name, market_hash_name, type, exterior, rarity, tradable, marketable,
      tradable_after, protected_until, price_amount, price_currency, position)
    select a.id, ${userId}::uuid, case when n % 2 = 0 then 'cs2' else 'dota2' end,
      case when n % 2 = 0 then 730 else 570 end,
      case when n % 20 = 0 then '16' else '2' end,
      (a.id::bigint * 100000 + n)::text, (300000 + k)::text, '0', 1,
      'Item ' || k, 'Item ' || k || case when n % 2 = 0 then ' (' || wear || ')' else '' end, 'Rifle',
      case when n % 2 = 0 then wear end, (array['Mil-Spec','Restricted','Classified','Covert'])[1 + k % 4],
      n % 20 <> 0 and n % 7 <> 0, true,
      case when n % 7 = 0 and n % 20 <> 0 then now() + interval '3 days' end,
      case when n % 20 = 0 then now() + interval '5 days' end,
      case when n % 3 = 0 then 1000 + k * 10 end, case when n % 3 = 0 then 'USD' end, n
    from unnest(${sql.param(ids)}::int[]) as a(id), generate_series(0, ${ITEMS - 1}) as n,
      lateral (select (a.id * 7 + n) % ${NAMES} as k) kn,
      lateral (select (array['Factory New','Minimal Wear','Field-Tested','Well-Worn','Battle-Scarred'])[1 + k % 5]
        as wear) wr`);
  // As autovacuum leaves a table after a bulk write: statistics, and the visibility map index-only reads need.
  await db.execute(sql`vacuum analyze steam_inventory_items`);
  await db.execute(sql`vacuum analyze portfolio_item_groups`);
  return ids;
}

/** The first grouped page, and the filter changes the benchmark mixes. */
export function portfolioMix(ids: number[]) {
  const firstPage = [{ by: 'item', source: 'steam', currency: 'USD' }];
  const filters = [
    { by: 'item', game: 'cs2', source: 'steam' },
    { by: 'item', tradableNow: true, source: 'steam' },
    { by: 'item', protectedOnly: true, source: 'steam' },
    { by: 'item', searchString: 'Item 12', source: 'steam' },
    { by: 'item', exteriors: ['Field-Tested'], rarities: ['Covert'], source: 'steam' },
    { by: 'item', accountIds: ids.slice(0, 20), source: 'steam' },
    { by: 'flat', tradableBy: new Date(Date.now() + 4 * 86_400_000).toISOString(), source: 'steam' },
  ];
  return { firstPage, filters };
}
