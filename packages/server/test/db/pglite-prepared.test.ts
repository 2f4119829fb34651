import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installPreparedStatements, PREPARED_STATEMENTS_MAX } from '../../src/db/pglite-prepared.ts';

/** Named statements the embedded database holds (each prepared statement of the session is listed). */
async function preparedCount(db: PGlite): Promise<number> {
  const [result] = await db.exec('select count(*)::int as n from pg_prepared_statements');
  return (result!.rows[0] as { n: number }).n;
}

describe('prepared statements on the embedded database', () => {
  let db: PGlite;
  let cache: { readonly size: number };
  /** One database made once with the table: each test opens its own copy instead of creating a cluster. */
  let made: Blob;
  beforeAll(async () => {
    const first = new PGlite();
    await first.exec(
      'create table items (id serial primary key, name text not null, at timestamptz, tags int[], doc jsonb)',
    );
    made = await first.dumpDataDir('none');
    await first.close();
  });
  beforeEach(async () => {
    db = new PGlite({ loadDataDir: made });
    await db.waitReady;
    cache = installPreparedStatements(db);
  });
  afterEach(() => db.close());

  it('prepares a statement once and answers as the plain query does, parameters and types included', async () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const insert = 'insert into items (name, at, tags, doc) values ($1, $2, $3, $4) returning id';
    const first = await db.query(insert, ['a', at, [1, 2], { k: 'v' }]);
    const second = await db.query(insert, ['b', null, null, null]);
    expect(first.rows).toEqual([{ id: 1 }]);
    expect(second.rows).toEqual([{ id: 2 }]);
    expect(second.affectedRows).toBe(1);
    const read = 'select id, name, at, tags, doc from items where id = any($1) order by id';
    const rows = (await db.query(read, [[1, 2]])).rows;
    expect(rows).toEqual([
      { id: 1, name: 'a', at, tags: [1, 2], doc: { k: 'v' } },
      { id: 2, name: 'b', at: null, tags: null, doc: null },
    ]);
    const asArrays = await db.query(read, [[1]], { rowMode: 'array' });
    expect(asArrays.rows).toEqual([[1, 'a', at, [1, 2], { k: 'v' }]]);
    expect(asArrays.fields.map((f) => f.name)).toEqual(['id', 'name', 'at', 'tags', 'doc']);
    expect(cache.size).toBe(2);
    expect(await preparedCount(db)).toBe(2);
  });

  it('runs prepared statements inside transactions, and a rollback undoes their writes', async () => {
    const insert = 'insert into items (name) values ($1)';
    await db.transaction(async (tx) => {
      await tx.query(insert, ['kept']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, ['undone']);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const { rows } = await db.query<{ name: string }>('select name from items where id > $1', [0]);
    expect(rows.map((r) => r.name)).toEqual(['kept']);
  });

  it('reports a failing statement as the database does, and keeps working after it', async () => {
    await expect(db.query('select nope from items where id = $1', [1])).rejects.toMatchObject({
      code: '42703',
    });
    await db.query('insert into items (name) values ($1)', ['x']);
    await expect(db.query('insert into items (name) values ($1)', [null])).rejects.toMatchObject({
      code: '23502',
    });
    expect((await db.query('select count(*)::int as n from items where id > $1', [0])).rows).toEqual([
      { n: 1 },
    ]);
  });

  it('survives a migration of the tables it reads, a changed column type included', async () => {
    const read = 'select id, name from items where id = $1';
    await db.query('insert into items (name) values ($1)', ['a']);
    expect((await db.query(read, [1])).rows).toEqual([{ id: 1, name: 'a' }]);
    await db.exec('alter table items add column extra int');
    expect((await db.query(read, [1])).rows).toEqual([{ id: 1, name: 'a' }]);
    await db.exec('alter table items alter column name type varchar(20)');
    // Outside a transaction the statement is prepared again at once.
    expect((await db.query(read, [1])).rows).toEqual([{ id: 1, name: 'a' }]);
    await db.exec('alter table items alter column name type text');
    // Inside one the run fails once (the transaction is lost), and the next prepares it anew.
    await expect(db.transaction((tx) => tx.query(read, [1]))).rejects.toMatchObject({ code: '0A000' });
    expect((await db.transaction((tx) => tx.query(read, [1]))).rows).toEqual([{ id: 1, name: 'a' }]);
    await db.exec('drop table items; create table items (id int, name text)');
    await db.exec("insert into items values (5, 'new')");
    expect((await db.query(read, [5])).rows).toEqual([{ id: 5, name: 'new' }]);
  });

  it('keeps at most its bound of statements, closing the least recently used', async () => {
    for (let i = 0; i < PREPARED_STATEMENTS_MAX + 20; i++) await db.query(`select $1::int + ${i} as n`, [1]);
    expect(cache.size).toBe(PREPARED_STATEMENTS_MAX);
    expect(await preparedCount(db)).toBe(PREPARED_STATEMENTS_MAX);
    // A closed statement is prepared again when it comes back.
    expect((await db.query('select $1::int + 0 as n', [1])).rows).toEqual([{ n: 1 }]);
  });

  it('leaves utility statements to the plain path', async () => {
    await db.query('create index items_name on items (name)');
    await db.query('set search_path = public');
    expect(cache.size).toBe(0);
  });
});
