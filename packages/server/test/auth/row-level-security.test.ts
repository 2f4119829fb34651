import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { APP_ROLE } from '../../src/security/user-scope.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  logIn,
  PASSWORD,
  signUp,
  type TestUser,
} from './helpers/auth-app.ts';

const USER_TABLES = [
  'users',
  'device_sessions',
  'refresh_tokens',
  'email_codes',
  'recovery_codes',
  'user_keys',
  'security_events',
  'hub_sources',
  'hub_events',
  'proxies',
  'proxy_tags',
  'proxy_tag_links',
  'steam_accounts',
  'steam_account_tags',
  'steam_account_tag_links',
  'steam_trade_sessions',
  'steam_inventory_scans',
  'steam_inventory_items',
  'steam_trade_intents',
  'seller_accounts',
  'seller_deliveries',
  'harvester_profiles',
  'harvester_sessions',
  'harvester_transactions',
  'lots',
  'lot_sales',
  'lot_prices',
  'lot_price_history',
  'lot_reprice_jobs',
  'lot_reprice_batches',
  'lot_repricers',
  'transfers',
  'transfer_secrets',
  'notifications',
  'list_changes',
  'steam_trade_watches',
  'idempotency_keys',
  'seller_inventory_updates',
  'confirmation_rules',
  'confirmation_snapshots',
  'confirmation_own_listings',
  'confirmation_jobs',
  'confirmation_job_items',
  'portfolio_holdings',
  'portfolio_item_groups',
  'ledger_entries',
  'ledger_days',
  'ledger_sales',
  'workspace_members',
  'workspace_moves',
  'workspace_move_items',
];

type Rows<T> = { rows: T[] };

/** Database-level checks: RLS on every user-owned table, and what the restricted role can see and write. */
describe('row-level security', () => {
  let t: AuthTestApp;
  let db: Db;
  let a: TestUser;
  let b: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    db = t.testDb.database.db;
    const admin = await signUp(t, 'admin');
    a = await signUp(t, 'rls-a', admin);
    b = await signUp(t, 'rls-b', admin);
    await logIn(t, a.email, PASSWORD);
  });
  afterAll(() => t.close());

  /** Runs a query as the app role with the user (workspace and actor) set, or not, for the transaction only. */
  const asApp = <T>(userId: string | null, query: string): Promise<Rows<T>> =>
    db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
      if (userId)
        await tx.execute(
          sql`select set_config('app.user_id', ${userId}, true), set_config('app.actor_id', ${userId}, true)`,
        );
      return (await tx.execute(sql.raw(query))) as unknown as Rows<T>;
    });

  it('enables and forces RLS with a non-trivial nullif policy on every table with a user column', async () => {
    const owned = (await db.execute(
      sql`select distinct c.table_name from information_schema.columns c join information_schema.tables t
          on t.table_name = c.table_name and t.table_schema = c.table_schema
          where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.column_name = 'user_id'`,
    )) as unknown as Rows<{ table_name: string }>;
    const expected = new Set([...owned.rows.map((r) => r.table_name), 'users']);
    expect([...expected].sort()).toEqual([...USER_TABLES].sort());
    const flags = (await db.execute(
      sql`select relname, relrowsecurity, relforcerowsecurity from pg_class where relname in ${USER_TABLES} and relkind = 'r'`,
    )) as unknown as Rows<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>;
    expect(flags.rows).toHaveLength(USER_TABLES.length);
    for (const row of flags.rows)
      expect(row, row.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
    const policies = (await db.execute(
      sql`select tablename, qual, with_check from pg_policies where schemaname = 'public'`,
    )) as unknown as Rows<{ tablename: string; qual: string; with_check: string }>;
    for (const table of USER_TABLES) {
      const own = policies.rows.filter((p) => p.tablename === table);
      expect(own.length, table).toBeGreaterThan(0);
      // Each command's policy (read, insert, change, delete) keys on the settings, none is a blanket `true`.
      for (const policy of own) {
        for (const expression of [policy.qual, policy.with_check].filter(Boolean)) {
          expect(expression, table).toMatch(/nullif/i);
          expect(expression, table).not.toMatch(/^\s*true\s*$/);
        }
      }
    }
  });

  it('makes the app role neither superuser, nor BYPASSRLS, nor table owner', async () => {
    const role = (await db.execute(
      sql`select rolsuper, rolbypassrls from pg_roles where rolname = ${APP_ROLE}`,
    )) as unknown as Rows<{ rolsuper: boolean; rolbypassrls: boolean }>;
    expect(role.rows[0]).toEqual({ rolsuper: false, rolbypassrls: false });
    const owners = (await db.execute(
      sql`select tableowner from pg_tables where tablename in ${USER_TABLES}`,
    )) as unknown as Rows<{ tableowner: string }>;
    for (const row of owners.rows) expect(row.tableowner).not.toBe(APP_ROLE);
  });

  it("shows the app role only the set user's rows, and none without a user", async () => {
    const sessionsOfA = await asApp<{ user_id: string }>(a.id, 'select user_id from device_sessions');
    expect(sessionsOfA.rows.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sessionsOfA.rows.map((r) => r.user_id))).toEqual(new Set([a.id]));
    const users = await asApp<{ id: string }>(b.id, 'select id from users');
    expect(users.rows.map((r) => r.id)).toEqual([b.id]);
    for (const table of USER_TABLES) {
      const none = await asApp<{ n: number }>(null, `select count(*)::int as n from ${table}`);
      expect(none.rows[0]!.n, table).toBe(0);
    }
  });

  it("refuses writes of another user's rows and leaves no user context behind", async () => {
    await expect(
      asApp(
        b.id,
        `insert into device_sessions (user_id, expires_at) values ('${a.id}', now() + interval '1 day')`,
      ),
    ).rejects.toThrow();
    const updated = await asApp<{ id: string }>(
      b.id,
      `update device_sessions set revoked_at = now() where user_id = '${a.id}' returning id`,
    );
    expect(updated.rows).toHaveLength(0);
    // set_config(..., true) ends with the transaction: the next one on the connection sees no user.
    await asApp(a.id, 'select 1');
    const after = await asApp<{ n: number }>(null, 'select count(*)::int as n from device_sessions');
    expect(after.rows[0]!.n).toBe(0);
    const setting = (await db.execute(
      sql`select current_setting('app.user_id', true) as v`,
    )) as unknown as Rows<{ v: string | null }>;
    expect(setting.rows[0]!.v ?? '').toBe('');
  });

  it('still serves the API through the scoped queries (sessions list, revoke)', async () => {
    const list = await t.call('GET', '/api/user/sessions', { token: a.accessToken });
    expect(list.json().data.items.length).toBeGreaterThanOrEqual(2);
  });
});
