/**
 * The centre's background refresh in live mode against the fake Steam through a loopback proxy: an account listed in
 * the centre is read again once its kept list is a refresh old, with the app's clock moved on instead of waited
 * for; a list between two reads answers the kept one without a Steam call; `refresh` reads Steam at once; an
 * account the centre never listed is never read; one process at a time holds an account (its lease).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationSnapshots } from '../../src/db/schema.ts';
import { REFRESH_TIMING } from '../../src/modules/confirmations/index.ts';
import { SnapshotRepo } from '../../src/modules/confirmations/snapshot-repo.ts';
import { UserScope } from '../../src/security/user-scope.ts';
import { waitFor } from '../steam-trading/helpers.ts';
import { type CentreWorld, startCentreWorld } from './helpers.ts';

let world: CentreWorld;

type Row = { accountId: number; id: string; fetchedAt: string };

async function list(filter: Record<string, unknown>) {
  const res = await world.t.call('POST', '/api/confirmations/query', {
    token: world.user.accessToken,
    body: filter,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as Row[];
}

/**
 * Waits until no background read of the account is under way (a read holds the account's lease until its list is
 * kept): the fake counts a read when it arrives, before the list it answers is kept.
 */
async function settled(accountId: number) {
  const s = confirmationSnapshots;
  await waitFor(async () => {
    const [row] = await world.t.testDb.database.db
      .select({ leaseUntil: s.leaseUntil })
      .from(s)
      .where(eq(s.accountId, accountId));
    return !row || row.leaseUntil === null;
  });
}

const readsOf = (steamId: string) =>
  world.trading.confirmationCalls.filter((call) => call.steamId === steamId && call.path.endsWith('/getlist'))
    .length;

beforeAll(async () => {
  world = await startCentreWorld('refresh', 81);
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe('the background refresh of the confirmations centre', () => {
  it('reads a watched account again once its list is a refresh old, and lists answer the kept one meanwhile', async () => {
    const account = world.accounts[0]!;
    const filter = { accountIds: [account.id] };
    await settled(account.id);
    await list(filter);
    const readsBefore = readsOf(account.who.steamId);
    const first = world.trading.addForeignConfirmation(account.who.steamId, '8300000001', 2, ['AK-47']);

    // Kept: no Steam call, the new confirmation not yet seen.
    const kept = await list(filter);
    expect(kept.map((row) => row.id)).not.toContain(first.id);
    expect(readsOf(account.who.steamId)).toBe(readsBefore);

    // A refresh later (and well before a list would read Steam itself) the background has read it.
    world.t.clock.advance(REFRESH_TIMING.refreshEveryMs + 1);
    const movedTo = world.t.clock.now();
    const fresh = await waitFor(async () => {
      const rows = await list(filter);
      return rows.some((row) => row.id === first.id) ? rows : null;
    });
    await settled(account.id);
    expect(readsOf(account.who.steamId)).toBe(readsBefore + 1);
    expect(Date.parse(fresh.find((row) => row.id === first.id)!.fetchedAt)).toBeGreaterThanOrEqual(movedTo);
  });

  it('reads Steam at once when asked to refresh', async () => {
    const account = world.accounts[1]!;
    const filter = { accountIds: [account.id] };
    await settled(account.id);
    await list(filter);
    await settled(account.id);
    const added = world.trading.addForeignConfirmation(account.who.steamId, '8300000002', 3, ['Case']);
    const readsBefore = readsOf(account.who.steamId);
    const rows = await list({ ...filter, refresh: true });
    expect(rows.map((row) => row.id)).toContain(added.id);
    expect(readsOf(account.who.steamId)).toBe(readsBefore + 1);
  });

  it('never reads an account the centre did not list', async () => {
    const [watched, , unlisted] = world.accounts;
    await list({ accountIds: [watched!.id], refresh: true });
    const readsBefore = readsOf(watched!.who.steamId);
    world.t.clock.advance(REFRESH_TIMING.refreshEveryMs + 1);
    // The refresh ran past this move: the watched account was read again …
    await waitFor(async () => readsOf(watched!.who.steamId) > readsBefore);
    await settled(watched!.id);
    // … and the unlisted one was never asked for its confirmations.
    expect(readsOf(unlisted!.who.steamId)).toBe(0);
  });

  it('leases an account to one process at a time, and lets another take it once the lease ran out', async () => {
    const db = world.t.testDb.database.db;
    const repo = new SnapshotRepo(db, new UserScope(db));
    const account = world.accounts[2]!;
    // Watched in the past only: the app's own refresh (at the real time) never takes it.
    const base = Date.parse('2020-01-01T00:00:00Z');
    await repo.run(world.user.id, (q) => q.watch([account.id], new Date(base + 3600_000)));
    const claim = (owner: string, at: number) =>
      repo.claimDue({
        now: new Date(at),
        readBefore: new Date(at - REFRESH_TIMING.refreshEveryMs),
        owner,
        leaseUntil: new Date(at + REFRESH_TIMING.leaseMs),
        limit: 10,
      });
    expect(await claim('process-a', base)).toEqual([{ userId: world.user.id, accountId: account.id }]);
    expect(await claim('process-b', base + 1)).toEqual([]);
    expect(await claim('process-b', base + REFRESH_TIMING.leaseMs + 1)).toEqual([
      { userId: world.user.id, accountId: account.id },
    ]);
  });
});
