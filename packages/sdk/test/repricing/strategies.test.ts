import { describe, expect, it } from 'vitest';
import { askToBeat, decideReprice, scaleCeil, scaleRounded } from '../../src/domain/index.ts';
import { fresh, lot, market, usd } from './scene.ts';

describe('price strategies', () => {
  it('fixed range: aggressive undercuts the cheapest foreign ask by one tick inside the range', () => {
    const decision = decideReprice(lot(), market([10_000, 10_400, 15_000]));
    expect(decision).toMatchObject({ outcome: 'changed', reason: 'repriced', newPrice: usd(9_999) });
  });

  it('fixed range: nobody else sells, so the price goes to the top of the range', () => {
    const decision = decideReprice(
      lot({ strategy: { kind: 'fixedRange', low: usd(6_000), high: usd(18_000) } }),
      market([]),
    );
    expect(decision.newPrice).toEqual(usd(18_000));
  });

  it('percent of custom price: the band is custom * [90 %, 110 %], the undercut is clamped to its low end', () => {
    const strategy = { kind: 'percentOfCustomPrice' as const, lowBp: 9_000, highBp: 11_000 };
    const decision = decideReprice(lot({ strategy }), market([8_000], {}, { custom: fresh(10_000, null) }));
    expect(decision.newPrice).toEqual(usd(9_000));
  });

  it('percent of provider price: the band follows the provider price', () => {
    const strategy = { kind: 'percentOfProviderPrice' as const, lowBp: 10_000, highBp: 12_000 };
    const decision = decideReprice(lot({ strategy }), market([11_500], {}, { provider: fresh(10_000) }));
    expect(decision.newPrice).toEqual(usd(11_499));
  });

  it('percent of current thresholds: the band is [min * low, max * high] of the lot', () => {
    const strategy = { kind: 'percentOfThresholds' as const, lowBp: 12_000, highBp: 9_000 };
    // lowBp above highBp is refused rather than guessed.
    expect(decideReprice(lot({ strategy }), market([10_000]))).toMatchObject({
      outcome: 'failed',
      reason: 'invalid_strategy',
    });
    const valid = { kind: 'percentOfThresholds' as const, lowBp: 15_000, highBp: 15_000 };
    // min 5,000 * 1.5 = 7,500; max 20,000 * 1.5 = 30,000; undercut 9,999 is inside.
    expect(decideReprice(lot({ strategy: valid }), market([10_000])).newPrice).toEqual(usd(9_999));
    // The band's low end above the market: 7,500 is the price, whatever the cheaper ask.
    expect(decideReprice(lot({ strategy: valid }), market([3_000])).newPrice).toEqual(usd(7_500));
  });

  it('single price: min (bait-guarded), median (lower middle) and max of the foreign asks', () => {
    const asks = [10_000, 10_200, 11_000, 13_000];
    const pick = (which: 'min' | 'median' | 'max') =>
      decideReprice(lot({ strategy: { kind: 'singlePrice', pick: which } }), market(asks)).newPrice;
    expect(pick('min')).toEqual(usd(10_000));
    expect(pick('median')).toEqual(usd(10_200));
    expect(pick('max')).toEqual(usd(13_000));
    expect(decideReprice(lot({ strategy: { kind: 'singlePrice', pick: 'min' } }), market([]))).toMatchObject({
      outcome: 'unavailable',
      reason: 'no_market_data',
    });
  });
});

describe('trading profiles', () => {
  it('balanced undercuts but never below the median reference times 95 %', () => {
    const context = market([8_000, 8_100], {}, { median: fresh(10_000) });
    expect(decideReprice(lot({ profile: 'balanced' }), context).newPrice).toEqual(usd(9_500));
    const above = market([11_000], {}, { median: fresh(10_000) });
    expect(decideReprice(lot({ profile: 'balanced' }), above).newPrice).toEqual(usd(10_999));
  });

  it('conservative matches the ask within 95-105 % of the provider price', () => {
    const inside = market([10_300], {}, { provider: fresh(10_000) });
    expect(decideReprice(lot({ profile: 'conservative' }), inside).newPrice).toEqual(usd(10_300));
    const under = market([9_000], {}, { provider: fresh(10_000) });
    expect(decideReprice(lot({ profile: 'conservative' }), under).newPrice).toEqual(usd(9_500));
    const alone = market([], {}, { provider: fresh(10_000) });
    expect(decideReprice(lot({ profile: 'conservative' }), alone).newPrice).toEqual(usd(10_000));
  });

  it('a profile without its reference does not act', () => {
    expect(decideReprice(lot({ profile: 'balanced' }), market([9_000]))).toMatchObject({
      outcome: 'unavailable',
      reason: 'reference_missing',
    });
    const stale = { provider: { ...fresh(10_000), observedAt: new Date(0) } };
    expect(decideReprice(lot({ profile: 'conservative' }), market([9_000], {}, stale))).toMatchObject({
      outcome: 'unavailable',
      reason: 'reference_stale',
    });
  });
});

