import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** How many statements of this connection's prepared ones read `probe_items`. */
async function preparedProbes(tx: Db): Promise<number> {
  const result = await tx.execute(sql`select count(*)::int as n from pg_prepared_statements
    where strpos(statement, 'from probe_items') > 0 and strpos(statement, 'pg_prepared_statements') = 0`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}

describe('prepared statements on the app database (PGlite, or Postgres with TEST_DATABASE_URL)', () => {
  let t: TestDatabase;
  let db: Db;
  beforeEach(async () => {
    t = await createTestDatabase();
    db = t.database.db;
    await db.execute(sql`create table probe_items (id int primary key, name text not null)`);
    await db.execute(sql`insert into probe_items values (1, 'a'), (2, 'b')`);
  });
  afterEach(() => t.drop());

  const read = (tx: Db, id: number) =>
    tx.execute(sql`select id, name from probe_items where id = ${id}`).then((r) => rowsOf<object>(r));

  it('parses a repeated statement once per connection and answers as before', async () => {
    await db.transaction(async (tx) => {
      expect(await read(tx as unknown as Db, 1)).toEqual([{ id: 1, name: 'a' }]);
      expect(await read(tx as unknown as Db, 2)).toEqual([{ id: 2, name: 'b' }]);
      expect(await preparedProbes(tx as unknown as Db)).toBe(1);
    });
  });

  it('keeps answering after a migration changes the tables and column types it reads', async () => {
    expect(await read(db, 1)).toEqual([{ id: 1, name: 'a' }]);
    await db.execute(sql`alter table probe_items add column extra int`);
    expect(await read(db, 1)).toEqual([{ id: 1, name: 'a' }]);
    await db.execute(sql`alter table probe_items alter column name type varchar(20)`);
    // Outside a transaction the statement is prepared again and run at once.
    expect(await read(db, 2)).toEqual([{ id: 2, name: 'b' }]);
    await db.execute(sql`drop table probe_items`);
    await db.execute(sql`create table probe_items (id int primary key, name text not null)`);
    await db.execute(sql`insert into probe_items values (3, 'c')`);
    expect(await read(db, 3)).toEqual([{ id: 3, name: 'c' }]);
  });

  it('prepares anew on a connection that replaced a lost one', async () => {
    expect(await read(db, 1)).toEqual([{ id: 1, name: 'a' }]);
    if (t.database.kind === 'postgres') {
      // Every connection of the pool but the one asking is closed by the server.
      await db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`,
      );
      for (let i = 0; i < 5; i++) await read(db, 1).catch(() => {});
    }
    for (let i = 0; i < 3; i++) expect(await read(db, 2)).toEqual([{ id: 2, name: 'b' }]);
  });
});
