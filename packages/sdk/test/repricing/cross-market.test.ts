import { describe, expect, it } from 'vitest';
import { decideReprice, outlierReferences, planRepricing } from '../../src/domain/index.ts';
import { NOW } from './arbitraries.ts';
import { fresh, lot, market, usd } from './scene.ts';

const balanced = lot({ profile: 'balanced' });

/** Foreign asks of $10 and $10.40, this market's median $10, the other market's $9.80, and a buy order. */
const withBid = (bid: number) =>
  market([10_000, 10_400], {}, { median: fresh(10_000), crossMarket: fresh(9_800), bid: fresh(bid) });

describe('the cross-market outlier guard', () => {
  it('drops a buy order more than 3 times the other markets’ median, and says so: it is never a floor', () => {
    const context = withBid(40_000);
    const decision = decideReprice(lot(), context);
    expect(decision).toMatchObject({
      outcome: 'changed',
      newPrice: usd(9_999),
      referencesDropped: [{ kind: 'bid', why: 'outlier' }],
    });
    expect(decision.referencesUsed).not.toContain('bid');
  });

  it('keeps a buy order within 3 times the other sources as the floor', () => {
    const context = withBid(10_200);
    const decision = decideReprice(lot(), context);
    expect(decision).toMatchObject({ newPrice: usd(10_200), referencesDropped: [] });
    expect(decision.referencesUsed).toContain('bid');
  });

  it('stops a lot whose own reference is a third of the other markets’ prices, and names it', () => {
    // A quick-sell market: its median is $3 while the other market and the provider say about $10.
    const context = market(
      [3_000, 3_100],
      {},
      {
        median: fresh(3_000),
        crossMarket: fresh(10_000),
        provider: fresh(10_200),
      },
    );
    expect(decideReprice(balanced, context)).toMatchObject({
      outcome: 'unavailable',
      reason: 'reference_outlier',
      referencesDropped: [{ kind: 'median', why: 'outlier' }],
    });
    // The aggressive profile reads no reference: it is priced, and the dropped median is still named.
    expect(decideReprice(lot(), context)).toMatchObject({
      outcome: 'changed',
      referencesDropped: [{ kind: 'median', why: 'outlier' }],
    });
  });

  it('drops both of two sources more than 3 times apart: neither can be told right', () => {
    expect(outlierReferences({ median: fresh(10_000), crossMarket: fresh(40_000) }, 'USD', NOW)).toEqual([
      'median',
      'crossMarket',
    ]);
    expect(outlierReferences({ median: fresh(10_000), crossMarket: fresh(29_000) }, 'USD', NOW)).toEqual([]);
  });

  it('compares only fresh sources in the lot’s currency, and never the user’s own custom price', () => {
    const old = { price: usd(90_000), observedAt: new Date(NOW.getTime() - 3_600_000), ttlMs: 60_000 };
    const euro = { price: { currency: 'EUR' as const, amount: 90_000 }, observedAt: NOW, ttlMs: null };
    expect(
      outlierReferences(
        { median: fresh(10_000), crossMarket: old, provider: euro, custom: fresh(90_000, null) },
        'USD',
        NOW,
      ),
    ).toEqual([]);
  });

  it('preview and apply read the same plan: the dropped references are the same per lot', () => {
    const context = withBid(40_000);
    const lots = [lot(), { ...balanced, itemId: 'mine-2' }];
    const first = planRepricing(lots, context);
    const second = planRepricing(lots, context);
    expect(second.decisions).toEqual(first.decisions);
    expect(first.decisions.map((item) => item.referencesDropped)).toEqual([
      [{ kind: 'bid', why: 'outlier' }],
      [{ kind: 'bid', why: 'outlier' }],
    ]);
  });
});
