/**
 * Our own listings in a repricing pass: lots picked together (one item on several accounts) all follow the
 * strategy instead of holding each other at their old price, and still never land under one of ours that leads.
 */
import { describe, expect, it } from 'vitest';
import type { AsksCache, MarketSnapshot } from '../../src/modules/lots/asks-cache.ts';
import type { MarketAccess } from '../../src/modules/lots/market-access.ts';
import { RepriceEngine } from '../../src/modules/lots/reprice-engine.ts';
import type { OtherListing } from '../../src/modules/lots/reprice-read.ts';
import type { RepriceLot } from '../../src/modules/lots/types.ts';

const NAME = 'AK-47 | Slate (Field-Tested)';
const NOW = new Date('2026-11-30T08:00:00Z');

function lot(id: number, price: number, sellerAccountId = id): RepriceLot {
  return {
    id,
    sellerAccountId,
    platform: 'tm',
    itemId: `item-${id}`,
    assetId: `asset-${id}`,
    marketHashName: NAME,
    currency: 'RUB',
    price,
    minPrice: 1,
    maxPrice: 10_000_000,
    purchasePrice: null,
    profile: 'aggressive',
    strategy: {
      kind: 'fixedRange',
      low: { currency: 'RUB', amount: 100 },
      high: { currency: 'RUB', amount: 200 },
    },
    status: 'on_sale',
    issues: [],
    settlement: 0,
    lastPriceWriteAt: null,
    lastRepriceReason: null,
  } as unknown as RepriceLot;
}

/** Foreign asks around 440 ₽; the accounts are two TM sellers in RUB. */
function engine(): RepriceEngine {
  const accounts = [1, 2].map((id) => ({ id, platform: 'tm', currency: 'RUB' }));
  const snapshot: MarketSnapshot = {
    asks: [45_000, 46_000, 47_000].map((amount, i) => ({
      itemId: `foreign-${i}`,
      price: { currency: 'RUB', amount },
    })),
    fetchedAt: NOW,
    bid: null,
  };
  const deps = {
    repo: {
      run: (_userId: string, work: (q: unknown) => unknown) =>
        work({ accounts: async () => accounts, prices: { byNames: async () => [] } }),
    },
    market: { priceChangeSpacingMs: undefined },
  };
  const access = { open: async () => ({ market: {}, creds: {} }) } as unknown as MarketAccess;
  const asks = { snapshots: async () => new Map([[NAME, snapshot]]) } as unknown as AsksCache;
  return new RepriceEngine(deps as unknown as ConstructorParameters<typeof RepriceEngine>[0], access, asks);
}

const listing = (itemId: string, price: number): OtherListing => ({
  platform: 'tm',
  itemId,
  marketHashName: NAME,
  price,
  currency: 'RUB',
});

async function decide(lots: RepriceLot[], otherListings: OtherListing[] = []) {
  const decided = await engine().decide('user', { lots, otherListings }, {}, NOW);
  return decided.map((item) => [item.decision.outcome, item.decision.newPrice?.amount ?? null]);
}

describe('our own listings in a repricing pass', () => {
  it('a group whose lots lead at one price moves as a whole to the chosen range', async () => {
    // Both lots lead the market at 438.63 ₽: picked together, neither holds the other there.
    expect(await decide([lot(1, 43_863), lot(2, 43_863), lot(3, 54_390)])).toEqual([
      ['changed', 200],
      ['changed', 200],
      ['changed', 200],
    ]);
  });

  it('a listing outside the pass that leads still holds the picked lots at its price', async () => {
    expect(await decide([lot(1, 43_863), lot(2, 54_390)], [listing('elsewhere', 30_000)])).toEqual([
      ['changed', 30_000],
      ['changed', 30_000],
    ]);
  });

  it('a picked lot that cannot move (in its cooldown) holds the others at its price', async () => {
    const resting = { ...lot(1, 30_000), lastPriceWriteAt: new Date(NOW.getTime() - 10_000) } as RepriceLot;
    expect(await decide([resting, lot(2, 43_863)])).toEqual([
      ['unavailable', null],
      ['changed', 30_000],
    ]);
  });

  it('picked lots with different targets land on one price, never one under another', async () => {
    const dearer = {
      ...lot(2, 43_863),
      strategy: {
        kind: 'fixedRange',
        low: { currency: 'RUB', amount: 300 },
        high: { currency: 'RUB', amount: 400 },
      },
    } as unknown as RepriceLot;
    expect(await decide([lot(1, 43_863), dearer])).toEqual([
      ['changed', 400],
      ['changed', 400],
    ]);
  });
});
