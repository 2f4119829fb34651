import { describe, expect, it } from 'vitest';
import { decideReprice } from '../../src/domain/index.ts';
import { NOW } from './arbitraries.ts';
import { fresh, lot, market, usd } from './scene.ts';

const staleBid = (amount: number) => ({
  price: usd(amount),
  observedAt: new Date(NOW.getTime() - 10 * 60_000),
  ttlMs: 5 * 60_000,
});

describe('the highest buy order as a floor', () => {
  it('holds the price at the buy order when undercutting would go under it', () => {
    const decision = decideReprice(lot(), market([10_000, 10_400], {}, { bid: fresh(10_200) }));
    expect(decision).toMatchObject({ outcome: 'changed', newPrice: usd(10_200), referencesDropped: [] });
    expect(decision.referencesUsed).toContain('bid');
  });

  it('holds a chosen share of the buy order, rounded up', () => {
    const context = { ...market([10_000, 10_400], {}, { bid: fresh(10_500) }), bidFloorBp: 9_700 };
    expect(decideReprice(lot(), context).newPrice).toEqual(usd(10_185));
  });

  it('does not lift a price already above the buy order, and does not name it as used', () => {
    const decision = decideReprice(lot(), market([10_000, 10_400], {}, { bid: fresh(9_000) }));
    expect(decision.newPrice).toEqual(usd(9_999));
    expect(decision.referencesUsed).not.toContain('bid');
  });

  it('drops a stale buy order and says why: it is never a floor', () => {
    const decision = decideReprice(lot(), market([10_000, 10_400], {}, { bid: staleBid(10_200) }));
    expect(decision).toMatchObject({
      newPrice: usd(9_999),
      referencesDropped: [{ kind: 'bid', why: 'stale' }],
    });
  });

  it('a floor above the lot max is not chased: the lot keeps its price with out_of_range', () => {
    const decision = decideReprice(lot(), market([10_000], {}, { bid: fresh(25_000) }));
    expect(decision).toMatchObject({ outcome: 'unchanged', reason: 'out_of_range', target: usd(25_000) });
  });
});
