/**
 * `pnpm bench portfolio`: the portfolio over 200 accounts of 1,000 cached items each (200,000 rows) of one user.
 * `portfolio.query` over real HTTP with 20 clients: the first grouped page (target p95 under 100 ms) and a mix of
 * filter changes (target p95 under 150 ms), on embedded PGlite and on Postgres (BENCH_DATABASE_URL), then the
 * server's RSS. Items are seeded with SQL (2,000 item names, a tenth of CS2 items under Trade Protection, some
 * reference prices). Prints figures beside their targets; asserts nothing.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { postgresCpuClock } from './_postgres-cpu.ts';
import { authHeaders, latestUser, startBenchServer } from './_proxies-server.ts';
import { describeLoad, runQueryLoad } from './_query-load.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 200);
const ITEMS = Number(process.env.BENCH_ITEMS_PER_ACCOUNT ?? 1_000);
const NAMES = 2_000;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const REQUESTS = Number(process.env.BENCH_QUERY_REQUESTS ?? 600);
const MAX_SECONDS = Number(process.env.BENCH_QUERY_SECONDS ?? 45);
const FIRST_PAGE_TARGET_MS = 100;
const FILTER_TARGET_MS = 150;

async function seed(
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

async function measure(label: string, databaseUrl: string | null) {
  const server = await startBenchServer(databaseUrl);
  try {
    const seeded = performance.now();
    const ids = await seed(server.db, await latestUser(server.db));
    print(
      `${label}: seeded ${(ACCOUNTS * ITEMS).toLocaleString('en')} items in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const databaseCpu = databaseUrl ? await postgresCpuClock(server.db) : null;
    const load = (bodies: unknown[]) => ({
      base: server.base,
      token: server.token,
      path: '/api/portfolio/query',
      bodies,
      clients: CLIENTS,
      requests: REQUESTS,
      maxSeconds: MAX_SECONDS,
      perClientPerSecond: 0,
    });
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
    for (const body of [...firstPage, ...filters]) {
      const started = performance.now();
      // A connection kept alive across the long seeding may have been closed meanwhile: ask again once.
      const send = () =>
        fetch(`${server.base}/api/portfolio/query`, {
          method: 'POST',
          headers: authHeaders(server.token),
          body: JSON.stringify(body),
        });
      const res = await send().catch(send);
      const data = ((await res.json()) as { data: { total: number; items: unknown[] } }).data;
      print(
        `  ${JSON.stringify(body)}: total ${data.total}, first answer ${(performance.now() - started).toFixed(1)} ms`,
      );
    }
    const heading = `portfolio.query ${label}: ${ACCOUNTS} accounts x ${ITEMS.toLocaleString('en')} items, ${CLIENTS} clients`;
    print(
      describeLoad(
        `${heading}, first grouped page`,
        await runQueryLoad(load(firstPage), databaseCpu),
        FIRST_PAGE_TARGET_MS,
      ),
    );
    print(
      describeLoad(
        `${heading}, filter changes`,
        await runQueryLoad(load(filters), databaseCpu),
        FILTER_TARGET_MS,
      ),
    );
    print(
      `server RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB (load average ${loadavg()[0]!.toFixed(1)})`,
    );
  } finally {
    await server.stop();
  }
}

if (process.env.BENCH_PGLITE !== '0') await measure('PGlite', null);
const postgres = process.env.BENCH_DATABASE_URL?.trim() || null;
if (postgres) await measure('Postgres', postgres);
else print('Postgres: skipped (no Postgres: set BENCH_DATABASE_URL or install Postgres)');
