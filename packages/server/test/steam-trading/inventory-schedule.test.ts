/**
 * Inventories read on each workspace's schedule: a sweep queues one refresh batch per workspace of the accounts read
 * longer ago than its period (never read first, then oldest, at most the limit), leaves out accounts that cannot
 * sign in and accounts already in a waiting batch, queues nothing while the previous scheduled batch waits or runs
 * or when the schedule is off, and two processes sweeping side by side queue one batch. Accounts a trade of ours
 * involved since their last read (a completed harvester transaction, a delivery the market took, a send or accept
 * Steam took, or a trade found reversed) come first, whatever the period, also with it off. The sweep's queue has no
 * worker here, so a queued batch stays waiting until the test ends it; the clock is the test's.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import {
  harvesterSessions,
  sellerDeliveries,
  steamAccounts,
  steamInventoryScans,
  steamTradeIntents,
  steamTradeWatches,
  workspaces,
} from '../../src/db/schema.ts';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import { JOBS_SCHEMA } from '../../src/jobs/schema-name.ts';
import { ScheduleRepo, sweepInventorySchedule } from '../../src/modules/steam-trading/index.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  insertDelivery,
  insertHarvesterTransaction,
  insertIntent,
  insertSellerAccount,
  insertSteamAccount,
  insertUser,
} from '../helpers/trading-rows.ts';

const QUEUE = 'inventory-schedule-test';
const HOUR = 3_600_000;
const START = Date.parse('2026-06-01T12:00:00Z');

let t: TestApp;
let db: Db;
let workspaceId: string;
let clock = START;
/** Each test sweeps in slots of its own: a slot's batch id is kept by the queue after the batch ends. */
let testStart = START;
let sweep: (limit?: number) => Promise<{ accountIds: number[] }[]>;
const ids: Record<string, number> = {};
const steamIds: Record<string, string> = {};
let sellerAccountId: number;

async function readAt(accountId: number, at: number): Promise<void> {
  for (const game of ['cs2', 'tf2'])
    await db
      .insert(steamInventoryScans)
      .values({ accountId, userId: workspaceId, game, state: 'listed', attemptedAt: new Date(at) })
      .onConflictDoUpdate({
        target: [steamInventoryScans.accountId, steamInventoryScans.game],
        set: { attemptedAt: new Date(at) },
      });
}

/** The batches of the test's queue still waiting, of the workspace. */
async function waiting(): Promise<{ id: string; accountIds: number[]; scheduled: boolean }[]> {
  const rows = rowsOf<{ id: string; data: { accountIds: number[]; scheduled?: boolean } }>(
    await db.execute(sql`
      select id::text as id, data from ${sql.identifier(JOBS_SCHEMA)}.job
       where name = ${QUEUE} and state in ('created', 'retry', 'active') and data->>'userId' = ${workspaceId}`),
  );
  return rows.map((row) => ({
    id: row.id,
    accountIds: row.data.accountIds,
    scheduled: row.data.scheduled === true,
  }));
}

async function endWaiting(): Promise<void> {
  await db.execute(sql`
    update ${sql.identifier(JOBS_SCHEMA)}.job set state = 'completed', completed_on = now()
     where name = ${QUEUE} and state in ('created', 'retry', 'active')`);
}

