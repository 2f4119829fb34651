import type { HarvestItem } from '@tradedeck/sdk/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harvesterSessions } from '../../src/db/schema.ts';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addSandboxAccounts } from '../steam-trading/helpers.ts';
import {
  as,
  createHarvesterTestApp,
  type HarvesterTestApp,
  holdings,
  kindsByAsset,
  move,
  ok,
  profileInput,
  storedTransactions,
  untilFinished,
} from './helpers.ts';

// 10 sources of 1,000 items each (every game, CS2 enough for more than five offers to one target, so a second
// run) harvested to 3 targets, cards given back under 10 cents.
const SIZES = { cs2: 800, dota2: 50, tf2: 50, rust: 50, community: 50 };

describe('a harvest session on the sandbox', () => {
  let t: HarvesterTestApp;
  let user: TestUser;

  beforeAll(async () => {
    t = await createHarvesterTestApp(SIZES);
    user = await signedInUser(t, 'harvest');
  }, 60_000);
  afterAll(() => t.close());

  it('moves every eligible item to its planned target, gives back what was planned, and nothing else', async () => {
    const accounts = t.world.healthyAccounts(13, 4101);
    const ids = await addSandboxAccounts(t, user.accessToken, accounts, 60);
    const sources = ids.slice(0, 10);
    const targets = ids.slice(10);
    const steamIdOf = new Map(ids.map((id, i) => [id, accounts[i]!.steamId]));
    const before = new Map(ids.map((id) => [id, holdings(t.world, steamIdOf.get(id)!)]));
    const kinds = new Map(ids.map((id) => [id, kindsByAsset(t.world, steamIdOf.get(id)!)]));

    const profile = await ok(
      as(t, user.accessToken, 'POST', '/api/harvester/profiles', profileInput('Everything')),
    );
    const created = await ok(
      as(t, user.accessToken, 'POST', '/api/harvester/sessions', {
        profileId: profile.id,
        sources: { accountIds: sources },
        targets: { accountIds: targets },
      }),
    );
    expect(created).toMatchObject({ status: 'idle', plan: null, name: `Session ${created.id}` });
    await ok(as(t, user.accessToken, 'POST', `/api/harvester/sessions/${created.id}/start`, {}));
    const done = await untilFinished(t, user.accessToken, created.id);

    const rows = await storedTransactions(t, created.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.status !== 'completed')).toEqual([]);
    expect(done.counts.completed).toBe(rows.length);
    // Every offerable item of every source was planned (nothing left over: round robin has room for all).
    const tradable = sources.length * Object.values(SIZES).reduce((a, b) => a + b, 0);
    expect(done.plan!.planned).toBe(done.plan!.eligible);
    expect(done.plan!.leftover).toBe(0);
    expect(done.plan!.eligible).toBeGreaterThan(tradable * 0.9);
    expect(done.itemsMoved).toBe(done.plan!.planned);
    // At most five offers of one source to one target per run, and at most 255 items per offer.
    const perRun = new Map<string, number>();
    for (const row of rows) {
      const key = `${row.sourceId}>${row.targetId}#${row.run}`;
      perRun.set(key, (perRun.get(key) ?? 0) + 1);
      expect(row.itemCount + row.giveBackCount).toBeLessThanOrEqual(255);
    }
    expect(Math.max(...perRun.values())).toBeLessThanOrEqual(5);
    expect(done.plan!.runs).toBeGreaterThan(1);

    // The expected holdings: what each planned item was (by its asset id at planning) leaves its owner and
    // arrives at the other side; everything else stays where it was.
    const expected = new Map([...before].map(([id, counts]) => [id, new Map(counts)]));
    let givenBack = 0;
    for (const row of rows) {
      for (const item of row.items as HarvestItem[]) {
        const kind = kinds.get(row.sourceId)!.get(`${item.appId}/${item.contextId}/${item.assetId}`)!;
        move(expected.get(row.sourceId)!, kind, -item.amount);
        move(expected.get(row.targetId)!, kind, item.amount);
      }
      for (const item of row.giveBack as HarvestItem[]) {
        const kind = kinds.get(row.targetId)!.get(`${item.appId}/${item.contextId}/${item.assetId}`)!;
        move(expected.get(row.targetId)!, kind, -item.amount);
        move(expected.get(row.sourceId)!, kind, item.amount);
        givenBack += 1;
      }
    }
    expect(givenBack).toBeGreaterThan(0);
    for (const id of ids) {
      expect(holdings(t.world, steamIdOf.get(id)!), `account ${id}`).toEqual(expected.get(id));
    }

    const summary = await ok(as(t, user.accessToken, 'GET', `/api/harvester/sessions/${created.id}/summary`));
    expect(summary.moved.items).toBe(done.itemsMoved);
    expect(summary.bySource.map((row: { account: { id: number } }) => row.account.id).sort()).toEqual(
      [...sources].sort(),
    );
    expect(summary.byTarget.reduce((sum: number, row: { items: number }) => sum + row.items, 0)).toBe(
      done.itemsMoved,
    );
    expect(summary.byTarget.reduce((sum: number, row: { givenBack: number }) => sum + row.givenBack, 0)).toBe(
      givenBack,
    );
    expect(summary.byGame.map((row: { game: string }) => row.game).sort()).toEqual([
      'community',
      'cs2',
      'dota2',
      'rust',
      'tf2',
    ]);
    expect(summary.errorsByReason).toEqual([]);
    expect(summary.durationMs).toBeGreaterThan(0);

    // A running session whose runner stopped renewing its lease (its process died) reads as unknown, and counts as
    // running for restart and cancel.
    await t.testDb.database.db
      .update(harvesterSessions)
      .set({ status: 'running', runnerOwner: 'gone', leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(harvesterSessions.id, created.id));
    expect((await ok(as(t, user.accessToken, 'GET', `/api/harvester/sessions/${created.id}`))).status).toBe(
      'unknown',
    );
    const refused = await as(
      t,
      user.accessToken,
      'POST',
      `/api/harvester/sessions/${created.id}/transactions/cancel`,
      { all: true },
    );
    expect(refused.json().error.message).toBe(
      'Cannot restart or cancel during a running session: pause it first',
    );
  }, 600_000);
});
