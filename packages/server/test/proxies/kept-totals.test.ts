/**
 * List totals kept between requests (src/db/list-totals.ts): a total counted once answers the same filter again
 * until a transaction its snapshot did not see writes to a table the count reads — whichever server process
 * wrote it. Two apps on one database play two server processes. A proxy written with the triggers off
 * ("silently", as no route can) is what shows a kept total is in use: it is counted only when something else
 * makes the total be counted again.
 */

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { changedSince } from '../../src/db/list-totals.ts';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import { ProxiesRepo, ProxyQueries } from '../../src/modules/proxies/repo.ts';
import { APP_ROLE, UserScope } from '../../src/security/user-scope.ts';
import { type AuthTestApp, asTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import {
  addLines,
  callAs,
  createProxiesTest,
  dataOf,
  insertSteamAccount,
  type ProxiesTest,
} from './helpers.ts';

/** Ten rows a page, so every total of more than ten rows is counted (a short first page counts itself). */
const PAGE = { pages: { page: 1, pageSize: 10 } };

/** `n` proxy lines of block `block`. */
const lines = (block: number, n: number) => Array.from({ length: n }, (_, i) => `10.${block}.0.${i + 1}:80`);

let s: ProxiesTest;
/** The second server process on the same database. */
let other: AuthTestApp;
let otherApp: FastifyInstance;
let silent = 0;

const db = () => s.t.testDb.database.db;

async function totalOf(app: AuthTestApp, user: TestUser, filters: Record<string, unknown> = {}) {
  return dataOf<{ total: number; totalCapped: boolean }>(
    await callAs(app, user, 'POST', '/api/proxies/query', { ...PAGE, ...filters }),
  ).total;
}

/** The user's proxies as the table holds them now. */
async function countNow(userId: string, where = sql`true`): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db().execute(sql`select count(*)::int as n from proxies where user_id = ${userId} and ${where}`),
  );
  return row!.n;
}

/** A proxy written with the triggers off for its transaction: no change is noted, so a kept total misses it. */
async function silentProxy(userId: string, status = 1): Promise<void> {
  silent += 1;
  await db().transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`insert into proxies (user_id, protocol, host, port, identity_hash, status)
      values (${userId}, 0, ${`10.99.0.${silent}`}, 8080, ${`silent-${silent}`}, ${status})`);
  });
}

async function newestProxyOf(userId: string): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await db().execute(sql`select id from proxies where user_id = ${userId} order by id desc limit 1`),
  );
  return row!.id;
}

beforeAll(async () => {
  s = await createProxiesTest();
  otherApp = await buildApp({ config: s.t.config, database: s.t.testDb.database, now: s.t.clock.now });
  await otherApp.ready();
  other = asTestApp({
    app: otherApp,
    config: s.t.config,
    testDb: s.t.testDb,
    smtp: s.t.smtp,
    clock: s.t.clock,
  });
  await addLines(s.t, s.a, lines(1, 12));
  await addLines(s.t, s.b, lines(2, 12));
}, 60_000);

afterAll(async () => {
  await otherApp?.close();
  await s?.t.close();
});

