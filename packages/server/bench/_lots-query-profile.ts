/**
 * Where a lots.query's time goes on PGlite: seeds N lots (BENCH_LOTS, default 20,000) of one user on 10 accounts
 * straight into the tables, sends each query of the lots benchmark's mix through the real API while timing every
 * statement the database runs, then prints `EXPLAIN ANALYZE` of the slowest statements under the user's
 * row-level security. VACUUM=1 vacuums after seeding (as autovacuum would on Postgres). A development tool;
 * prints figures, asserts nothing.
 */

import { sql } from 'drizzle-orm';
import { latestUser } from './_proxies-server.ts';
import { profileMix, startProfiledServer } from './_statement-profile.ts';

const N = Number(process.env.BENCH_LOTS ?? 20_000);
const print = (line: string) => process.stdout.write(`${line}\n`);

const { server, client } = await startProfiledServer();
const db = server.db;
const userId = await latestUser(db);
const t0 = performance.now();
const accountIds: number[] = [];
for (let i = 0; i < 10; i++) {
  const steam = (await db.execute(sql`insert into steam_accounts (user_id, login, password_enc, mafile_enc)
    values (${userId}, ${`seller${i}`}, 'x', 'x') returning id`)) as unknown as { rows: { id: number }[] };
  const seller = (await db.execute(sql`insert into seller_accounts
      (user_id, steam_account_id, api_key_enc, key_id, api_key_hint, payment_password_enc, currency)
    values (${userId}, ${steam.rows[0]!.id}, 'x', ${`key${i}`}, 'xxxx', 'x', 'USD') returning id`)) as unknown as {
    rows: { id: number }[];
  };
  accountIds.push(seller.rows[0]!.id);
}
// 84 item names, as the lots benchmark's sandbox catalogue gives (an eighth of them AK-47s).
const names = Array.from({ length: 84 }, (_, i) =>
  i % 6 === 0 ? `AK-47 | Skin ${i} (Field-Tested)` : `Item ${i} | Finish (Minimal Wear)`,
);
await db.execute(sql`insert into lots (user_id, seller_account_id, item_id, asset_id, class_id, instance_id,
    market_hash_name, game, currency, price, min_price, max_price, profile, strategy, status, listed_at,
    price_updated_at)
  select ${userId}::uuid, (${sql.param(accountIds)}::int[])[1 + i % 10], 'bench' || i, i::text, '1', '0',
    (${sql.param(names)}::text[])[1 + i % ${names.length}], 'cs2', 'USD', 900000 + i % 1000, 10, 100000000,
    (array['aggressive','balanced','conservative'])[1 + i % 3],
    '{"kind":"percentOfThresholds","lowBp":10000,"highBp":10000}'::jsonb,
    (array['on_sale','on_sale','on_sale','in_inventory'])[1 + i % 4], now(), now()
  from generate_series(1, ${N}) as i`);
await db.execute(sql`${sql.raw(process.env.VACUUM === '1' ? 'vacuum analyze' : 'analyze')}`);
print(`seeded ${N} lots in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const bodies: Record<string, unknown>[] = [
  {},
  { withStatus: ['on_sale'], sort: [{ propertyName: 'price', isDescending: true }] },
  { searchString: 'AK-47', pages: { page: 1, pageSize: 100 } },
  { accountIds: [accountIds[3]], sort: [{ propertyName: 'name' }], pages: { page: 20, pageSize: 50 } },
  { profiles: ['balanced'], withStatus: ['in_inventory'], pages: { page: 5, pageSize: 25 } },
];
await profileMix(server, client, userId, '/api/p2p/lots/query', bodies);
await server.stop();
