import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { APP_ROLE } from '../../src/security/user-scope.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { insertSteamAccount, insertUser } from '../helpers/trading-rows.ts';

type Rows<T> = { rows: T[] };

/** A role that owns the tag id triggers as a production owner would: no superuser, so row-level security holds. */
const OWNER_ROLE = 'tradedeck_scope_owner_test';

/**
 * The tag ids kept on proxies and Steam accounts (drizzle/0051_member_scope_tag_ids.sql): the tag links' triggers
 * keep them equal to the links through every change, including a scoped member's change that takes a row out of
 * its own scope, and a member limited to tags is checked against them.
 */
// One walk: each test starts from the links and tags the tests before it left, so the order is kept.
describe('tag ids kept on the scoped rows (PGlite, or Postgres with TEST_DATABASE_URL)', {
  shuffle: false,
}, () => {
  let testDb: TestDatabase;
  let db: Db;
  let team: string;
  let scoped: string;
  let proxy: number;
  let account: number;
  const tags: Record<'north' | 'south' | 'east', number> = { north: 0, south: 0, east: 0 };
  let accountTag: number;

  const rowsOf = async <T>(query: Promise<unknown>) => ((await query) as Rows<T>).rows;
  const one = async <T>(text: string) => (await rowsOf<T>(db.execute(sql.raw(text))))[0]!;
  const proxyTagIds = async () =>
    (await one<{ ids: number[] }>(`select tag_ids as ids from proxies where id = ${proxy}`)).ids;
  const linkedIds = async () =>
    (
      await rowsOf<{ id: number }>(
        db.execute(sql.raw(`select tag_id as id from proxy_tag_links where proxy_id = ${proxy} order by 1`)),
      )
    ).map((row) => row.id);
  const asScoped = <T>(work: (tx: Db) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
      await tx.execute(
        sql`select set_config('app.user_id', ${team}, true), set_config('app.actor_id', ${scoped}, true)`,
      );
      return work(tx);
    });
  const seenByScoped = () =>
    asScoped(async (tx) =>
      (await rowsOf<{ id: number }>(tx.execute(sql`select id from proxies`))).map((r) => r.id),
    );

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = testDb.database.db;
    const tag = crypto.randomUUID().slice(0, 8);
    const owner = await insertUser(db, `scope-owner-${tag}`);
    scoped = await insertUser(db, `scope-member-${tag}`);
    ({ id: team } = await one<{ id: string }>(
      `insert into workspaces (name, kind, created_by) values ('Desk', 'team', '${owner}') returning id`,
    ));
    await db.execute(
      sql.raw(`insert into workspace_members (workspace_id, user_id, role, scope_tags) values
        ('${team}', '${owner}', 'owner', null), ('${team}', '${scoped}', 'operator', '{north,East}')`),
    );
    ({ id: proxy } = await one<{ id: number }>(
      `insert into proxies (user_id, protocol, host, port, identity_hash)
       values ('${team}', 1, '10.0.9.1', 8080, 'scope-${tag}') returning id`,
    ));
    for (const name of ['north', 'south', 'east'] as const)
      ({ id: tags[name] } = await one<{ id: number }>(
        `insert into proxy_tags (user_id, name) values ('${team}', '${name.toUpperCase()}') returning id`,
      ));
    account = await insertSteamAccount(db, team, { login: `scope-${tag}`, steamId: '76561199000000201' });
    ({ id: accountTag } = await one<{ id: number }>(
      `insert into steam_account_tags (user_id, name) values ('${team}', 'North') returning id`,
    ));
    // The triggers run as their owner; an owner that is not a superuser is held by row-level security as the
    // server's own work (no active workspace), which is what the production owner is.
    await db.execute(
      sql.raw(`do $$ begin
        if not exists (select 1 from pg_roles where rolname = '${OWNER_ROLE}') then
          create role ${OWNER_ROLE} nologin;
        end if;
      end $$`),
    );
    for (const statement of [
      `grant select, update on proxies, steam_accounts to ${OWNER_ROLE}`,
      `grant select on proxy_tag_links, steam_account_tag_links, workspace_members to ${OWNER_ROLE}`,
      `grant insert on list_changes to ${OWNER_ROLE}`,
      `alter function tag_ids_keep() owner to ${OWNER_ROLE}`,
    ])
      await db.execute(sql.raw(statement));
  }, 120_000);
  afterAll(() => testDb?.drop());

  it('keeps the ids equal to the links through link, unlink, rename, re-point and tag deletion', async () => {
    expect(await proxyTagIds()).toEqual([]);
    await db.execute(
      sql.raw(`insert into proxy_tag_links (user_id, proxy_id, tag_id)
        values ('${team}', ${proxy}, ${tags.south}), ('${team}', ${proxy}, ${tags.north})`),
    );
    expect(await proxyTagIds()).toEqual([tags.north, tags.south].sort((x, y) => x - y));
    await db.execute(sql.raw(`update proxy_tags set name = 'Nord' where id = ${tags.north}`));
    expect(await proxyTagIds()).toEqual(await linkedIds());
    await db.execute(sql.raw(`update proxy_tags set name = 'north' where id = ${tags.north}`));
    await db.execute(
      sql.raw(
        `update proxy_tag_links set tag_id = ${tags.east} where proxy_id = ${proxy} and tag_id = ${tags.south}`,
      ),
    );
    expect(await proxyTagIds()).toEqual([tags.north, tags.east].sort((x, y) => x - y));
    await db.execute(sql.raw(`delete from proxy_tags where id = ${tags.east}`));
    expect(await proxyTagIds()).toEqual([tags.north]);
    await db.execute(sql.raw(`delete from proxy_tag_links where proxy_id = ${proxy}`));
    expect(await proxyTagIds()).toEqual([]);
    // Accounts the same way.
    await db.execute(
      sql.raw(`insert into steam_account_tag_links (user_id, account_id, tag_id)
        values ('${team}', ${account}, ${accountTag})`),
    );
    expect(
      (await one<{ ids: number[] }>(`select tag_ids as ids from steam_accounts where id = ${account}`)).ids,
    ).toEqual([accountTag]);
  });

  it("scopes a member by its tag names resolved to the workspace's tags, whatever the case", async () => {
    ({ id: tags.east } = await one<{ id: number }>(
      `insert into proxy_tags (user_id, name) values ('${team}', 'east') returning id`,
    ));
    await db.execute(
      sql.raw(
        `insert into proxy_tag_links (user_id, proxy_id, tag_id) values ('${team}', ${proxy}, ${tags.south})`,
      ),
    );
    expect(await seenByScoped()).toEqual([]);
    await db.execute(
      sql.raw(
        `insert into proxy_tag_links (user_id, proxy_id, tag_id) values ('${team}', ${proxy}, ${tags.east})`,
      ),
    );
    expect(await seenByScoped()).toEqual([proxy]);
  });

  it("lets a scoped member's own unlink take the row out of its scope, and the row follows", async () => {
    // The member removes its tag from its proxy: allowed by the links' policy, and the kept ids follow although
    // the row leaves the member's scope by it.
    await asScoped((tx) =>
      tx.execute(sql.raw(`delete from proxy_tag_links where proxy_id = ${proxy} and tag_id = ${tags.east}`)),
    );
    expect(await proxyTagIds()).toEqual([tags.south]);
    expect(await seenByScoped()).toEqual([]);
    // Linked again by the owner's side, the member sees it again.
    await db.execute(
      sql.raw(
        `insert into proxy_tag_links (user_id, proxy_id, tag_id) values ('${team}', ${proxy}, ${tags.north})`,
      ),
    );
    expect(await seenByScoped()).toEqual([proxy]);
    expect(await proxyTagIds()).toEqual(await linkedIds());
  });

  it('keeps the scoped member from writing the kept ids of a row outside its scope', async () => {
    await db.execute(
      sql.raw(`delete from proxy_tag_links where proxy_id = ${proxy} and tag_id = ${tags.north}`),
    );
    const changed = await asScoped(async (tx) =>
      rowsOf<{ id: number }>(
        tx.execute(
          sql.raw(`update proxies set tag_ids = '{${tags.north}}' where id = ${proxy} returning id`),
        ),
      ),
    );
    expect(changed).toEqual([]);
    expect(await proxyTagIds()).toEqual([tags.south]);
  });
});
