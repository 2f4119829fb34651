/**
 * Inventories read on each workspace's schedule: a sweep queues one refresh batch per workspace of the accounts read
 * longer ago than its period (never read first, then oldest, at most the limit), leaves out accounts that cannot
 * sign in and accounts already in a waiting batch, queues nothing while the previous scheduled batch waits or runs
 * or when the schedule is off, and two processes sweeping side by side queue one batch. The sweep's queue has no
 * worker here, so a queued batch stays waiting until the test ends it; the clock is the test's.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { steamAccounts, steamInventoryScans, workspaces } from '../../src/db/schema.ts';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import { JOBS_SCHEMA } from '../../src/jobs/schema-name.ts';
import { ScheduleRepo, sweepInventorySchedule } from '../../src/modules/steam-trading/index.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { insertSteamAccount, insertUser } from '../helpers/trading-rows.ts';

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
    for (const [n, login] of ['never', 'fresh', 'stale7', 'stale10', 'stale20', 'noid', 'failing'].entries())
      ids[login] = await insertSteamAccount(db, workspaceId, { login, steamId: `7656119900000${1000 + n}` });
    await db.update(steamAccounts).set({ steamId: null }).where(eq(steamAccounts.id, ids.noid!));
    await db.update(steamAccounts).set({ status: 2 }).where(eq(steamAccounts.id, ids.failing!));
  }, 60_000);
  afterAll(() => t.close());
  // Every test starts from the same reads, whatever ran before it (the tests run in any order).
  beforeEach(async () => {
    await endWaiting();
    await db.delete(steamInventoryScans).where(eq(steamInventoryScans.userId, workspaceId));
    await readAt(ids.fresh!, START - 1 * HOUR);
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

  it('the period is off or 1 to 168 hours', async () => {
    for (const hours of [0, 169])
      await expect(
        db.update(workspaces).set({ inventoryRefreshHours: hours }).where(eq(workspaces.id, workspaceId)),
      ).rejects.toThrow();
  });
});
