/** Random lots, markets and references for the repricing property tests. */
import fc from 'fast-check';
import type {
  AskSnapshot,
  Currency,
  PriceStrategy,
  ReferencePrices,
  RepricingContext,
  RepricingLot,
} from '../../src/domain/index.ts';
import { SINGLE_PRICE_PICKS, TRADING_PROFILES } from '../../src/domain/index.ts';

export const NOW = new Date('2026-11-26T12:00:00Z');
export const NAME = 'AK-47 | Redline (Field-Tested)';

// A narrow range beside the wide one makes ties and one-tick gaps between asks common.
const amount = fc.oneof(fc.integer({ min: 0, max: 200_000 }), fc.integer({ min: 9_990, max: 10_010 }));
const bp = fc.integer({ min: 0, max: 30_000 });

export const currencyArb = fc.constantFrom<Currency>('RUB', 'USD', 'EUR');

export function strategyArb(currency: Currency): fc.Arbitrary<PriceStrategy> {
  const bpPair = fc.tuple(bp, bp).map(([a, b]) => ({ lowBp: Math.min(a, b), highBp: Math.max(a, b) }));
  return fc.oneof(
    fc.tuple(amount, amount).map(([a, b]) => ({
      kind: 'fixedRange' as const,
      low: { currency, amount: Math.min(a, b) },
      high: { currency, amount: Math.max(a, b) },
    })),
    bpPair.map((pair) => ({ kind: 'percentOfCustomPrice' as const, ...pair })),
    bpPair.map((pair) => ({ kind: 'percentOfProviderPrice' as const, ...pair })),
    bpPair.map((pair) => ({ kind: 'percentOfThresholds' as const, ...pair })),
    fc.constantFrom(...SINGLE_PRICE_PICKS).map((pick) => ({ kind: 'singlePrice' as const, pick })),
  );
}

/** A scene: one currency, several of our lots of one item across accounts, foreign asks, fresh references. */
export interface Scene {
  lots: RepricingLot[];
  context: RepricingContext;
  /** Our item ids that are listed but not repriced in this run (other accounts' listings). */
  otherOwnIds: string[];
}

const referenceArb = (currency: Currency) =>
  fc.record({
    price: fc.integer({ min: 1, max: 200_000 }).map((value) => ({ currency, amount: value })),
    observedAt: fc.integer({ min: 0, max: 3_600_000 }).map((ago) => new Date(NOW.getTime() - ago)),
    ttlMs: fc.constant(6 * 3_600_000),
  });

export const sceneArb: fc.Arbitrary<Scene> = currencyArb.chain((currency) =>
  fc
    .record({
      lots: fc.array(
        fc.record({
          price: amount,
          bounds: fc.tuple(amount, amount),
          purchase: fc.option(amount, { nil: null }),
          profile: fc.constantFrom(...TRADING_PROFILES),
          strategy: strategyArb(currency),
          writtenAgoMs: fc.option(fc.integer({ min: 0, max: 600_000 }), { nil: null }),
        }),
        { minLength: 1, maxLength: 8 },
      ),
      foreign: fc.array(amount, { maxLength: 12 }),
      otherOwn: fc.array(amount, { maxLength: 3 }),
      custom: referenceArb(currency),
      provider: referenceArb(currency),
      median: referenceArb(currency),
    })
    .map((raw) => {
      const lots: RepricingLot[] = raw.lots.map((item, index) => ({
        itemId: `own-${index}`,
        marketHashName: NAME,
        price: { currency, amount: item.price },
        min: { currency, amount: Math.min(...item.bounds) },
        max: { currency, amount: Math.max(...item.bounds) },
        purchasePrice: item.purchase === null ? null : { currency, amount: item.purchase },
        profile: item.profile,
        strategy: item.strategy,
        onSale: true,
        settlement: 0,
        lastPriceWriteAt: item.writtenAgoMs === null ? null : new Date(NOW.getTime() - item.writtenAgoMs),
      }));
      const otherOwnIds = raw.otherOwn.map((_, index) => `other-own-${index}`);
      const asks = [
        ...lots.map((lot) => ({ itemId: lot.itemId, price: lot.price })),
        ...raw.otherOwn.map((value, index) => ({
          itemId: `other-own-${index}`,
          price: { currency, amount: value },
        })),
        ...raw.foreign.map((value, index) => ({
          itemId: `foreign-${index}`,
          price: { currency, amount: value },
        })),
      ].sort((a, b) => a.price.amount - b.price.amount);
      const snapshot: AskSnapshot = { asks, fetchedAt: new Date(NOW.getTime() - 10_000) };
      const references: ReferencePrices = { custom: raw.custom, provider: raw.provider, median: raw.median };
      const context: RepricingContext = {
        now: NOW,
        asksByName: new Map([[NAME, snapshot]]),
        ownItemIds: new Set([...lots.map((lot) => lot.itemId), ...otherOwnIds]),
        referencesByName: new Map([[NAME, references]]),
      };
      return { lots, context, otherOwnIds };
    }),
);
