import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, UserScope } from '../../src/security/user-scope.ts';
import { addLines, callAs, createProxiesTest, dataOf, type ProxiesTest } from '../proxies/helpers.ts';

type Rows<T> = { rows: T[] };
const FUNCTIONS = ['proxy_search_ids', 'steam_account_search_ids'] as const;

/**
 * The lists' text search runs in functions that see every row (they must, to use their indexes) and apply the
 * user's predicate themselves: one user's search never finds another's rows, by the API or by calling them.
 */
describe('tenant isolation of the indexed search', () => {
  let s: ProxiesTest;
  let aProxyIds: number[];

  beforeAll(async () => {
    s = await createProxiesTest();
    aProxyIds = (await addLines(s.t, s.a, ['[secret-of-a] 10.9.9.1:8080', 'seekrit:pw@10.9.9.2:8081']))
      .addedIds;
    await addLines(s.t, s.b, ['[mine-of-b] 10.8.8.1:8080']);
    const db = s.t.testDb.database.db;
    await db.execute(sql`insert into steam_accounts (user_id, login, proxy_id, password_enc, mafile_enc)
      values (${s.a.id}, 'secret_login_a', ${aProxyIds[0]!}, 'x', 'x')`);
  });
  afterAll(async () => s?.t.close());

  const searchAs = (userId: string | null, fn: (typeof FUNCTIONS)[number], pattern: string) => {
    const call = sql`select id from ${sql.identifier(fn)}(${pattern}) as id`;
    if (userId === null) {
      // The restricted role with no user set for the transaction.
      return s.t.testDb.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
        return ((await tx.execute(call)) as unknown as Rows<{ id: number }>).rows.map((r) => Number(r.id));
      });
    }
    return new UserScope(s.t.testDb.database.db).run(userId, async (tx) =>
      ((await tx.execute(call)) as unknown as Rows<{ id: number }>).rows.map((r) => Number(r.id)),
    );
  };

  it("finds the user's own rows", async () => {
    expect((await searchAs(s.a.id, 'proxy_search_ids', '%secret%')).sort()).toEqual([aProxyIds[0]]);
    expect(await searchAs(s.a.id, 'proxy_search_ids', '%seekrit%')).toEqual([aProxyIds[1]]);
    expect(await searchAs(s.a.id, 'steam_account_search_ids', '%secret%')).toHaveLength(1);
  });

  it("never finds another user's rows, whatever the pattern", async () => {
    for (const fn of FUNCTIONS) {
      expect(await searchAs(s.b.id, fn, '%secret%'), fn).toEqual([]);
      const everything = await searchAs(s.b.id, fn, '%');
      const owners = (await s.t.testDb.database.db.execute(
        sql`select distinct user_id::text as owner from ${sql.identifier(fn === 'proxy_search_ids' ? 'proxies' : 'steam_accounts')}
          where id = any(${sql.param(everything.length > 0 ? everything : [0])}::int[])`,
      )) as unknown as Rows<{ owner: string }>;
      expect(
        owners.rows.map((r) => r.owner).filter((owner) => owner !== s.b.id),
        fn,
      ).toEqual([]);
    }
  });

  it('finds nothing when no user is set for the transaction', async () => {
    for (const fn of FUNCTIONS) expect(await searchAs(null, fn, '%'), fn).toEqual([]);
  });

  it('is not callable by roles that were not granted it', async () => {
    const acl = (await s.t.testDb.database.db.execute(
      sql`select proname::text as name, coalesce(proacl::text, '') as acl from pg_proc
        where proname in ('proxy_search_ids', 'steam_account_search_ids')`,
    )) as unknown as Rows<{ name: string; acl: string }>;
    expect(acl.rows).toHaveLength(2);
    // PUBLIC's grant reads "=X/owner" in an ACL; it was revoked.
    for (const row of acl.rows) expect(row.acl, row.name).not.toMatch(/(^|[{,])=X/);
  });

  it("answers another user's search with nothing through the API", async () => {
    const proxies = dataOf(await callAs(s.t, s.b, 'POST', '/api/proxies/query', { searchString: 'secret' }));
    expect(proxies.items).toEqual([]);
    const accounts = dataOf(
      await callAs(s.t, s.b, 'POST', '/api/steam-accounts/query', { searchString: 'secret' }),
    );
    expect(accounts.items).toEqual([]);
    const own = dataOf(await callAs(s.t, s.a, 'POST', '/api/proxies/query', { searchString: 'secret' }));
    expect(own.items.map((item: { id: number }) => item.id)).toEqual([aProxyIds[0]]);
  });
});
