/**
 * The portfolio's kept item groups over the sandbox Steam: for every filter they serve, the grouped page answers
 * what grouping the cached items answers (the items path, reached here with an account filter naming every
 * account), after scans, a protected item's arrival, an item moved between accounts and an account's removal.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import { type Clock, systemClock } from '../../src/integrations/steam/clock.ts';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInAdmin, signedInUser } from '../helpers/signed-in.ts';
import { addSandboxAccounts, as, ok, refreshInventories } from '../steam-trading/helpers.ts';
import { allPages, type PortfolioRowJson } from './all-pages.ts';

const DAY = 86_400_000;
const steamClock: Clock = { now: () => Date.now(), sleep: systemClock.sleep };

let t: AuthTestApp;
let world: SandboxWorld;
let user: TestUser;
let ids: number[];

beforeAll(async () => {
  world = new SandboxWorld(undefined, { inventorySizes: { cs2: 24, tf2: 10 } });
  t = await createAuthTestApp({}, undefined, { steam: { sandboxWorld: world, clock: steamClock } });
  const admin = await signedInAdmin(t, 'groups-admin');
  user = await signedInUser(t, 'groups-owner', admin);
  ids = await addSandboxAccounts(t, user.accessToken, world.healthyAccounts(3, 4301), 75);
  await refreshInventories(t, user.accessToken, ids, ['cs2', 'tf2']);
}, 60_000);
afterAll(() => t.close());

type Group = PortfolioRowJson;

/** Every group of a grouped query, page after page. */
function allGroups(body: object): Promise<Group[]> {
  return allPages((after) =>
    ok(
      as(t, user.accessToken, 'POST', '/api/portfolio/query', {
        ...body,
        by: 'item',
        source: 'steam',
        pages: { page: 1, pageSize: 10 },
        ...(after ? { after } : {}),
      }),
    ),
  );
}

/** The kept groups answer each filter as grouping the items of every account does. */
async function expectGroupsAsItems(sample: Group): Promise<void> {
  const filters: object[] = [
    {},
    { game: 'cs2' },
    { tradableNow: true },
    { protectedOnly: true },
    { searchString: (sample.name as string).slice(0, 5) },
    { game: 'tf2', tradableNow: true, searchString: 'a' },
    { sort: [{ propertyName: 'count', isDescending: true }] },
  ];
  for (const filter of filters) {
    const kept = await allGroups(filter);
    expect(kept, JSON.stringify(filter)).toEqual(await allGroups({ ...filter, accountIds: ids }));
  }
}

async function keptGroups(): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await t.testDb.database.db.execute(
      sql`select count(*)::int as n from portfolio_item_groups where user_id = ${user.id}`,
    ),
  );
  return rows[0]!.n;
}

describe('the kept item groups', () => {
  it('answer every filter they serve as the items do, through scans, protection, a move and a removal', async () => {
    const groups = await allGroups({});
    expect(await keptGroups()).toBeGreaterThanOrEqual(groups.length);
    const sample = groups[0]!;
    await expectGroupsAsItems(sample);

    // A CS2 item received from the first account: protected on the second.
    const [from, to] = world.healthyAccounts(3, 4301).slice(0, 2);
    const moved = [
      ...world.trading.inventories.context(from!.steamId, 730, '2', steamClock.now()).values(),
    ][0]!;
    world.moveAsset(from!.steamId, to!.steamId, moved, steamClock.now() - DAY);
    await refreshInventories(t, user.accessToken, ids.slice(0, 2), ['cs2']);
    const protectedGroups = await allGroups({ protectedOnly: true });
    expect(protectedGroups).toHaveLength(1);
    expect(protectedGroups[0]).toMatchObject({ count: 1, accounts: 1, protectedCount: 1 });
    expect(protectedGroups[0]!.protectedUntil).not.toBeNull();
    await expectGroupsAsItems(sample);

    // The last account removed: its items leave every group.
    await ok(as(t, user.accessToken, 'DELETE', `/api/steam-accounts/${ids[2]}`));
    ids = ids.slice(0, 2);
    await expectGroupsAsItems(sample);
    // Every sandbox item carries a Steam reference: each group left is still valued, from an account it has.
    for (const row of await allGroups({})) expect(row.unitValue).toMatchObject({ source: 'steam' });
    const flat = await ok(as(t, user.accessToken, 'POST', '/api/portfolio/query', { by: 'flat' }));
    expect((await allGroups({})).reduce((sum, row) => sum + (row.count as number), 0)).toBe(flat.total);
  });
});
