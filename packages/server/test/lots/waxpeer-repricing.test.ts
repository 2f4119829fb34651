/**
 * Repricing of Waxpeer lots from Waxpeer's own feed: its listings per name (`mass-info`) and its highest buy orders
 * (`prices?highest_offer=1`), on a fake Waxpeer reached through the Steam account's loopback proxy. The same Steam
 * account also sells on a fake TM whose asks are read beside Waxpeer's: they check Waxpeer's references (a buy order
 * more than 3 times both markets' asks is dropped), and a Waxpeer lot never follows them. Each test prices its own item names and assets, so the tests hold in any order.
 */
import type { LotRow, RepriceItem, RepriceJob, RepricePreview } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import type { AuthTestApp, TestUser } from '../auth/helpers/auth-app.ts';
import { movableClock } from '../helpers/test-clock.ts';
import type { FakeTm } from '../market/helpers/fake-tm.ts';
import type { FakeWaxpeer } from '../market/helpers/fake-waxpeer.ts';
import { as, ok } from '../steam-trading/helpers.ts';
import { startTwoMarkets, type TwoMarkets } from './two-markets.ts';

const TM_KEY = 'RepriceTmKey0123456789abcdefABCDEF';
const WAX_KEY = 'reprice-waxpeer-key-0123456789abcdef';
const PAY = 'pay-Secret-78';
/** One asset per test (preview-equals-apply takes three), each its own item name. */
const ITEMS = {
  outlier: { assetId: '53001', name: '★ Karambit | Fade (Factory New)' },
  floor: { assetId: '53002', name: 'AWP | Asiimov (Field-Tested)' },
  stale: { assetId: '53003', name: 'M4A4 | Howl (Minimal Wear)' },
  same1: { assetId: '53004', name: 'AK-47 | Vulcan (Minimal Wear)' },
  same2: { assetId: '53005', name: 'Desert Eagle | Blaze (Factory New)' },
  same3: { assetId: '53006', name: 'USP-S | Kill Confirmed (Field-Tested)' },
  cross: { assetId: '53007', name: 'M4A1-S | Printstream (Field-Tested)' },
} as const;
type ItemKey = keyof typeof ITEMS;
const LISTED_AT = 800_000;
/** Every lot may go from $100 to $900: the rules, not the bounds, decide these prices. */
const BOUNDS = { min: '100', max: '900' };
const UNDERCUT = {
  strategy: { kind: 'percentOfThresholds', lowBp: 10_000, highBp: 10_000 },
  profile: 'aggressive',
  itemsLimit: 100,
};

const world = new SandboxWorld();
const [bot] = world.healthyAccounts(1, 7701);
const clock = movableClock();

let markets: TwoMarkets;
let tm: FakeTm;
let wax: FakeWaxpeer;
let t: AuthTestApp;
let user: TestUser;

async function waxpeerLot(key: ItemKey): Promise<LotRow> {
  const page = await ok<{ items: LotRow[] }>(
    as(t, user.accessToken, 'POST', '/api/p2p/lots/query', {
      searchString: ITEMS[key].assetId,
      pages: { page: 1, pageSize: 100 },
    }),
  );
  const lot = page.items.find((row) => row.assetId === ITEMS[key].assetId && row.platform === 'waxpeer');
  if (!lot) throw new Error(`no Waxpeer lot of ${key}`);
  return lot;
}

/** The items' Waxpeer lots (listed at LISTED_AT) with the bounds set; answers the lot ids. */
async function listed(...keys: ItemKey[]): Promise<number[]> {
  const lots = await Promise.all(keys.map(waxpeerLot));
  expect(lots.map((lot) => [lot.status, lot.price?.amount])).toEqual(keys.map(() => ['on_sale', LISTED_AT]));
  const ids = lots.map((lot) => lot.id);
  await ok(as(t, user.accessToken, 'POST', '/api/p2p/lots/thresholds', { selection: { ids }, ...BOUNDS }));
  // The price feed is read at most once a minute: past that minute, the next look reads it again.
  clock.advance(61_000);
  return ids;
}

