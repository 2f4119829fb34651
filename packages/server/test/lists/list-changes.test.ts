/**
 * The change log kept totals are checked against (drizzle/0030_list_changes.sql): one row per user, table and
 * writing transaction, however many rows and statements it wrote, and a purge that only removes rows no kept
 * total can still need.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListChangesPurge } from '../../src/db/list-changes-purge.ts';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

let testDb: TestDatabase;
const db = () => testDb.database.db;

async function newUser(): Promise<string> {
  const id = randomUUID();
  await db().execute(sql`insert into users (id, email, user_name, password_hash)
    values (${id}, ${`${id}@example.test`}, ${`u${id.slice(0, 8)}`}, 'x')`);
  return id;
}

async function changesOf(userId: string): Promise<{ source: string; xid: string }[]> {
  return rowsOf(
    await db().execute(
      sql`select source, xid::text as xid from list_changes where user_id = ${userId} order by xid, source`,
    ),
  );
}

async function addProxies(userId: string, from: number, count: number): Promise<void> {
  await db().execute(sql`insert into proxies (user_id, protocol, host, port, identity_hash)
    select ${userId}::uuid, 0, '10.0.0.' || i, 80, ${userId} || '-' || i
    from generate_series(${from}::int, ${from + count - 1}::int) as i`);
}

async function untilBelowEverySnapshot(xid: string): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    const [row] = rowsOf<{ below: boolean }>(
      await db().execute(sql`select ${xid}::xid8 < pg_snapshot_xmin(pg_current_snapshot()) as below`),
    );
    if (row?.below) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`transaction ${xid} is still running for some snapshot after 30 s`);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.drop());

describe('the list change log', () => {
  it('notes one row per user, table and transaction, whatever the rows and statements', async () => {
    const user = await newUser();
    const other = await newUser();
    await db().transaction(async (tx) => {
      await tx.execute(sql`insert into proxies (user_id, protocol, host, port, identity_hash)
        select u, 0, '10.1.0.' || i, 80, u::text || '-' || i
        from unnest(array[${user}::uuid, ${other}::uuid]) as u, generate_series(1, 500) as i`);
      await tx.execute(sql`update proxies set status = 3 where user_id = ${user}`);
    });
    const [mine] = await changesOf(user);
    expect(await changesOf(user)).toEqual([{ source: 'proxies', xid: mine!.xid }]);
    expect(await changesOf(other)).toEqual([{ source: 'proxies', xid: mine!.xid }]);
    // A delete in a transaction of its own, and a statement that changes no row notes nothing.
    await db().execute(sql`delete from proxies where user_id = ${user} and host = '10.1.0.1'`);
    await db().execute(sql`delete from proxies where user_id = ${user} and host = 'nowhere'`);
    const after = await changesOf(user);
    expect(after).toHaveLength(2);
    expect(BigInt(after[1]!.xid)).toBeGreaterThan(BigInt(mine!.xid));
  });

  it('notes the tag links, accounts, lots, prices, sales, harvester transactions, inventory items and scans and ledger a kept answer reads', async () => {
    const triggers = rowsOf<{ table: string }>(
      await db().execute(sql`select distinct event_object_table as table from information_schema.triggers
        where trigger_name like '%_list_changes_%' order by 1`),
    );
    expect(triggers.map((row) => row.table)).toEqual([
      'harvester_transactions',
      'ledger_days',
      'ledger_entries',
      'ledger_sales',
      'lot_prices',
      'lot_sales',
      'lots',
      'proxies',
      'proxy_tag_links',
      'steam_account_tag_links',
      'steam_accounts',
      'steam_inventory_items',
      'steam_inventory_scans',
    ]);
  });

  it('purges only rows of transactions that ended before a snapshot older than the kept totals', async () => {
    const user = await newUser();
    await addProxies(user, 1, 3);
    // On a shared server, transactions of other databases hold every snapshot's xmin back: wait until the first
    // rows' transaction has ended for every snapshot, so that the first pass's horizon is above it.
    await untilBelowEverySnapshot((await changesOf(user))[0]!.xid);
    let now = 0;
    const purge = new ListChangesPurge(db(), () => now, 1_000);
    expect(await purge.pass()).toBe(0);
    // Written after the first pass's snapshot: a total kept since then may still need it.
    await addProxies(user, 10, 3);
    const before = await changesOf(user);
    expect(before).toHaveLength(2);
    now = 500;
    expect(await purge.pass()).toBe(0);
    expect(await changesOf(user)).toEqual(before);
    now = 1_200;
    expect(await purge.pass()).toBeGreaterThanOrEqual(1);
    expect(await changesOf(user)).toEqual([before[1]]);
  });
});
