import { readFile } from 'node:fs/promises';
import { messages, PGlite } from '@electric-sql/pglite';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, IN_MEMORY, openDatabase } from '../../src/db/database.ts';
import { sqlStateOf, UNIQUE_VIOLATION } from '../../src/db/database-error-reason.ts';
import { PgliteThread } from '../../src/db/pglite-thread.ts';
import { mailOutbox, rateLimits, users } from '../../src/db/schema.ts';

type Rows<T> = { rows: T[] };

/** The migrated data directory of this run (test/helpers/pglite-template.ts), when the suite made one. */
async function template(): Promise<Blob | undefined> {
  const file = inject('pgliteTemplate');
  return file ? new Blob([await readFile(file)]) : undefined;
}

async function open(embeddedThread: boolean, from: Blob | undefined): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: null,
    dataDir: IN_MEMORY,
    template: from,
    sharedBuffers: '32MB',
    embeddedThread,
  });
  if (!from) await database.migrate();
  return database;
}

const threadOf = (database: Database) => (database.db as unknown as { $client: PgliteThread }).$client;

/** Resolves after `ms`, so that work started elsewhere has every chance to run in between. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the embedded database on a thread of its own', () => {
  let inThread: Database;
  let onThread: Database;
  beforeAll(async () => {
    const from = await template();
    [inThread, onThread] = await Promise.all([open(false, from), open(true, from)]);
  }, 240_000);
  afterAll(async () => {
    await Promise.all([inThread?.close(), onThread?.close()]);
  });

  it('is a thread client, and answers with the rows and types of the engine on the event loop', async () => {
    expect(threadOf(onThread)).toBeInstanceOf(PgliteThread);
    expect((inThread.db as unknown as { $client: unknown }).$client).toBeInstanceOf(PGlite);
    const at = new Date('2026-03-04T05:06:07.890Z');
    const read = async (database: Database) => {
      const { db } = database;
      await db.insert(rateLimits).values([
        { key: 'types-a', windowStart: at, count: 3 },
        { key: 'types-b', windowStart: at, count: 4 },
      ]);
      await db
        .insert(mailOutbox)
        .values({ recipient: 'r@example.test', subject: 's', body: 'b', link: null });
      const limits = await db
        .select()
        .from(rateLimits)
        .where(sql`key like 'types-%'`)
        .orderBy(asc(rateLimits.key));
      const mail = await db
        .select({ recipient: mailOutbox.recipient, link: mailOutbox.link })
        .from(mailOutbox);
      const raw = (await db.execute(sql`select 1::int as i, 9007199254740993::bigint as b, 1.50::numeric as n,
          ${at.toISOString()}::timestamptz as tz, '2026-01-02 03:04:05'::timestamp as ts, '2026-01-02'::date as d,
          interval '1 day 2 hours' as iv, '{"a":[1,2]}'::jsonb as j, array[1, 2] as ints,
          array['2026-01-01 00:00:00'::timestamp] as tss, '\\x0102ff'::bytea as by, true as t, null::text as nothing,
          ${'param'}::text as param`)) as unknown as Rows<Record<string, unknown>>;
      const counted = await db.$count(users);
      return { limits, mail, raw: raw.rows, counted };
    };
    const expected = await read(inThread);
    const answered = await read(onThread);
    expect(answered).toEqual(expected);
    // The types themselves: drizzle's parsers keep dates and times as the database's text, the rest is PGlite's.
    expect(answered.limits[0]!.windowStart).toEqual(at);
    const row = answered.raw[0]!;
    expect(typeof row.tz).toBe('string');
    expect(row.ts).toBe('2026-01-02 03:04:05');
    expect(row.d).toBe('2026-01-02');
    expect(row.iv).toBe('1 day 02:00:00');
    expect(row.tss).toBe('{"2026-01-01 00:00:00"}');
    expect(row.j).toEqual({ a: [1, 2] });
    expect(row.ints).toEqual([1, 2]);
    expect(row.by).toEqual(new Uint8Array([1, 2, 255]));
    expect(row.b).toBe(expected.raw[0]!.b);
    expect(row.nothing).toBeNull();
  });

  it("runs a transaction's statements inside it, with nothing from outside in between", async () => {
    const { db } = onThread;
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    const inside = await db.transaction(async (tx) => {
      order.push('begun');
      await tx.insert(rateLimits).values({ key: 'tx-inside', windowStart: new Date(), count: 1 });
      const txid = (await tx.execute(sql`select txid_current()::text as id`)) as unknown as Rows<{
        id: string;
      }>;
      // Sent while the transaction holds the database: it must wait for the COMMIT.
      outside = Promise.all([
        db.insert(rateLimits).values({ key: 'tx-outside', windowStart: new Date(), count: 1 }),
        db.execute(sql`select txid_current()::text as id`),
      ]).then(([, ids]) => {
        order.push('outside');
        return (ids as unknown as Rows<{ id: string }>).rows[0]!.id;
      });
      await pause(150);
      const seen = (await tx.execute(
        sql`select key from rate_limits where key like 'tx-%' order by key`,
      )) as unknown as Rows<{ key: string }>;
      order.push('ending');
      return { txid: txid.rows[0]!.id, seen: seen.rows.map((r) => r.key) };
    });
    order.push('committed');
    const outsideTxid = await outside;
    expect(inside.seen).toEqual(['tx-inside']);
    expect(outsideTxid).not.toBe(inside.txid);
    expect(order).toEqual(['begun', 'ending', 'committed', 'outside']);
    const after = (await db.execute(
      sql`select key from rate_limits where key like 'tx-%' order by key`,
    )) as unknown as Rows<{ key: string }>;
    expect(after.rows.map((r) => r.key)).toEqual(['tx-inside', 'tx-outside']);
  });

  it('rolls a transaction back when a statement fails in it, and the error keeps its SQLSTATE', async () => {
    const failIn = async (database: Database) => {
      const error = await database.db
        .transaction(async (tx) => {
          await tx.insert(rateLimits).values({ key: 'rolled-1', windowStart: new Date(), count: 1 });
          await tx.insert(rateLimits).values({ key: 'rolled-1', windowStart: new Date(), count: 2 });
        })
        .then(
          () => null,
          (caught: unknown) => caught as Error,
        );
      const left = (await database.db.execute(
        sql`select count(*)::int as n from rate_limits where key = 'rolled-1'`,
      )) as unknown as Rows<{ n: number }>;
      return { error, left: left.rows[0]!.n };
    };
    const expected = await failIn(inThread);
    const answered = await failIn(onThread);
    expect(answered.left).toBe(0);
    expect(sqlStateOf(answered.error)).toBe(UNIQUE_VIOLATION);
    const cause = answered.error!.cause as messages.DatabaseError;
    expect(cause).toBeInstanceOf(messages.DatabaseError);
    const fields = (error: messages.DatabaseError) => ({
      name: error.name,
      message: error.message,
      code: error.code,
      severity: error.severity,
      constraint: error.constraint,
      table: error.table,
      detail: error.detail,
    });
    expect(fields(cause)).toEqual(fields(expected.error!.cause as messages.DatabaseError));
    expect(cause.constraint).toBe('rate_limits_pkey');
    // A savepoint's failure rolls back to it alone, as on the event loop.
    await onThread.db.transaction(async (tx) => {
      await tx.insert(rateLimits).values({ key: 'saved-1', windowStart: new Date(), count: 1 });
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(rateLimits).values({ key: 'saved-1', windowStart: new Date(), count: 1 });
        }),
      ).rejects.toMatchObject({ cause: { code: UNIQUE_VIOLATION } });
    });
    const saved = await onThread.db.$count(rateLimits, sql`key = 'saved-1'`);
    expect(saved).toBe(1);
  });

  it('leaves the event loop free while a long statement runs', async () => {
    const long = sql`select count(*)::int as n from generate_series(1, 1000000) as i where i % 7 = 0`;
    /** The longest the event loop went without a turn while the statement ran, and how long it ran. */
    const longestWait = async (database: Database) => {
      let last = performance.now();
      let longest = 0;
      const tick = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
      }, 2);
      const started = performance.now();
      await database.db.execute(long);
      const ended = performance.now();
      clearInterval(tick);
      return { longest: Math.max(longest, ended - last), took: ended - started };
    };
    const answered = await longestWait(onThread);
    // Measured as the reason for the thread: on the event loop the statement holds it for its whole run.
    const expected = await longestWait(inThread);
    expect(expected.longest).toBeGreaterThan(expected.took / 2);
    expect(answered.took).toBeGreaterThan(50);
    expect(answered.longest).toBeLessThan(answered.took / 2);
  });

  it("delivers NOTIFY to the thread's listeners, as the hubs listen", async () => {
    const heard: string[] = [];
    const unlisten = await threadOf(onThread).listen('thread_test', (payload) => heard.push(payload));
    await onThread.db.execute(sql`select pg_notify('thread_test', 'one')`);
    await onThread.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('thread_test', 'two')`);
    });
    expect(heard).toEqual(['one', 'two']);
    await unlisten();
    await onThread.db.execute(sql`select pg_notify('thread_test', 'three')`);
    expect(heard).toEqual(['one', 'two']);
  });

  it('closes the engine and ends the thread', async () => {
    // A database of its own: the others' tests may run after this one (CI repeats files in a shuffled order).
    const own = await open(true, await template());
    const thread = threadOf(own);
    await own.db.execute(sql`select 1`);
    await own.close();
    const code = await Promise.race([thread.exited, pause(10_000).then(() => 'still running')]);
    expect(typeof code).toBe('number');
    expect(thread.closed).toBe(true);
    await expect(own.db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { code: '57P01' } });
  }, 120_000);
});