describe('list totals kept between requests', () => {
  it('answers the same filter from the kept total while nothing it counts changed', async () => {
    const counted = await totalOf(s.t, s.a);
    expect(counted).toBe(await countNow(s.a.id));
    await silentProxy(s.a.id);
    // A refresh and page 2 of the same filter: the kept total, which has not seen the silent proxy.
    expect(await totalOf(s.t, s.a)).toBe(counted);
    expect(await totalOf(s.t, s.a, { pages: { page: 2, pageSize: 10 } })).toBe(counted);
    // The other process keeps its own totals: it counts, and sees the row.
    expect(await totalOf(other, s.a)).toBe(counted + 1);
  });

  it('counts again after an insert committed by another server process', async () => {
    await totalOf(s.t, s.a);
    await silentProxy(s.a.id);
    await addLines(other, s.a, '10.6.0.1:80');
    expect(await totalOf(s.t, s.a)).toBe(await countNow(s.a.id));
  });

  it('counts again after a delete committed by another server process', async () => {
    await totalOf(s.t, s.a);
    await silentProxy(s.a.id);
    const id = await newestProxyOf(s.a.id);
    dataOf(await callAs(other, s.a, 'POST', '/api/proxies/batch/remove', { proxyIds: [id] }));
    expect(await totalOf(s.t, s.a)).toBe(await countNow(s.a.id));
  });

  it('counts a tag filter again when another process tags or untags proxies', async () => {
    const ids = (await addLines(s.t, s.a, lines(3, 14))).addedIds;
    const tagged = dataOf(
      await callAs(s.t, s.a, 'POST', '/api/proxies/batch/tags/add', {
        proxiesIds: ids.slice(0, 11),
        tag: { id: 0, name: 'kept-totals' },
      }),
    );
    const tagId: number = tagged.tag.id;
    expect(await totalOf(s.t, s.a, { withTagIds: [tagId] })).toBe(11);
    expect(await totalOf(s.t, s.a, { exceptTagIds: [tagId] })).toBe((await countNow(s.a.id)) - 11);
    dataOf(
      await callAs(other, s.a, 'POST', '/api/proxies/batch/tags/add', {
        proxiesIds: ids.slice(11),
        tag: { id: tagId, name: 'kept-totals' },
      }),
    );
    expect(await totalOf(s.t, s.a, { withTagIds: [tagId] })).toBe(14);
    expect(await totalOf(s.t, s.a, { exceptTagIds: [tagId] })).toBe((await countNow(s.a.id)) - 14);
    dataOf(
      await callAs(other, s.a, 'POST', '/api/proxies/batch/tags/remove', { proxiesIds: [ids[0]], tagId }),
    );
    expect(await totalOf(s.t, s.a, { withTagIds: [tagId] })).toBe(13);
  });

  it('counts a status filter again after a status change or a Steam account taking a proxy', async () => {
    const ids = (await addLines(s.t, s.a, lines(4, 12))).addedIds;
    await db().execute(
      sql`update proxies set status = 3 where id = any(${sql.param(ids.slice(0, 11))}::int[])`,
    );
    expect(await totalOf(s.t, s.a, { withStatus: [3] })).toBe(11);
    await silentProxy(s.a.id, 3);
    await db().execute(sql`update proxies set status = 3 where id = ${ids[11]!}`);
    expect(await totalOf(s.t, s.a, { withStatus: [3] })).toBe(await countNow(s.a.id, sql`status = 3`));
    // "In use" is read from the accounts by proxy.
    const idle = await totalOf(s.t, s.a, { withStatus: [0, 1] });
    const [free] = (await addLines(s.t, s.a, '10.5.0.1:80')).addedIds;
    expect(await totalOf(s.t, s.a, { withStatus: [0, 1] })).toBe(idle + 1);
    await insertSteamAccount(s.t, s.a.id, 'kept-totals-user', free!);
    expect(await totalOf(s.t, s.a, { withStatus: [0, 1] })).toBe(idle);
  });

  it("is not counted again for another user's change, and never answers another user", async () => {
    const kept = await totalOf(s.t, s.a);
    await silentProxy(s.a.id);
    const bBefore = await totalOf(s.t, s.b);
    expect(bBefore).toBe(await countNow(s.b.id));
    await addLines(other, s.b, '10.7.0.1:80');
    // B's change leaves A's kept total as it was (the silent row stays uncounted) …
    expect(await totalOf(s.t, s.a)).toBe(kept);
    // … and B, asking the same filter, gets B's own count.
    expect(await totalOf(s.t, s.b)).toBe(bBefore + 1);
    expect(await totalOf(s.t, s.b)).toBe(await countNow(s.b.id));
  });

  it('answers exactTotal with the exact figure, counted again after a change', async () => {
    const exact = async (app: AuthTestApp) => totalOf(app, s.a, { exactTotal: true });
    expect(await exact(s.t)).toBe(await countNow(s.a.id));
    await addLines(other, s.a, '10.8.0.1:80');
    expect(await exact(s.t)).toBe(await countNow(s.a.id));
    dataOf(
      await callAs(other, s.a, 'POST', '/api/proxies/batch/remove', {
        proxyIds: [await newestProxyOf(s.a.id)],
      }),
    );
    expect(await exact(s.t)).toBe(await countNow(s.a.id));
  });

  it('counts again once a transaction still open when the total was counted commits', async () => {
    // The predicate: a snapshot taken while transaction X ran (X listed in progress) does not see X's change.
    const scope = new UserScope(db());
    const xid = await db().transaction(async (tx) => {
      await tx.execute(sql`insert into proxies (user_id, protocol, host, port, identity_hash)
        values (${s.a.id}, 0, '10.1.5.1', 80, 'open-tx-1')`);
      const [row] = rowsOf<{ xid: string }>(await tx.execute(sql`select pg_current_xact_id()::text as xid`));
      return BigInt(row!.xid);
    });
    const whileRunning = `${xid}:${xid + 1n}:${xid}`;
    const afterwards = `${xid + 1n}:${xid + 1n}:`;
    const changed = (snapshot: string) =>
      scope.run(s.a.id, async (tx) => {
        const key = { list: 'proxies', userId: s.a.id, sources: ['proxies' as const] };
        const [row] = rowsOf<{ changed: boolean }>(
          await tx.execute(sql`select ${changedSince(key, snapshot)} as changed`),
        );
        return row!.changed;
      });
    expect(await changed(whileRunning)).toBe(true);
    expect(await changed(afterwards)).toBe(false);

    // On Postgres, the real thing: a writer holds its transaction open while the list is counted.
    const url = s.t.testDb.url;
    if (!url) return;
    const repo = new ProxiesRepo(scope);
    const window = { page: 1, pageSize: 10, offset: 0, after: null, exactTotal: false };
    const total = () => repo.run(s.a.id, async (q) => (await q.page({}, [], window)).total);
    const writer = new pg.Client({ connectionString: url });
    await writer.connect();
    try {
      await writer.query('begin');
      await writer.query(
        `insert into proxies (user_id, protocol, host, port, identity_hash) values ($1, 0, '10.1.5.2', 80, 'open-tx-2')`,
        [s.a.id],
      );
      const before = await total();
      expect(before).toBe(await countNow(s.a.id));
      expect(await total()).toBe(before);
      await writer.query('commit');
      expect(await total()).toBe(before + 1);
    } finally {
      await writer.end();
    }
  });

  it('never keeps a total counted by a transaction that has written (its rows may roll back)', async () => {
    const scope = new UserScope(db());
    const window = { page: 1, pageSize: 10, offset: 0, after: null, exactTotal: false };
    const total = (tx: Parameters<Parameters<UserScope['run']>[1]>[0]) =>
      new ProxyQueries(tx, s.a.id).page({}, [], window).then((page) => page.total);
    const before = await scope.run(s.a.id, total);
    expect(before).toBe(await countNow(s.a.id));
    await expect(
      scope.run(s.a.id, async (tx) => {
        await tx.execute(sql`insert into proxies (user_id, protocol, host, port, identity_hash)
          values (${s.a.id}, 0, '10.1.6.1', 80, 'rolled-back-1'), (${s.a.id}, 0, '10.1.6.2', 80, 'rolled-back-2')`);
        expect(await total(tx)).toBe(before + 2);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await scope.run(s.a.id, total)).toBe(before);
    expect(before).toBe(await countNow(s.a.id));
  });

  it("shows the app role only its user's change rows, and lets it write none", async () => {
    const asApp = (userId: string, query: ReturnType<typeof sql>) =>
      db().transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
        await tx.execute(
          sql`select set_config('app.user_id', ${userId}, true), set_config('app.actor_id', ${userId}, true)`,
        );
        return rowsOf<{ user_id: string }>(await tx.execute(query));
      });
    const seenByB = await asApp(s.b.id, sql`select user_id from list_changes`);
    expect(seenByB.length).toBeGreaterThan(0);
    expect(new Set(seenByB.map((row) => row.user_id))).toEqual(new Set([s.b.id]));
    expect(await asApp(s.b.id, sql`select user_id from list_changes where user_id = ${s.a.id}`)).toEqual([]);
    await expect(
      asApp(s.b.id, sql`insert into list_changes (user_id, source) values (${s.b.id}, 'proxies')`),
    ).rejects.toThrow();
  });
});