function preview(ids: number[]): Promise<RepricePreview> {
  return ok<RepricePreview>(
    as(t, user.accessToken, 'POST', '/api/p2p/lots/reprice/preview', { selection: { ids }, ...UNDERCUT }),
  );
}

function apply(ids: number[]): Promise<RepriceJob> {
  return ok<RepriceJob>(
    as(t, user.accessToken, 'POST', '/api/p2p/lots/reprice/apply', {
      selection: { ids },
      ...UNDERCUT,
      wait: true,
    }),
  );
}

function only(items: RepriceItem[]): RepriceItem {
  expect(items).toHaveLength(1);
  return items[0]!;
}

/** The price Waxpeer itself lists the asset at now. */
function waxpeerPrice(key: ItemKey): number | undefined {
  return wax.listings(WAX_KEY).find((row) => row.itemId === ITEMS[key].assetId)?.price;
}

/** The edit-items writes Waxpeer received for an asset. */
function edits(key: ItemKey): number {
  return wax.requests.filter(
    (request) =>
      request.path === 'edit-items' &&
      (JSON.parse(request.body || '{}') as { items?: { item_id: string }[] }).items?.some(
        (item) => item.item_id === ITEMS[key].assetId,
      ),
  ).length;
}

beforeAll(async () => {
  markets = await startTwoMarkets({
    world,
    bot: bot!,
    tmKey: TM_KEY,
    waxKey: WAX_KEY,
    payPassword: PAY,
    items: Object.values(ITEMS).map((item) => ({ assetId: item.assetId, name: item.name })),
    label: 'waxpeer-repricing',
    clock,
    // Listed on Waxpeer before the first sync (the first of Waxpeer's 2 writes per item per 120 s), never by us:
    // no write of ours holds the items back.
    prepare: async ({ wax }) => {
      const listing = await fetch(`${wax.baseUrl}/v1/list-items-steam?api=${WAX_KEY}&game=csgo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          items: Object.values(ITEMS).map((item) => ({ item_id: item.assetId, price: LISTED_AT })),
        }),
      });
      expect(((await listing.json()) as { listed: unknown[] }).listed).toHaveLength(
        Object.keys(ITEMS).length,
      );
    },
  });
  ({ tm, wax, t, user } = markets);
}, 120_000);

afterAll(async () => {
  await markets?.close();
});

describe('repricing Waxpeer lots from Waxpeer’s feed', { timeout: 60_000 }, () => {
  it('ignores a lone quick-sell listing far under the rest, and never follows TM’s asks', async () => {
    // csgo-trader-extension#375: one $160 listing against a $625-675 market.
    wax.setBook(ITEMS.outlier.name, {
      listings: [
        { itemId: 'q-1', price: 160_000 },
        { itemId: 'q-2', price: 625_000 },
        { itemId: 'q-3', price: 650_000 },
        { itemId: 'q-4', price: 675_000 },
      ],
    });
    const ids = await listed('outlier');
    const item = only((await preview(ids)).items);
    expect(item).toMatchObject({ outcome: 'changed', newPrice: { currency: 'USD', amount: 624_999 } });
    const job = await apply(ids);
    expect(only(job.items).newPrice).toEqual({ currency: 'USD', amount: 624_999 });
    expect(waxpeerPrice('outlier')).toBe(624_999);
  });

  it('holds the price at the highest buy order when undercutting would go under it', async () => {
    wax.setBook(ITEMS.floor.name, {
      listings: [
        { itemId: 'f-1', price: 500_000 },
        { itemId: 'f-2', price: 510_000 },
      ],
      highestOffer: 505_000,
    });
    const ids = await listed('floor');
    const item = only((await preview(ids)).items);
    expect(item).toMatchObject({ outcome: 'changed', newPrice: { currency: 'USD', amount: 505_000 } });
    expect(item.referencesUsed).toContain('bid');
    const job = await apply(ids);
    expect(only(job.items).newPrice).toEqual({ currency: 'USD', amount: 505_000 });
    expect(waxpeerPrice('floor')).toBe(505_000);
  });

  it('drops a buy order the feed has not confirmed within its window, and says so', async () => {
    wax.setBook(ITEMS.stale.name, {
      listings: [
        { itemId: 's-1', price: 300_000 },
        { itemId: 's-2', price: 305_000 },
      ],
      highestOffer: 310_000,
    });
    // TM sells it near Waxpeer's price: no reference is an outlier.
    tm.setAsks(ITEMS.stale.name, [298_000, 303_000]);
    const ids = await listed('stale');
    const fresh = only((await preview(ids)).items);
    expect(fresh).toMatchObject({ newPrice: { currency: 'USD', amount: 310_000 }, referencesDropped: [] });
    // Waxpeer's feed fails from now on (a 502 from its gateway; a 429 would rest the whole key, asks too); the asks
    // still answer. Six minutes on, the last feed read is older than its window.
    wax.refusePrices(502);
    try {
      clock.advance(6 * 60_000);
      const later = only((await preview(ids)).items);
      expect(later).toMatchObject({
        outcome: 'changed',
        newPrice: { currency: 'USD', amount: 299_999 },
        referencesDropped: [{ kind: 'bid', why: 'stale' }],
      });
      expect(later.referencesUsed).not.toContain('bid');
    } finally {
      wax.refusePrices(null);
    }
    // A preview writes nothing.
    expect(edits('stale')).toBe(0);
    expect(waxpeerPrice('stale')).toBe(LISTED_AT);
  });

  it('drops a buy order more than 3 times both markets’ asks, names it, and applies what it showed', async () => {
    wax.setBook(ITEMS.cross.name, {
      listings: [
        { itemId: 'x-1', price: 400_000 },
        { itemId: 'x-2', price: 404_000 },
      ],
      highestOffer: 1_500_000,
    });
    // TM's asks are read beside Waxpeer's: they confirm Waxpeer's median, never the price Waxpeer lots follow.
    tm.setAsks(ITEMS.cross.name, [398_000, 402_000]);
    const ids = await listed('cross');
    const item = only((await preview(ids)).items);
    expect(item).toMatchObject({
      outcome: 'changed',
      newPrice: { currency: 'USD', amount: 399_999 },
      referencesDropped: [{ kind: 'bid', why: 'outlier' }],
    });
    expect(item.referencesUsed).not.toContain('bid');
    const job = await apply(ids);
    const done = only(job.items);
    expect([done.outcome, done.newPrice, done.referencesDropped]).toEqual([
      item.outcome,
      item.newPrice,
      item.referencesDropped,
    ]);
    expect(waxpeerPrice('cross')).toBe(399_999);
    expect(edits('cross')).toBe(1);
  });

  it('applies exactly what the preview showed, lot by lot, in one write per changed lot', async () => {
    wax.setBook(ITEMS.same1.name, { listings: [{ itemId: 'a-1', price: 420_000 }] });
    wax.setBook(ITEMS.same2.name, {
      listings: [
        { itemId: 'b-1', price: 90_000 },
        { itemId: 'b-2', price: 95_000 },
      ],
    });
    wax.setBook(ITEMS.same3.name, {
      listings: [
        { itemId: 'c-1', price: 700_000 },
        { itemId: 'c-2', price: 705_000 },
      ],
      highestOffer: 720_000,
    });
    const ids = await listed('same1', 'same2', 'same3');
    const shown = await preview(ids);
    expect(shown.summary).toEqual({ changed: 3, unchanged: 0, unavailable: 0, failed: 0 });
    const job = await apply(ids);
    expect(job.status).toBe('done');
    expect(job.summary).toEqual(shown.summary);
    const applied = new Map(job.items.map((item) => [item.lotId, item]));
    for (const item of shown.items) {
      const done = applied.get(item.lotId)!;
      expect([done.outcome, done.reason, done.newPrice]).toEqual([item.outcome, item.reason, item.newPrice]);
    }
    expect(waxpeerPrice('same1')).toBe(419_999);
    // Others sell at $90, under the lot's $100 min: the band stops the undercut at the min.
    expect(waxpeerPrice('same2')).toBe(100_000);
    expect(waxpeerPrice('same3')).toBe(720_000);
    expect([edits('same1'), edits('same2'), edits('same3')]).toEqual([1, 1, 1]);
  });
});
