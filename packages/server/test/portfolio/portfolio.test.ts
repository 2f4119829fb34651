/**
 * The portfolio over the sandbox Steam: every account's cached inventory grouped, filtered and keyset-paged;
 * values from the chosen source with their age, an outlier left out of totals unless included; and a protected
 * item followed to its new asset id when its protection ends.
 */
import { PORTFOLIO_CSV_HEADER } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Clock, systemClock } from '../../src/integrations/steam/clock.ts';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { type AuthTestApp, createAuthTestApp, renew, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInAdmin, signedInUser } from '../helpers/signed-in.ts';
import { addSandboxAccounts, as, ok, refreshInventories } from '../steam-trading/helpers.ts';

const DAY = 86_400_000;

let t: AuthTestApp;
let world: SandboxWorld;
let user: TestUser;
// The protection test's own user: the item it moves changes no other test's counts, whatever the order.
let owner: TestUser;
let ids: number[];
let steamShift = 0;
// The sandbox Steam's clock moves with the app's (`t.clock`), so protection can end during the test.
const steamClock: Clock = { now: () => Date.now() + steamShift, sleep: systemClock.sleep };

const query = (body: object, lang = 'en-US') =>
  ok(as(t, user.accessToken, 'POST', '/api/portfolio/query', body, lang));
const totals = (body: object) => ok(as(t, user.accessToken, 'POST', '/api/portfolio/totals', body));

function advance(ms: number) {
  steamShift += ms;
  t.clock.advance(ms);
}

beforeAll(async () => {
  world = new SandboxWorld(undefined, { inventorySizes: { cs2: 30, tf2: 12 } });
  t = await createAuthTestApp({}, undefined, { steam: { sandboxWorld: world, clock: steamClock } });
  const admin = await signedInAdmin(t, 'portfolio-admin');
  user = await signedInUser(t, 'portfolio-owner', admin);
  owner = await signedInUser(t, 'portfolio-protection', admin);
  ids = await addSandboxAccounts(t, user.accessToken, world.healthyAccounts(3, 4101), 70);
  await refreshInventories(t, user.accessToken, ids, ['cs2', 'tf2']);
}, 60_000);
afterAll(() => t.close());

