/**
 * The portfolio's kept item groups on a real Postgres (a throw-away cluster, or a fresh database on
 * TEST_DATABASE_URL): two scans of one user's accounts writing the same items at once still leave every group
 * counted from both, because one user's group rebuilds take turns.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { type ThrowAwayPostgres, throwAwayPostgres } from '../hubs/postgres-cluster.ts';

let postgres: ThrowAwayPostgres;
let database: Database;
const clients: pg.Client[] = [];

beforeAll(async () => {
  const found = await throwAwayPostgres();
  if ('unavailable' in found) throw new Error(found.unavailable);
  postgres = found;
  database = await openDatabase({ databaseUrl: postgres.url, dataDir: '' });
  await database.migrate();
}, 120_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.end()));
  await database?.close();
  await postgres?.stop();
}, 60_000);

async function client(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: postgres.url });
  await c.connect();
  clients.push(c);
  return c;
}

/** Items `Item 0`…`Item n-1` of one account, each once, the even ones tradable. */
const itemsOf = (userId: string, accountId: number, n: number) => ({
  text: `insert into steam_inventory_items (account_id, user_id, game, app_id, context_id, asset_id, class_id,
      instance_id, amount, name, market_hash_name, type, tradable, marketable, position)
    select $1::int, $2::uuid, 'cs2', 730, '2', ($1::int::bigint * 1000 + i)::text, '1', '0', 1, 'Item ' || i, 'Item ' || i,
      'Rifle', i % 2 = 0, true, i
    from generate_series(0, $3::int - 1) as i`,
  values: [accountId, userId, n],
});

describe('the kept item groups under concurrent scans', () => {
  it("count every account's items when two scans of one user write the same items at once", async () => {
    const admin = await client();
    const [{ id: userId }] = (
      await admin.query(`insert into users (email, user_name, password_hash)
        values ('groups-' || gen_random_uuid() || '@example.test', 'groups', 'x') returning id`)
    ).rows;
    const accounts = (
      await admin.query(
        `insert into steam_accounts (user_id, login, steam_id, password_enc, mafile_enc)
         select $1, 'groups_' || i, (76561198100000000 + i)::text, 'x', 'x' from generate_series(1, 2) as i
         returning id`,
        [userId],
      )
    ).rows.map((row: { id: number }) => row.id);
    const [first, second] = [await client(), await client()];
    await first.query('begin');
    await first.query(itemsOf(userId, accounts[0]!, 20));
    // The second scan's statement waits for the first scan's rebuild to commit, then counts its items too.
    await second.query('begin');
    let settled = false;
    const writing = second.query(itemsOf(userId, accounts[1]!, 20)).finally(() => {
      settled = true;
    });
    for (;;) {
      const waiting = await admin.query(
        `select 1 from pg_locks where locktype = 'advisory' and not granted and pid = $1`,
        [(second as unknown as { processID: number }).processID],
      );
      if (settled || waiting.rowCount) break;
    }
    await first.query('commit');
    await writing;
    await second.query('commit');

    const groups = (
      await admin.query(
        `select slice, market_hash_name, count, accounts, tradable_count from portfolio_item_groups
         where user_id = $1 order by slice, market_hash_name`,
        [userId],
      )
    ).rows;
    const all = groups.filter((row) => row.slice === 'all');
    expect(all).toHaveLength(20);
    for (const row of all) expect(row).toMatchObject({ count: 2, accounts: 2 });
    const tradable = groups.filter((row) => row.slice === 'tradable');
    expect(tradable).toHaveLength(10);
    for (const row of tradable) expect(row).toMatchObject({ count: 2, accounts: 2, tradable_count: 2 });
  }, 60_000);
});
