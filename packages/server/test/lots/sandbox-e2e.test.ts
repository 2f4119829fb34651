import type { LotRow, RepriceJob, RepricePreview } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxMarketKey } from '../../src/integrations/market/index.ts';
import type { TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import type { SellerTestApp } from '../seller/helpers.ts';
import {
  addSandboxAccounts,
  addSellerAccounts,
  as,
  createLotsTestApp,
  holdSandboxAsks,
  ok,
  setScanner,
  waitFor,
} from './helpers.ts';

const ACCOUNTS = 10;
const LOTS_PER_ACCOUNT = 100;
/** Listed far above the market so the first repricing changes every lot that has asks. */
const START_PRICE = { currency: 'USD', amount: 9_000_000 } as const;

async function allLots(t: SellerTestApp, user: TestUser, filters: object = {}): Promise<LotRow[]> {
  const rows: LotRow[] = [];
  for (let page = 1; ; page++) {
    const data = await ok<{ items: LotRow[]; total: number }>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/query', { ...filters, pages: { page, pageSize: 100 } }),
    );
    rows.push(...data.items);
    if (rows.length >= data.total || data.items.length === 0) return rows;
  }
}

// One market walked through in order: each test lists, reprices, sells or deletes what the one before left.
describe('lots on the sandbox market: 1,000 lots over 10 accounts', { shuffle: false }, () => {
  let t: SellerTestApp;
  let user: TestUser;
  let sellerIds: number[];
  let keys: string[];

  beforeAll(async () => {
    t = await createLotsTestApp(LOTS_PER_ACCOUNT + 30);
    user = await signedInUser(t, 'lots-e2e');
    const accounts = t.world.healthyAccounts(ACCOUNTS, 6101);
    const steamIds = await addSandboxAccounts(t, user.accessToken, accounts, 120);
    sellerIds = await addSellerAccounts(t, user, steamIds, accounts);
    keys = accounts.map((account) => sandboxMarketKey(account.login));
  }, 120_000);
  afterAll(() => t.close());

  it('syncs the inventory as lots and lists 1,000 of them with per-item results', async () => {
    const synced = await ok<{ accounts: number; lots: number; failed: unknown[] }>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/sync', {}),
    );
    expect(synced).toMatchObject({ accounts: ACCOUNTS, failed: [] });
    const inventory = await allLots(t, user, { withStatus: ['in_inventory'] });
    const picked = sellerIds.flatMap((id) =>
      inventory.filter((lot) => lot.account.id === id).slice(0, LOTS_PER_ACCOUNT),
    );
    expect(picked).toHaveLength(ACCOUNTS * LOTS_PER_ACCOUNT);
    // One more item, priced in another currency than its account's: refused alone.
    const refused = inventory.find((lot) => !picked.includes(lot))!;
    const added = await ok<{ listed: number; failed: number; items: { id: number; ok: boolean }[] }>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/add-to-sale', {
        items: [
          ...picked.map((lot) => ({ id: lot.id, price: START_PRICE })),
          { id: refused.id, price: { currency: 'EUR', amount: 1000 } },
        ],
      }),
    );
    expect(added.listed).toBe(ACCOUNTS * LOTS_PER_ACCOUNT);
    expect(added.failed).toBe(1);
    expect(added.items.find((item) => item.id === refused.id)).toMatchObject({ ok: false });
    const listed = keys.flatMap((key) => t.market.listingsOf(t.market.existing(key)!));
    expect(listed).toHaveLength(ACCOUNTS * LOTS_PER_ACCOUNT);
    // Just listed: the market takes one price change a minute per listing. Asked at once, while the minute runs.
    const cooling = await ok<RepricePreview>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/reprice/preview', {
        selection: { filters: { withStatus: ['on_sale'] } },
        itemsLimit: 1,
      }),
    );
    expect(cooling.summary.unavailable).toBe(ACCOUNTS * LOTS_PER_ACCOUNT);
    expect(cooling.items[0]).toMatchObject({ reason: 'cooldown' });
  }, 120_000);

  it('sets thresholds on every lot and refuses bad ones with the spec texts', async () => {
    const bad = await ok<{ outcome: string; failures: { issues: { code: string }[] }[] }>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/thresholds', {
        selection: { filters: { withStatus: ['on_sale'] } },
        min: '5',
        max: '1',
      }),
    );
    expect(bad.outcome).toBe('failed');
    expect(bad.failures[0]!.issues[0]!.code).toBe('min_above_max');
    const set = await ok<{ outcome: string; applied: number }>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/thresholds', {
        selection: { filters: { withStatus: ['on_sale'] } },
        min: '0.01',
        max: '100000',
      }),
    );
    expect(set).toMatchObject({ outcome: 'all', applied: ACCOUNTS * LOTS_PER_ACCOUNT });
  }, 60_000);

  it('previews and applies the same decisions, written in batches the market takes', async () => {
    const selection = { filters: { withStatus: ['on_sale'] } };
    // Past the minute of the listings' cooldown (checked right after they were listed), into a span in which the
    // competitors' asks hold: apply decides again and must read the market the preview read.
    holdSandboxAsks(t, 61_000);
    const preview = await ok<RepricePreview>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/reprice/preview', {
        selection,
        strategy: { kind: 'percentOfThresholds', lowBp: 10_000, highBp: 10_000 },
        profile: 'aggressive',
        itemsLimit: 1_000,
      }),
    );
    expect(preview.total).toBe(ACCOUNTS * LOTS_PER_ACCOUNT);
    expect(preview.summary.changed, JSON.stringify(preview.summary)).toBeGreaterThan(900);
    expect(preview.batches).toBeGreaterThanOrEqual(Math.ceil(preview.summary.changed / 50));
    // Nothing was written by the preview.
    const before = keys.flatMap((key) => t.market.listingsOf(t.market.existing(key)!));
    expect(before.every((listing) => listing.price.amount === START_PRICE.amount)).toBe(true);

    const job = await ok<RepriceJob>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/reprice/apply', {
        selection,
        strategy: { kind: 'percentOfThresholds', lowBp: 10_000, highBp: 10_000 },
        profile: 'aggressive',
        itemsLimit: 1_000,
        wait: true,
      }),
    );
    expect(job.status).toBe('done');
    expect(job.summary).toEqual(preview.summary);
    const previewed = new Map(preview.items.map((item) => [item.lotId, item]));
    for (const item of job.items) {
      const seen = previewed.get(item.lotId)!;
      expect([item.lotId, item.outcome, item.newPrice]).toEqual([seen.lotId, seen.outcome, seen.newPrice]);
    }
    const byItem = new Map(
      keys.flatMap((key) => t.market.listingsOf(t.market.existing(key)!)).map((l) => [l.itemId, l]),
    );
    for (const item of job.items.filter((entry) => entry.outcome === 'changed'))
      expect(byItem.get(item.itemId!)!.price).toEqual(item.newPrice);
    // Lots of one item on several accounts land on one price: none undercuts another of ours.
    const lots = await allLots(t, user, { withStatus: ['on_sale'] });
    const byName = new Map<string, number[]>();
    for (const lot of lots)
      byName.set(lot.marketHashName, [...(byName.get(lot.marketHashName) ?? []), lot.price!.amount]);
    const shared = [...byName.values()].filter((prices) => prices.length > 1);
    expect(shared.length).toBeGreaterThan(0);
    for (const prices of shared) expect(new Set(prices).size).toBe(1);
  }, 120_000);

  it('follows a competitor move on the next tick', async () => {
    const lots = await allLots(t, user, { withStatus: ['on_sale'] });
    const target = lots.find((lot) => lot.lastRepriceReason === 'repriced')!;
    const lower = Math.max(2, Math.floor((target.price!.amount * 9) / 10));
    t.market.setCompetitorAsks(target.marketHashName, [lower, lower + 1]);
    t.clock.advance(61_000);
    await setScanner(t, sellerIds, true);
    const moved = await waitFor(async () => {
      const now = await ok<LotRow>(as(t, user.accessToken, 'GET', `/api/p2p/lots/${target.id}`));
      return now.price?.amount === lower - 1 ? now : null;
    }, 60_000);
    expect(moved.price).toEqual({ currency: 'USD', amount: lower - 1 });
    const listing = t.market
      .listingsOf(t.market.existing(keys[sellerIds.indexOf(target.account.id)]!)!)
      .find((item) => item.itemId === target.itemId);
    expect(listing!.price.amount).toBe(lower - 1);
    await setScanner(t, sellerIds, false);
  }, 90_000);

  it('mass delete reports the one lot the market refused', async () => {
    const lots = (await allLots(t, user, { withStatus: ['on_sale'], accountIds: [sellerIds[0]!] })).slice(
      0,
      20,
    );
    const stuck = lots[7]!;
    t.market.refuseWrites(stuck.itemId!);
    const removed = await ok<{
      deleted: number;
      failed: number;
      failures: { id: number }[];
      message: string;
    }>(
      as(t, user.accessToken, 'POST', '/api/p2p/lots/remove', {
        selection: { ids: lots.map((lot) => lot.id) },
      }),
    );
    expect(removed).toMatchObject({ deleted: 19, failed: 1 });
    expect(removed.failures.map((item) => item.id)).toEqual([stuck.id]);
    expect(removed.message).toContain('19');
    const left = t.market.listingsOf(t.market.existing(keys[0]!)!).map((listing) => listing.itemId);
    expect(left).toContain(stuck.itemId);
    for (const lot of lots) if (lot.id !== stuck.id) expect(left).not.toContain(lot.itemId);
    const after = await ok<LotRow>(as(t, user.accessToken, 'GET', `/api/p2p/lots/${lots[0]!.id}`));
    expect(after).toMatchObject({ status: 'in_inventory', itemId: null, price: null });
  }, 60_000);

  it('keeps the sales history with the hold release date, totals, revenue per day and CSV', async () => {
    const listings = t.market.listingsOf(t.market.existing(keys[1]!)!).slice(0, 2);
    const soldAt = t.clock.now();
    for (const listing of listings) expect(t.market.completeSaleNow(listing.itemId, soldAt)).toBe(true);
    await ok(as(t, user.accessToken, 'POST', '/api/p2p/lots/sync', { accountIds: [sellerIds[1]] }));
    const sales = await ok<{
      items: { itemId: string; holdReleaseAt: string; state: string; price: unknown }[];
    }>(as(t, user.accessToken, 'POST', '/api/p2p/sales/query', { accountIds: [sellerIds[1]] }));
    expect(sales.items.map((sale) => sale.itemId).sort()).toEqual(listings.map((l) => l.itemId).sort());
    for (const sale of sales.items) {
      expect(sale.state).toBe('held');
      expect(Date.parse(sale.holdReleaseAt) - soldAt).toBeGreaterThanOrEqual(7 * 24 * 3600_000 - 1000);
    }
    const totals = await ok<{ count: number; revenue: { amount: number }[] }>(
      as(t, user.accessToken, 'POST', '/api/p2p/sales/totals', {}),
    );
    expect(totals.count).toBe(2);
    const expected = listings.reduce((sum, l) => sum + Math.floor((l.price.amount * 95) / 100), 0);
    expect(totals.revenue).toEqual([{ currency: 'USD', amount: expected }]);
    const days = await ok<{ days: { day: string; count: number }[] }>(
      as(t, user.accessToken, 'POST', '/api/p2p/sales/revenue-by-day', {}),
    );
    expect(days.days).toEqual([
      expect.objectContaining({ day: new Date(soldAt).toISOString().slice(0, 10), count: 2 }),
    ]);
    const csv = await t.call('POST', '/api/p2p/sales/export', { token: user.accessToken, body: {} });
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('sold_at,item,game,platform,account,price,currency,hold_release_at,state');
    expect(lines).toHaveLength(3);
  }, 60_000);

  it('imports custom prices per line and keeps their history', async () => {
    const name = (await allLots(t, user, { withStatus: ['on_sale'] }))[0]!.marketHashName;
    const imported = await ok<{
      imported: number;
      failed: number;
      lines: { line: number; ok: boolean; message: string }[];
    }>(
      as(t, user.accessToken, 'POST', '/api/p2p/prices/import', {
        text: `${name};1.5\nno separator\nOther item;abc\n\nThird item;2\n${name.toUpperCase()};3`,
        currency: 'USD',
      }),
    );
    expect(imported).toMatchObject({ imported: 2, failed: 3 });
    // The same texts the paste editor shows before sending (the sdk's price-line reading).
    expect(imported.lines.filter((line) => !line.ok).map((line) => [line.line, line.message])).toEqual([
      [2, 'No “;” between the name and the price'],
      [3, 'The price is a number with at most 3 digits after the point'],
      [6, 'The item is already on line 1'],
    ]);
    const rows = await ok<{
      items: { marketHashName: string; customPrice: unknown; providers: unknown[] }[];
    }>(as(t, user.accessToken, 'POST', '/api/p2p/prices/query', { searchString: name }));
    expect(rows.items[0]).toMatchObject({ customPrice: { currency: 'USD', amount: 1500 } });
    expect(rows.items[0]!.providers.length).toBeGreaterThan(0);
    const history = await ok<{ points: { source: string }[] }>(
      as(t, user.accessToken, 'POST', '/api/p2p/prices/history', { marketHashName: name }),
    );
    expect(history.points.map((point) => point.source)).toContain('custom');
  }, 60_000);
});
