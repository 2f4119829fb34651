/** The measured user's 100,000 proxies of the proxies query benchmarks, written straight to the tables. */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';

/**
 * The proxies list's load, as both list benchmarks size it (`proxies-query`, `lists-busy`): the measured user's
 * proxies, and the clients on Postgres and on the embedded database.
 */
export const LIST_LOAD = {
  proxies: Number(process.env.BENCH_PROXY_LINES ?? 100_000),
  clients: Number(process.env.BENCH_CLIENTS ?? 50),
  pgliteClients: Number(process.env.BENCH_PGLITE_CLIENTS ?? 10),
};

/**
 * The measured user's proxies, as an import of `proxyLines(count)` with the tag "bench-a" stores them, written
 * straight to the tables: the import is measured by its own benchmark, and on a busy machine an import of
 * 100,000 lines through one request can outlast the connection.
 */
export async function seedOwnProxies(db: Db, count: number): Promise<void> {
  await db.execute(sql`insert into proxy_tags (user_id, name)
    select id, 'bench-a' from users where email like 'bench-%' order by created_at desc limit 1`);
  await db.execute(sql`insert into proxies (user_id, protocol, host, port, username, password_enc, name, identity_hash)
    select t.user_id, 3, '10.' || (i >> 16 & 255) || '.' || (i >> 8 & 255) || '.' || (i & 255), 1024 + i % 50000,
      case when i % 3 = 0 then null else 'user' || i end,
      case when i % 3 = 0 then null else repeat('x', 120) end, null, md5('bench' || i)
    from proxy_tags t cross join generate_series(0, ${count - 1}::int) as i where t.name = 'bench-a'`);
  await db.execute(sql`insert into proxy_tag_links (user_id, proxy_id, tag_id)
    select p.user_id, p.id, t.id from proxies p join proxy_tags t on t.user_id = p.user_id and t.name = 'bench-a'`);
}

/**
 * Check outcomes, countries and a second tag spread over the seeded rows, as days of checks would, a Steam
 * account on every 200th proxy, and the tables vacuumed as autovacuum would have by now.
 */
export async function spreadOwnProxies(db: Db): Promise<void> {
  await db.execute(sql`update proxies set
      status = (array[0,1,1,3,4])[1 + id % 5],
      country_code = (array['DE','US','NL','RU',null])[1 + id % 5],
      last_checked_at = case when id % 5 = 0 then null else now() - (id % 1000) * interval '1 minute' end,
      last_valid = id % 5 in (1, 2),
      last_latency_ms = case when id % 5 in (1, 2) then id % 900 else null end
      where user_id = (select user_id from proxy_tags where name = 'bench-a')`);
  await db.execute(
    sql`insert into proxy_tags (user_id, name) select user_id, 'bench-b' from proxy_tags where name = 'bench-a'`,
  );
  await db.execute(sql`insert into proxy_tag_links (user_id, proxy_id, tag_id)
      select p.user_id, p.id, t.id from proxies p join proxy_tags t on t.name = 'bench-b' and t.user_id = p.user_id
      where p.id % 3 = 0`);
  await db.execute(sql`insert into steam_accounts (user_id, login, proxy_id, password_enc, mafile_enc)
      select user_id, 'acc' || id, id, 'x', 'x' from proxies where id % 200 = 0`);
  // The visibility map lets counts read the indexes alone.
  await db.execute(sql`vacuum analyze`);
}