describe('scheduled inventory reads', () => {
  beforeAll(async () => {
    t = await createTestApp();
    db = t.testDb.database.db;
    workspaceId = await insertUser(db, 'scheduled');
    const repo = new ScheduleRepo(db);
    sweep = async (limit = 3) =>
      (
        await sweepInventorySchedule({ repo, jobs: t.app.jobs, now: () => clock, queue: QUEUE, limit })
      ).filter((batch) => batch.userId === workspaceId);
    const logins = ['never', 'fresh', 'stale7', 'stale10', 'stale20', 'noid', 'failing', 'fresh2', 'seller'];
    for (const [n, login] of logins.entries()) {
      steamIds[login] = `7656119900000${1000 + n}`;
      ids[login] = await insertSteamAccount(db, workspaceId, { login, steamId: steamIds[login] });
    }
    sellerAccountId = await insertSellerAccount(db, workspaceId, ids.seller!);
    await db.update(steamAccounts).set({ steamId: null }).where(eq(steamAccounts.id, ids.noid!));
    await db.update(steamAccounts).set({ status: 2 }).where(eq(steamAccounts.id, ids.failing!));
  }, 60_000);
  afterAll(() => t.close());
  // Every test starts from the same reads, whatever ran before it (the tests run in any order).
  beforeEach(async () => {
    await endWaiting();
    await db.delete(steamInventoryScans).where(eq(steamInventoryScans.userId, workspaceId));
    // No trade of a test is seen by another.
    await db.delete(harvesterSessions).where(eq(harvesterSessions.userId, workspaceId));
    await db.delete(sellerDeliveries).where(eq(sellerDeliveries.userId, workspaceId));
    await db.delete(steamTradeIntents).where(eq(steamTradeIntents.userId, workspaceId));
    await db.delete(steamTradeWatches).where(eq(steamTradeWatches.userId, workspaceId));
    await readAt(ids.fresh!, START - 1 * HOUR);
    await readAt(ids.fresh2!, START - 2 * HOUR);
    await readAt(ids.seller!, START - 1 * HOUR);
    await readAt(ids.stale7!, START - 7 * HOUR);
    await readAt(ids.stale10!, START - 10 * HOUR);
    await readAt(ids.stale20!, START - 20 * HOUR);
    await readAt(ids.noid!, START - 30 * HOUR);
    await readAt(ids.failing!, START - 30 * HOUR);
    testStart += 20 * 60_000;
    clock = testStart;
    await db.update(workspaces).set({ inventoryRefreshHours: 6 }).where(eq(workspaces.id, workspaceId));
  });

  it('queues the accounts read longer ago than the period: never read first, then oldest, at most the limit', async () => {
    const [batch, ...more] = await sweep(3);
    expect(more).toEqual([]);
    expect(batch!.accountIds).toEqual([ids.never, ids.stale20, ids.stale10]);
    const all = await waiting();
    expect(all).toHaveLength(1);
    expect(all[0]!.scheduled).toBe(true);
  });

  it('a workspace is new by default on a six-hour schedule, and the next batch takes the accounts left over', async () => {
    const [row] = await db
      .select({ hours: workspaces.inventoryRefreshHours })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    expect(row!.hours).toBe(6);
    await sweep(3);
    await endWaiting();
    // The first batch's accounts were read meanwhile.
    await readAt(ids.never!, START);
    await readAt(ids.stale20!, START);
    await readAt(ids.stale10!, START);
    clock = testStart + 5 * 60_000;
    const [batch] = await sweep(3);
    expect(batch!.accountIds).toEqual([ids.stale7]);
    await readAt(ids.stale7!, START);
  });

  it('queues nothing while the previous scheduled batch waits or runs', async () => {
    await readAt(ids.never!, START - 8 * HOUR);
    expect(await sweep(1)).toHaveLength(1);
    clock = testStart + 5 * 60_000;
    expect(await sweep(3)).toEqual([]);
    expect(await waiting()).toHaveLength(1);
    await endWaiting();
    clock = testStart + 10 * 60_000;
    expect(await sweep(3)).toHaveLength(1);
  });

  it('leaves accounts already in a waiting batch to it', async () => {
    await readAt(ids.never!, START - 8 * HOUR);
    await readAt(ids.stale7!, START - 7 * HOUR);
    await t.app.jobs.send(QUEUE, {
      userId: workspaceId,
      batchId: 'on-demand',
      accountIds: [ids.never],
      games: [],
    });
    const [batch] = await sweep(3);
    expect(batch!.accountIds).toEqual([ids.stale20, ids.stale10, ids.stale7]);
  });

  it('queues nothing when the schedule is off, and a longer period leaves more accounts fresh', async () => {
    await readAt(ids.never!, testStart - 10 * HOUR);
    await readAt(ids.stale7!, testStart - 7 * HOUR);
    await readAt(ids.stale10!, testStart);
    await readAt(ids.stale20!, testStart);
    await db.update(workspaces).set({ inventoryRefreshHours: null }).where(eq(workspaces.id, workspaceId));
    expect(await sweep(3)).toEqual([]);
    expect(await waiting()).toEqual([]);
    await db.update(workspaces).set({ inventoryRefreshHours: 24 }).where(eq(workspaces.id, workspaceId));
    expect(await sweep(3)).toEqual([]);
    await db.update(workspaces).set({ inventoryRefreshHours: 8 }).where(eq(workspaces.id, workspaceId));
    expect((await sweep(3))[0]!.accountIds).toEqual([ids.never]);
  });

  it('two processes sweeping the same slot queue one batch', async () => {
    await readAt(ids.never!, START - 8 * HOUR);
    const other = new ScheduleRepo(db);
    const [mine, theirs] = await Promise.all([
      sweep(3),
      sweepInventorySchedule({ repo: other, jobs: t.app.jobs, now: () => clock, queue: QUEUE, limit: 3 }),
    ]);
    expect(mine.length + theirs.filter((batch) => batch.userId === workspaceId).length).toBe(1);
    expect(await waiting()).toHaveLength(1);
  });

  /** A harvester transaction from `fresh` to `fresh2`. */
  function harvested(status: string, updatedAt: number, reference: string) {
    return insertHarvesterTransaction(db, workspaceId, {
      sourceId: ids.fresh!,
      sourceLogin: 'fresh',
      targetId: ids.fresh2!,
      targetLogin: 'fresh2',
      status,
      reference,
      updatedAt: new Date(updatedAt),
    });
  }

  it('queues both accounts of a harvester transaction completed after their reads, first, though they are fresh', async () => {
    await harvested('completed', testStart - 60_000, 'h-after');
    const [batch] = await sweep(3);
    expect(batch!.accountIds).toEqual([ids.fresh2, ids.fresh, ids.never]);
  });

  it('a transaction completed before the reads, or not completed, queues nothing more', async () => {
    await harvested('completed', START - 3 * HOUR, 'h-before');
    await harvested('error', testStart - 60_000, 'h-error');
    const [batch] = await sweep(3);
    expect(batch!.accountIds).toEqual([ids.never, ids.stale20, ids.stale10]);
  });

  it("a done send to the workspace's own other account queues both accounts", async () => {
    await insertIntent(db, workspaceId, ids.fresh!, {
      reference: 'move-1',
      status: 'done',
      partnerSteamId: steamIds.fresh2!,
      createdAt: new Date(testStart - 2 * 60_000),
      completedAt: new Date(testStart - 60_000),
    });
    // Still pending: Steam may not have taken it.
    await insertIntent(db, workspaceId, ids.stale7!, {
      reference: 'move-2',
      status: 'pending',
      partnerSteamId: steamIds.seller!,
      createdAt: new Date(testStart - 2 * 60_000),
    });
    const [batch] = await sweep(3);
    expect(batch!.accountIds).toEqual([ids.fresh2, ids.fresh, ids.never]);
  });

  it("a delivery the market took queues the seller account's Steam account", async () => {
    await insertDelivery(db, workspaceId, sellerAccountId, {
      hash: 'ready',
      reference: 'tm-ready',
      status: 'ready',
      readyAt: new Date(testStart - 60_000),
    });
    await insertDelivery(db, workspaceId, sellerAccountId, {
      hash: 'sent',
      reference: 'tm-sent',
      status: 'sent',
    });
    const [batch] = await sweep(3);
    expect(batch!.accountIds).toEqual([ids.seller, ids.never, ids.stale20]);
  });

  it('a trade found reversed queues its account and the own partner; one still watched does not', async () => {
    const watch = (accountId: number, partner: string, subjectId: number, reversedAt: number | null) =>
      db.insert(steamTradeWatches).values({
        userId: workspaceId,
        accountId,
        subject: 'move',
        subjectId,
        partnerSteamId: partner,
        windowEndsAt: new Date(testStart + 7 * 24 * HOUR),
        status: reversedAt === null ? 'watching' : 'reversed',
        reversedAt: reversedAt === null ? null : new Date(reversedAt),
      });
    await watch(ids.fresh!, steamIds.fresh2!, 9_001, testStart - 60_000);
    await watch(ids.stale7!, steamIds.seller!, 9_002, null);
    // Found reversed before the reads: they already show it.
    await watch(ids.seller!, '76561190000009999', 9_003, START - 3 * HOUR);
    const [batch] = await sweep(3);
    expect(batch!.accountIds).toEqual([ids.fresh2, ids.fresh, ids.never]);
  });

  it('with the period off, accounts are still read after our trades, and stale ones are not', async () => {
    await db.update(workspaces).set({ inventoryRefreshHours: null }).where(eq(workspaces.id, workspaceId));
    await harvested('completed', testStart - 60_000, 'h-off');
    const [batch, ...more] = await sweep(3);
    expect(more).toEqual([]);
    expect(batch!.accountIds).toEqual([ids.fresh2, ids.fresh]);
    // Read since: nothing is due any more.
    await endWaiting();
    await readAt(ids.fresh!, testStart);
    await readAt(ids.fresh2!, testStart);
    clock = testStart + 5 * 60_000;
    expect(await sweep(3)).toEqual([]);
  });

  it('the period is off or 1 to 168 hours', async () => {
    for (const hours of [0, 169])
      await expect(
        db.update(workspaces).set({ inventoryRefreshHours: hours }).where(eq(workspaces.id, workspaceId)),
      ).rejects.toThrow();
  });
});