describe('safety rules by example', () => {
  it('bait guard: a lowest ask 5 % or more under the second is bait; under 5 % it is real', () => {
    expect(askToBeat([10_000, 10_499])).toBe(10_000);
    expect(askToBeat([10_000, 10_500])).toBe(10_500);
    expect(askToBeat([10_000])).toBe(10_000);
    expect(askToBeat([])).toBeNull();
    expect(decideReprice(lot(), market([5_000, 11_000])).newPrice).toEqual(usd(10_999));
  });

  it('our own listings on other accounts are skipped when finding the ask to beat, and never undercut', () => {
    // Our other account leads at 9,000, a foreign seller asks 10,000: we undercut the foreign ask, not ourselves.
    expect(decideReprice(lot(), market([10_000], { 'mine-2': 9_000 })).newPrice).toEqual(usd(9_999));
    // Our leader at the same price as the foreign ask: matched, not undercut.
    expect(decideReprice(lot(), market([10_000], { 'mine-2': 10_000 })).newPrice).toEqual(usd(10_000));
    // A band that would put the lot under our leader is lifted to match it.
    const low = lot({ strategy: { kind: 'fixedRange', low: usd(5_000), high: usd(8_500) } });
    expect(decideReprice(low, market([10_000], { 'mine-2': 9_000 })).newPrice).toEqual(usd(9_000));
  });

  it("the lot's own listing is never the ask to beat, even when the caller's id set lacks it", () => {
    const context = { ...market([13_000], { 'mine-1': 12_000 }), ownItemIds: new Set<string>() };
    expect(decideReprice(lot(), context).newPrice).toEqual(usd(12_999));
  });

  it('lots of one item on several accounts all follow a cheaper foreign ask, then stop', () => {
    const first = market([9_000], { 'mine-2': 12_000 });
    expect(decideReprice(lot(), first).newPrice).toEqual(usd(8_999));
    const second = market([9_000], { 'mine-1': 8_999, 'mine-2': 8_999 });
    expect(decideReprice(lot({ price: usd(8_999) }), second)).toMatchObject({
      outcome: 'unchanged',
      reason: 'no_change',
    });
  });

  it('floors at the purchase price and marks an out-of-range target instead of chasing it', () => {
    expect(decideReprice(lot({ purchasePrice: usd(9_500) }), market([9_000])).newPrice).toEqual(usd(9_500));
    const decision = decideReprice(lot({ purchasePrice: usd(25_000) }), market([9_000]));
    expect(decision).toMatchObject({ outcome: 'unchanged', reason: 'out_of_range', issue: 'out_of_range' });
    expect(decision.newPrice).toBeUndefined();
  });

  it('old market data, missing thresholds and a mixed currency are not acted on', () => {
    const context = market([9_000]);
    const old = { ...context, now: new Date(context.now.getTime() + 10 * 60_000) };
    expect(decideReprice(lot(), old).reason).toBe('stale_market_data');
    expect(decideReprice(lot({ min: null }), context).reason).toBe('no_thresholds');
    expect(decideReprice(lot({ max: { currency: 'EUR', amount: 20_000 } }), context)).toMatchObject({
      outcome: 'failed',
      reason: 'currency_mismatch',
    });
    expect(decideReprice(lot({ purchasePrice: usd(-1) }), context)).toMatchObject({
      outcome: 'failed',
      reason: 'invalid_amount',
    });
  });
});

describe('basis points', () => {
  it('round half up and up, in whole units', () => {
    expect(scaleRounded(12_345, 5_000)).toBe(6_173); // 6,172.5 -> 6,173
    expect(scaleRounded(12_344, 5_000)).toBe(6_172);
    expect(scaleCeil(10_001, 9_500)).toBe(9_501); // 9,500.95 -> 9,501
    expect(scaleCeil(10_000, 9_500)).toBe(9_500);
  });
});
