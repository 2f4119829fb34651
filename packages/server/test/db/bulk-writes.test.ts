import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reusePlansInBulkWrite } from '../../src/db/bulk-writes.ts';
import type { Db } from '../../src/db/database.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

const setting = async (tx: Db) => {
  const result = await tx.execute(
    sql`select current_setting('plan_cache_mode') as mode, pg_backend_pid() as pid`,
  );
  return (result as unknown as { rows: { mode: string; pid: number }[] }).rows[0]!;
};

describe('bulk writes on cached plans (PGlite, or Postgres with TEST_DATABASE_URL)', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(() => t.drop());

  it('uses cached plans for the rest of the transaction only, never for the connection', async () => {
    // The app's connections plan each statement for its own values (db/database.ts), on both databases.
    const usual = 'force_custom_plan';
    const inside = await t.database.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const before = await setting(db);
      expect(before.mode).toBe(usual);
      await reusePlansInBulkWrite(db);
      return { ...(await setting(db)), before: before.pid };
    });
    expect(inside.mode).toBe('auto');
    // The next transaction on the same connection plans as before.
    const after = await t.database.db.transaction((tx) => setting(tx as unknown as Db));
    expect(after.pid).toBe(inside.pid);
    expect(after.mode).toBe(usual);
  });
});