describe('the portfolio table', () => {
  it('groups every account by item with counts and accounts, and pages the groups by cursor', async () => {
    const first = await query({ by: 'item', pages: { page: 1, pageSize: 10 } });
    expect(first.items).toHaveLength(10);
    expect(first.items[0]).toMatchObject({ kind: 'item' });
    const all: { marketHashName: string; game: string; count: number; accounts: number }[] = [...first.items];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await query({ by: 'item', pages: { page: 1, pageSize: 10 }, after: cursor });
      all.push(...next.items);
      cursor = next.nextCursor;
    }
    expect(all).toHaveLength(first.total);
    const keys = all.map((row) => `${row.marketHashName}|${row.game}`);
    expect(new Set(keys).size).toBe(keys.length);
    // The groups add up to every item of every account.
    const flat = await query({ by: 'flat', pages: { page: 1, pageSize: 10 } });
    expect(all.reduce((sum, row) => sum + row.count, 0)).toBe(flat.total);
    expect(Math.max(...all.map((row) => row.accounts))).toBeLessThanOrEqual(3);
  });

  it('orders item groups by count, largest first, and keeps that order across cursor pages', async () => {
    const body = {
      by: 'item',
      sort: [{ propertyName: 'count', isDescending: true }],
      pages: { page: 1, pageSize: 10 },
    };
    const first = await query(body);
    const second = await query({ ...body, after: first.nextCursor });
    const counts = [...first.items, ...second.items].map((row: { count: number }) => row.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThan(counts.at(-1)!);
    const keys = [...first.items, ...second.items].map(
      (row: { marketHashName: string; game: string }) => `${row.marketHashName}|${row.game}`,
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('groups by account with when each was last read', async () => {
    const byAccount = await query({ by: 'account' });
    expect(byAccount.items.map((row: { accountId: number }) => row.accountId).sort()).toEqual(
      [...ids].sort(),
    );
    for (const row of byAccount.items) {
      expect(row.count).toBe(42);
      expect(row.lastScannedAt).not.toBeNull();
      expect(row.lastError).toBeNull();
    }
  });

  it('filters by game, account, tradability and search', async () => {
    const tf2 = await query({ by: 'flat', game: 'tf2', pages: { page: 1, pageSize: 100 } });
    expect(tf2.total).toBe(36);
    expect(tf2.items.every((row: { game: string }) => row.game === 'tf2')).toBe(true);
    const one = await query({ by: 'flat', accountIds: [ids[0]], pages: { page: 1, pageSize: 100 } });
    expect(one.total).toBe(42);
    const tradable = await query({ by: 'flat', tradableNow: true, pages: { page: 1, pageSize: 100 } });
    expect(tradable.items.every((row: { tradable: boolean }) => row.tradable)).toBe(true);
    const name = tf2.items[0].name as string;
    const found = await query({
      by: 'flat',
      searchString: name.slice(0, 6),
      pages: { page: 1, pageSize: 100 },
    });
    expect(found.items.length).toBeGreaterThan(0);
    expect(
      found.items.every((row: { name: string }) =>
        row.name.toLowerCase().includes(name.slice(0, 6).toLowerCase()),
      ),
    ).toBe(true);
  });

  it('refuses a value range whose lowest is above its highest, in the caller language', async () => {
    const res = await as(
      t,
      user.accessToken,
      'POST',
      '/api/portfolio/query',
      { minValue: 10, maxValue: 5 },
      'ru-RU',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Нижняя граница стоимости не может быть больше верхней.');
  });
});

describe('act from it', () => {
  it("exports the assets selected across accounts as CSV, valued, and refuses another user's account", async () => {
    const [a, b] = [ids[0]!, ids[2]!];
    const picked = [];
    for (const accountId of [a, b]) {
      const page = await query({
        by: 'flat',
        accountIds: [accountId],
        game: 'tf2',
        pages: { page: 1, pageSize: 10 },
      });
      picked.push(...page.items.slice(0, 2));
    }
    const assets = picked.map((row: { accountId: number; assetId: string }) => ({
      accountId: row.accountId,
      assetId: row.assetId,
    }));
    const res = await as(t, user.accessToken, 'POST', '/api/portfolio/export', {
      assets,
      source: 'steam',
      currency: 'USD',
    });
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = res.body.trimEnd().split('\n');
    expect(header).toBe(PORTFOLIO_CSV_HEADER);
    const columns = header!.split(',');
    const rows = lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [columns[i], v])));
    expect(rows.map((row) => row.asset_id).sort()).toEqual(assets.map((asset) => asset.assetId).sort());
    expect(new Set(rows.map((row) => row.account)).size).toBe(2);
    for (const row of rows) {
      const shown = picked.find((item: { assetId: string }) => item.assetId === row.asset_id)!;
      expect(row).toMatchObject({ game: 'tf2', market_hash_name: shown.marketHashName, source: 'steam' });
      expect(row.unit_value).toMatch(/^\d+\.\d{3}$/);
    }

    await renew(t, owner);
    const stranger = await as(t, owner.accessToken, 'POST', '/api/portfolio/export', { assets: [assets[0]] });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.resultCode).toBe(3);
  });
});

