/**
 * The Steam accounts list keeps its totals between requests like every list (src/db/list-totals.ts), and counts
 * again when its accounts, their tags, or — for a text search, which matches an account by its proxy's address —
 * their proxies change. Rows are written straight to the tables, each statement a transaction of its own (another
 * writer); an account written with the triggers off shows when a kept total answered.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';

let t: AuthTestApp;
let user: TestUser;
/** Two proxies the accounts use, at addresses a search finds. */
let proxyA: number;
let proxyB: number;
let written = 0;

const db = () => t.testDb.database.db;

async function totalOf(filters: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call('POST', '/api/steam-accounts/query', {
    token: user.accessToken,
    body: { pages: { page: 1, pageSize: 10 }, ...filters },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.total;
}

async function countNow(where = sql`true`): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db().execute(
      sql`select count(*)::int as n from steam_accounts a where user_id = ${user.id} and ${where}`,
    ),
  );
  return row!.n;
}

/** `n` accounts using a proxy; with `silent`, the triggers are off for the transaction (no change noted). */
async function addAccounts(n: number, silent = false, proxyId = proxyA): Promise<number[]> {
  return db().transaction(async (tx) => {
    if (silent) await tx.execute(sql`set local session_replication_role = replica`);
    const from = written;
    written += n;
    return rowsOf<{ id: number }>(
      await tx.execute(sql`insert into steam_accounts (user_id, login, proxy_id, password_enc, mafile_enc)
        select ${user.id}::uuid, 'kept' || i, ${proxyId}::int, 'x', 'x'
        from generate_series(${from}::int, ${from + n - 1}::int) as i returning id`),
    ).map((row) => row.id);
  });
}

beforeAll(async () => {
  t = await createAuthTestApp();
  const admin = await signedInUser(t, 'kept-admin');
  user = await signedInUser(t, 'kept-accounts', admin);
  [{ id: proxyA }, { id: proxyB }] = rowsOf<{ id: number }>(
    await db().execute(sql`insert into proxies (user_id, protocol, host, port, identity_hash)
      values (${user.id}, 0, 'farm-gateway-a.example', 8080, 'kept-a'),
        (${user.id}, 0, 'farm-gateway-b.example', 8080, 'kept-b') returning id`),
  ) as [{ id: number }, { id: number }];
  await addAccounts(12);
}, 60_000);

afterAll(() => t?.close());

describe('Steam accounts list totals kept between requests', () => {
  it('keeps a total while nothing changed and counts again after an insert or a delete', async () => {
    const counted = await totalOf();
    expect(counted).toBe(await countNow());
    await addAccounts(1, true);
    expect(await totalOf()).toBe(counted);
    await addAccounts(1);
    expect(await totalOf()).toBe(await countNow());
    await addAccounts(1, true);
    await db().execute(sql`delete from steam_accounts where id = (select max(id) from steam_accounts)`);
    expect(await totalOf()).toBe(await countNow());
  });

  it('counts a tag filter again when a tag is linked', async () => {
    const ids = await addAccounts(12);
    const [{ id: tagId }] = rowsOf<{ id: number }>(
      await db().execute(
        sql`insert into steam_account_tags (user_id, name) values (${user.id}, 'kept') returning id`,
      ),
    ) as [{ id: number }];
    const link = (some: number[]) =>
      db().execute(sql`insert into steam_account_tag_links (user_id, account_id, tag_id)
        select ${user.id}::uuid, unnest(${sql.param(some)}::int[]), ${tagId}::int`);
    await link(ids.slice(0, 11));
    expect(await totalOf({ withTagIds: [tagId] })).toBe(11);
    await link(ids.slice(11));
    expect(await totalOf({ withTagIds: [tagId] })).toBe(12);
    expect(await totalOf({ exceptTagIds: [tagId] })).toBe((await countNow()) - 12);
  });

  it("counts a search again when the accounts' proxy changes its address", async () => {
    await addAccounts(12, false, proxyB);
    expect(await totalOf({ searchString: 'farm-gateway' })).toBe(await countNow(sql`a.proxy_id is not null`));
    await db().execute(sql`update proxies set host = 'elsewhere.example' where id = ${proxyB}`);
    const onA = await countNow(sql`a.proxy_id = ${proxyA}`);
    expect(onA).toBeGreaterThan(10);
    expect(await totalOf({ searchString: 'farm-gateway' })).toBe(onA);
  });
});
