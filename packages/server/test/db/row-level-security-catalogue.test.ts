import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { APP_ROLE } from '../../src/security/user-scope.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';

type Rows<T> = { rows: T[] };

/**
 * Schemas outside `public` hold no table the app role can reach (no USAGE): the migration journal (drizzle) and
 * the job queue (pgboss, made and migrated by pg-boss itself; job data holds ids, never secrets). Their tables are
 * exempt from row-level security; a schema not named here fails the catalogue test.
 */
const EXEMPT_SCHEMAS = new Set(['drizzle', 'pgboss']);

/** A role of the server's own kind (not superuser, no BYPASSRLS, not an owner): as an operator's second role. */
const PROBE_ROLE = 'tradedeck_rls_probe';

/**
 * Row-level security read from the catalogue, so a table added without a policy fails here: every table of the
 * database is either in `public` with RLS enabled, forced (the owner too) and a policy on the user setting, or in
 * a schema the app role cannot use. And the policies confine every role acting for a user, not only the app role.
 */
describe('row-level security from the catalogue (PGlite, or Postgres with TEST_DATABASE_URL)', () => {
  let t: AuthTestApp;
  let db: Db;
  let a: TestUser;
  let b: TestUser;
  let tables: { schema: string; name: string; userKey: string | null }[];

  beforeAll(async () => {
    t = await createAuthTestApp();
    db = t.testDb.database.db;
    const admin = await signedInUser(t, 'admin');
    a = await signedInUser(t, 'catalogue-a', admin);
    b = await signedInUser(t, 'catalogue-b', admin);
    const listed = (await db.execute(sql`
      select n.nspname as schema, c.relname as name,
        case when c.relname in ('users', 'workspaces') and n.nspname = 'public' then 'id'
             when exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'workspace_id'
                          and not a.attisdropped) then 'workspace_id'
             when exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'user_id'
                          and not a.attisdropped) then 'user_id' end as user_key
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%'
      order by 1, 2`)) as unknown as Rows<{ schema: string; name: string; user_key: string | null }>;
    tables = listed.rows.map((row) => ({ schema: row.schema, name: row.name, userKey: row.user_key }));
    // Roles belong to the whole server: workers sharing one Postgres may create it at once.
    await db.execute(
      sql.raw(`do $$ begin
        create role ${PROBE_ROLE} nologin nosuperuser nobypassrls;
      exception when duplicate_object or unique_violation then null; end $$`),
    );
    await db.execute(sql.raw(`grant usage on schema public to ${PROBE_ROLE}`));
    await db.execute(sql.raw(`grant select on all tables in schema public to ${PROBE_ROLE}`));
  }, 120_000);
  afterAll(() => t?.close());

  const publicTables = () => tables.filter((table) => table.schema === 'public');

  /**
   * Counts rows of a table as `role`, with `userId` as both the active workspace (app.user_id, a personal one)
   * and the actor (app.actor_id), or neither, in one transaction.
   */
  const countAs = (role: string, userId: string | null, query: string): Promise<number> =>
    db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${role}`));
      if (userId)
        await tx.execute(
          sql`select set_config('app.user_id', ${userId}, true), set_config('app.actor_id', ${userId}, true)`,
        );
      const result = (await tx.execute(sql.raw(query))) as unknown as Rows<{ n: number }>;
      return result.rows[0]!.n;
    });

  it('enables and forces RLS with a policy on the user setting on every table of public', async () => {
    expect(publicTables().length).toBeGreaterThan(30);
    const flags = (await db.execute(sql`
      select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
        coalesce((select array_agg(coalesce(p.qual, '') || ' / ' || coalesce(p.with_check, ''))
                  from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname), '{}') as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')`)) as unknown as Rows<{
      name: string;
      enabled: boolean;
      forced: boolean;
      policies: string[];
    }>;
    const missing = flags.rows
      .filter(
        (row) =>
          !row.enabled ||
          !row.forced ||
          row.policies.length === 0 ||
          // Each policy (one per command where reads and writes differ) keys on the workspace or the actor.
          row.policies.some((policy) => !/app\.(user|actor)_id/.test(policy)),
      )
      .map(
        (row) => `${row.name}: enabled ${row.enabled}, forced ${row.forced}, policies ${row.policies.length}`,
      );
    expect(missing).toEqual([]);
  });

  it('leaves no table the app role can reach outside public', async () => {
    const outside = tables.filter((table) => table.schema !== 'public');
    for (const table of outside) {
      expect(EXEMPT_SCHEMAS.has(table.schema), `${table.schema}.${table.name}`).toBe(true);
      const usage = (await db.execute(
        sql`select has_schema_privilege(${APP_ROLE}, ${table.schema}, 'USAGE') as ok`,
      )) as unknown as Rows<{ ok: boolean }>;
      expect(usage.rows[0]!.ok, `${table.schema}: usage by ${APP_ROLE}`).toBe(false);
    }
  });

  it("confines any role acting for a user to that user's rows, and closes the tables with no user column", async () => {
    const seen: string[] = [];
    for (const table of publicTables()) {
      const foreign = table.userKey
        ? await countAs(
            PROBE_ROLE,
            b.id,
            `select count(*)::int as n from "${table.name}" where ${table.userKey} <> '${b.id}'`,
          )
        : await countAs(PROBE_ROLE, b.id, `select count(*)::int as n from "${table.name}"`);
      if (foreign !== 0) seen.push(`${table.name}: ${foreign}`);
    }
    expect(seen).toEqual([]);
    // B still sees B: the confinement is to the user, not a blanket refusal.
    expect(await countAs(PROBE_ROLE, b.id, 'select count(*)::int as n from users')).toBe(1);
    expect(await countAs(PROBE_ROLE, b.id, 'select count(*)::int as n from device_sessions')).toBeGreaterThan(
      0,
    );
  });

  it('shows the app role nothing without a user, and work for no user (jobs, sign-in) every row', async () => {
    for (const table of publicTables()) {
      const granted = (await db.execute(
        sql`select has_table_privilege(${APP_ROLE}, ${`public.${table.name}`}, 'SELECT') as ok`,
      )) as unknown as Rows<{ ok: boolean }>;
      // Tables with no user column are not granted to the app role at all.
      if (!granted.rows[0]!.ok) continue;
      expect(
        await countAs(APP_ROLE, null, `select count(*)::int as n from "${table.name}"`),
        table.name,
      ).toBe(0);
    }
    // Work for no user by another role (jobs, sign-in, administration) sees what the owner sees.
    for (const table of publicTables()) {
      const query = `select count(*)::int as n from "${table.name}"`;
      const owner = ((await db.execute(sql.raw(query))) as unknown as Rows<{ n: number }>).rows[0]!.n;
      expect(await countAs(PROBE_ROLE, null, query), table.name).toBe(owner);
    }
    expect(await countAs(PROBE_ROLE, null, 'select count(*)::int as n from users')).toBeGreaterThanOrEqual(3);
    expect(a.id).not.toBe(b.id);
  });
});
