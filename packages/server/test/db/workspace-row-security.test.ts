import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { APP_ROLE, UserScope } from '../../src/security/user-scope.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import {
  insertDelivery,
  insertIntent,
  insertSellerAccount,
  insertSteamAccount,
  insertUser,
} from '../helpers/trading-rows.ts';

type Rows<T> = { rows: T[] };

/**
 * Row-level security on workspace membership, as the app role with the settings a request would have: the active
 * workspace (app.user_id) and the signed-in user (app.actor_id). A team workspace holds two Steam accounts and two
 * proxies, tagged farm-a and farm-b; its owner, a viewer, an operator scoped to farm-a and an unscoped operator
 * are members; an outsider is not. Rows are written as the table owner with no user set (work for no user).
 */
describe('workspace row-level security (PGlite, or Postgres with TEST_DATABASE_URL)', () => {
  let testDb: TestDatabase;
  let db: Db;
  let owner: string;
  let viewer: string;
  let scoped: string;
  let operator: string;
  let outsider: string;
  let team: string;
  const accounts: Record<'a' | 'b', number> = { a: 0, b: 0 };
  const proxies: Record<'a' | 'b', number> = { a: 0, b: 0 };
  const sellers: Record<'a' | 'b', number> = { a: 0, b: 0 };

  const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as Rows<T>).rows;
  const one = async <T>(text: string) => (await rowsOf<T>(db.execute(sql.raw(text))))[0]!;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.database.db;
    const tag = crypto.randomUUID().slice(0, 8);
    owner = await insertUser(db, `ws-owner-${tag}`);
    viewer = await insertUser(db, `ws-viewer-${tag}`);
    scoped = await insertUser(db, `ws-scoped-${tag}`);
    operator = await insertUser(db, `ws-operator-${tag}`);
    outsider = await insertUser(db, `ws-outsider-${tag}`);
    ({ id: team } = await one<{ id: string }>(
      `insert into workspaces (name, kind, created_by) values ('Farm', 'team', '${owner}') returning id`,
    ));
    await db.execute(
      sql.raw(`insert into workspace_members (workspace_id, user_id, role, scope_tags) values
        ('${team}', '${owner}', 'owner', null), ('${team}', '${viewer}', 'viewer', null),
        ('${team}', '${scoped}', 'operator', '{Farm-A}'), ('${team}', '${operator}', 'operator', null)`),
    );
    for (const side of ['a', 'b'] as const) {
      accounts[side] = await insertSteamAccount(db, team, {
        login: `farm-${side}-${tag}`,
        steamId: side === 'a' ? '76561199000000101' : '76561199000000102',
      });
      const { id: accountTag } = await one<{ id: number }>(
        `insert into steam_account_tags (user_id, name) values ('${team}', 'farm-${side}') returning id`,
      );
      await db.execute(
        sql.raw(`insert into steam_account_tag_links (user_id, account_id, tag_id)
          values ('${team}', ${accounts[side]}, ${accountTag})`),
      );
      ({ id: proxies[side] } = await one<{ id: number }>(
        `insert into proxies (user_id, protocol, host, port, identity_hash)
         values ('${team}', 1, '10.0.0.${side === 'a' ? 1 : 2}', 8080, 'ws-${side}-${tag}') returning id`,
      ));
      const { id: proxyTag } = await one<{ id: number }>(
        `insert into proxy_tags (user_id, name) values ('${team}', 'FARM-${side}') returning id`,
      );
      await db.execute(
        sql.raw(`insert into proxy_tag_links (user_id, proxy_id, tag_id)
          values ('${team}', ${proxies[side]}, ${proxyTag})`),
      );
      sellers[side] = await insertSellerAccount(db, team, accounts[side]);
      await insertDelivery(db, team, sellers[side], { reference: `ws-delivery-${side}-${tag}` });
      await insertIntent(db, team, accounts[side], { reference: `ws-intent-${side}-${tag}`, status: 'done' });
    }
    // The owner's personal workspace has data of its own, which no member of the team sees.
    await insertSteamAccount(db, owner, { login: `personal-${tag}`, steamId: '76561199000000103' });
  }, 120_000);
  afterAll(() => testDb?.drop());

  /** Runs `work` as the app role for `actor` in `workspace`, in one transaction rolled back with `work`'s errors. */
  const as = <T>(workspace: string, actor: string, work: (tx: Db) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
      await tx.execute(
        sql`select set_config('app.user_id', ${workspace}, true), set_config('app.actor_id', ${actor}, true)`,
      );
      return work(tx);
    });
  const idsAs = async (workspace: string, actor: string, query: string) =>
    (await as(workspace, actor, (tx) => rowsOf<{ id: number }>(tx.execute(sql.raw(query)))))
      .map((row) => row.id)
      .sort((x, y) => x - y);

  it('shows an outsider with a forged active workspace not one row of any workspace table', async () => {
    // Every table holding workspace data, from the catalogue, with the column naming its owner.
    const tables = await rowsOf<{ name: string; key: string }>(
      db.execute(sql`
        select c.relname as name,
          case when c.relname in ('users', 'workspaces') then 'id'
               when exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'workspace_id'
                            and not a.attisdropped) then 'workspace_id'
               else 'user_id' end as key
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and (c.relname in ('users', 'workspaces') or exists (
            select 1 from pg_attribute a where a.attrelid = c.oid and a.attname in ('user_id', 'workspace_id')
              and not a.attisdropped))
        order by 1`),
    );
    expect(tables.length).toBeGreaterThan(45);
    const seen: string[] = [];
    for (const forged of [team, owner]) {
      for (const { name, key } of tables) {
        // The outsider's own rows (its user, its personal membership) are its own; nothing else may show.
        const query = `select count(*)::int as n from "${name}" where ${key}::text <> '${outsider}'`;
        const { n } = await as(
          forged,
          outsider,
          async (tx) => (await rowsOf<{ n: number }>(tx.execute(sql.raw(query))))[0]!,
        );
        if (n !== 0) seen.push(`${name} in ${forged === team ? 'team' : 'personal'}: ${n}`);
      }
    }
    expect(seen).toEqual([]);
    // Not vacuous: the same statements see the team's rows for a member.
    expect(await idsAs(team, owner, 'select id from steam_accounts')).toEqual([accounts.a, accounts.b]);
    expect(await idsAs(owner, owner, 'select id from steam_accounts')).toHaveLength(1);
  });

  it('lets a viewer read the workspace but write nothing in it', async () => {
    expect(await idsAs(team, viewer, 'select id from proxies')).toEqual([proxies.a, proxies.b]);
    expect(await idsAs(team, viewer, 'select id from seller_deliveries')).toHaveLength(2);
    await expect(
      as(team, viewer, (tx) =>
        tx.execute(
          sql.raw(`insert into proxies (user_id, protocol, host, port, identity_hash)
            values ('${team}', 1, '10.0.0.9', 8080, 'viewer-${viewer}')`),
        ),
      ),
    ).rejects.toThrow();
    expect(
      await idsAs(team, viewer, `update steam_accounts set last_error_reason = 'v' returning id`),
    ).toEqual([]);
    expect(await idsAs(team, viewer, 'delete from proxies returning id')).toEqual([]);
    // Members of the workspace are visible to a member; a viewer manages none of them.
    const members = await as(team, viewer, (tx) =>
      rowsOf<{ user_id: string }>(
        tx.execute(sql`select user_id from workspace_members where workspace_id = ${team}`),
      ),
    );
    expect(members).toHaveLength(4);
    expect(
      await idsAs(
        team,
        viewer,
        `update workspace_members set role = 'owner' where user_id = '${viewer}' returning 1 as id`,
      ),
    ).toEqual([]);
  });

  it("shows a scoped operator only its tags' accounts and proxies and the rows derived from them", async () => {
    expect(await idsAs(team, scoped, 'select id from steam_accounts')).toEqual([accounts.a]);
    expect(await idsAs(team, scoped, 'select id from proxies')).toEqual([proxies.a]);
    expect(await idsAs(team, scoped, 'select id from seller_accounts')).toEqual([sellers.a]);
    const deliveries = await as(team, scoped, (tx) =>
      rowsOf<{ seller: number }>(tx.execute(sql`select seller_account_id as seller from seller_deliveries`)),
    );
    expect(deliveries.map((row) => row.seller)).toEqual([sellers.a]);
    const intents = await as(team, scoped, (tx) =>
      rowsOf<{ account: number }>(tx.execute(sql`select account_id as account from steam_trade_intents`)),
    );
    expect(intents.map((row) => row.account)).toEqual([accounts.a]);
    // It acts on its own accounts only.
    expect(
      await idsAs(team, scoped, `update steam_accounts set last_error_reason = 's' returning id`),
    ).toEqual([accounts.a]);
    // An operator of the whole workspace sees and changes both.
    expect(await idsAs(team, operator, 'select id from proxies')).toEqual([proxies.a, proxies.b]);
    expect(
      await idsAs(team, operator, `update steam_accounts set last_error_reason = 'o' returning id`),
    ).toEqual([accounts.a, accounts.b]);
  });

  it('makes a personal workspace and owner membership with each user and deletes them with it', async () => {
    const user = await insertUser(db, `ws-personal-${crypto.randomUUID().slice(0, 8)}`);
    const made = await rowsOf<{ kind: string; role: string; created_by: string }>(
      db.execute(sql`select w.kind, m.role, w.created_by from workspaces w
        join workspace_members m on m.workspace_id = w.id and m.user_id = ${user} where w.id = ${user}`),
    );
    expect(made).toEqual([{ kind: 'personal', role: 'owner', created_by: user }]);
    await insertSteamAccount(db, user, { login: `personal-${user}`, steamId: '76561199000000104' });
    await db.execute(sql`delete from users where id = ${user}`);
    const left = await rowsOf<{ n: number }>(
      db.execute(sql`select (select count(*) from workspaces where id = ${user})
        + (select count(*) from steam_accounts where user_id = ${user}) as n`),
    );
    expect(Number(left[0]!.n)).toBe(0);
    // A team workspace outlives its maker.
    const maker = await insertUser(db, `ws-maker-${crypto.randomUUID().slice(0, 8)}`);
    const [kept] = await rowsOf<{ id: string }>(
      db.execute(
        sql`insert into workspaces (name, kind, created_by) values ('Kept', 'team', ${maker}) returning id`,
      ),
    );
    await db.execute(sql`delete from users where id = ${maker}`);
    const after = await rowsOf<{ created_by: string | null }>(
      db.execute(sql`select created_by from workspaces where id = ${kept!.id}`),
    );
    expect(after).toEqual([{ created_by: null }]);
  });

  it('runs the user scope for a member as the actor in the active workspace', async () => {
    const scope = new UserScope(db);
    const seen = await scope.run(
      team,
      (tx) => rowsOf<{ id: number }>(tx.execute(sql`select id from proxies`)),
      {
        actorId: scoped,
      },
    );
    expect(seen.map((row) => row.id)).toEqual([proxies.a]);
    const outside = await scope.run(
      team,
      (tx) => rowsOf<{ id: number }>(tx.execute(sql`select id from proxies`)),
      {
        actorId: outsider,
      },
    );
    expect(outside).toEqual([]);
  });
});