describe('valuation', () => {
  it('values each item from the chosen source with its age, and leaves an outlier out of totals unless included', async () => {
    const rows = (
      await query({
        by: 'item',
        game: 'tf2',
        source: 'steam',
        currency: 'USD',
        pages: { page: 1, pageSize: 100 },
      })
    ).items as {
      marketHashName: string;
      count: number;
      unitValue: {
        price: { amount: number };
        source: string;
        ageSeconds: number;
        stale: boolean;
        outlier: boolean;
      } | null;
    }[];
    const priced = rows.filter((row) => row.unitValue);
    expect(priced.length).toBeGreaterThan(1);
    expect(priced[0]!.unitValue).toMatchObject({ source: 'steam', stale: false, outlier: false });
    const [target, other] = priced as [(typeof priced)[0], (typeof priced)[0]];
    const steamPrice = target.unitValue!.price.amount;
    // A custom price ten times the Steam price: valued from the custom source, it is an outlier.
    await ok(
      as(t, user.accessToken, 'POST', '/api/p2p/prices/custom', {
        marketHashName: target.marketHashName,
        game: 'tf2',
        price: { currency: 'USD', amount: steamPrice * 10 },
      }),
    );
    await ok(
      as(t, user.accessToken, 'POST', '/api/p2p/prices/custom', {
        marketHashName: other.marketHashName,
        game: 'tf2',
        price: { currency: 'USD', amount: other.unitValue!.price.amount },
      }),
    );
    const custom = (
      await query({
        by: 'item',
        game: 'tf2',
        source: 'custom',
        currency: 'USD',
        pages: { page: 1, pageSize: 100 },
      })
    ).items as typeof rows;
    const outlier = custom.find((row) => row.marketHashName === target.marketHashName)!;
    expect(outlier.unitValue).toMatchObject({ source: 'custom', outlier: true, counted: false });
    expect(custom.find((row) => row.marketHashName === other.marketHashName)!.unitValue).toMatchObject({
      outlier: false,
      counted: true,
    });

    const left = await totals({ game: 'tf2', source: 'custom', currency: 'USD' });
    expect(left.overall.value.amount).toBe(other.unitValue!.price.amount * other.count);
    expect(left.outliers).toBe(target.count);
    const included = await totals({ game: 'tf2', source: 'custom', currency: 'USD', includeOutliers: true });
    expect(included.overall.value.amount).toBe(
      other.unitValue!.price.amount * other.count + steamPrice * 10 * target.count,
    );
    // Per account and per game add up to the whole; converted to roubles it stays integer kopecks.
    expect(
      included.byAccount.reduce(
        (sum: number, row: { value: { amount: number } }) => sum + row.value.amount,
        0,
      ),
    ).toBe(included.overall.value.amount);
    expect(included.byGame).toEqual([
      { game: 'tf2', value: included.overall.value, items: included.overall.items },
    ]);
    const roubles = await totals({ game: 'tf2', source: 'custom', currency: 'RUB', includeOutliers: true });
    expect(roubles.overall.value.currency).toBe('RUB');
    expect(Number.isInteger(roubles.overall.value.amount)).toBe(true);
    expect(roubles.overall.value.amount).toBeGreaterThan(included.overall.value.amount / 1000);

    // A day and more later the Steam price is past its window: stale, still shown with its age.
    advance(25 * 3600_000);
    await renew(t, user);
    const later = (
      await query({
        by: 'item',
        game: 'tf2',
        source: 'steam',
        currency: 'USD',
        pages: { page: 1, pageSize: 100 },
      })
    ).items as typeof rows;
    const aged = later.find((row) => row.marketHashName === target.marketHashName)!.unitValue!;
    expect(aged.stale).toBe(true);
    expect(aged.ageSeconds).toBeGreaterThanOrEqual(25 * 3600);
  });
});

describe('protection', () => {
  it('shows a received item as protected until its end, then follows it to its new asset id with its history', async () => {
    await renew(t, owner);
    const [from, to] = world.healthyAccounts(2, 4201);
    const [, receiver] = await addSandboxAccounts(t, owner.accessToken, [from!, to!], 80);
    const mine = (body: object) => ok(as(t, owner.accessToken, 'POST', '/api/portfolio/query', body));
    const holding = (assetId: string) =>
      ok(as(t, owner.accessToken, 'POST', '/api/portfolio/holding', { accountId: receiver, assetId }));
    const source = [
      ...world.trading.inventories.context(from!.steamId, 730, '2', steamClock.now()).values(),
    ][0]!;
    // Received long enough ago that its 7 days of protection end a minute from now.
    world.moveAsset(from!.steamId, to!.steamId, source, steamClock.now() - 7 * DAY + 60_000);
    await refreshInventories(t, owner.accessToken, [receiver!], ['cs2']);
    const protectedRows = await mine({
      by: 'flat',
      protectedOnly: true,
      pages: { page: 1, pageSize: 100 },
    });
    expect(protectedRows.total).toBe(1);
    const held = protectedRows.items[0];
    expect(held).toMatchObject({ accountId: receiver, contextId: '16', protected: true, tradable: false });
    expect(Date.parse(held.protectedUntil)).toBeGreaterThan(steamClock.now());
    const before = await holding(held.assetId);
    expect(before).toMatchObject({ contextId: '16', goneAt: null });

    // Protection ends: Steam lists the item in context 2 under a new asset id.
    advance(120_000);
    await refreshInventories(t, owner.accessToken, [receiver!], ['cs2']);
    expect((await mine({ by: 'flat', protectedOnly: true })).total).toBe(0);
    const after = await holding(held.assetId);
    expect(after.id).toBe(before.id);
    expect(after).toMatchObject({
      contextId: '2',
      protectedUntil: null,
      goneAt: null,
      firstSeenAt: before.firstSeenAt,
    });
    expect(after.assetId).not.toBe(held.assetId);
    expect(after.assets.map((asset: { assetId: string }) => asset.assetId)).toEqual([
      held.assetId,
      after.assetId,
    ]);
    const events = await t.app.hubs.eventLog.eventsAfterVersion(
      { userId: owner.id, hub: 'steam-trading-hub', sourceId: 'accounts' },
      0,
      500,
    );
    const changed = events.filter((event) => event.eventName === 'PortfolioChanged');
    expect(changed.at(-1)?.payload).toMatchObject({ accountId: receiver, game: 'cs2', matched: 1 });
  });
});
