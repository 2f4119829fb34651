import { describe, expect, it } from 'vitest';
import {
  type ExchangeRate,
  lowerMedian,
  type SourcePrice,
  valuationChangesAt,
  valueItem,
} from '../../src/domain/index.ts';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW - hours * 3600_000).toISOString();
const RATES: ExchangeRate[] = [
  { from: 'USD', to: 'RUB', rate: '90', asOf: hoursAgo(1) },
  { from: 'RUB', to: 'USD', rate: '0.0111', asOf: hoursAgo(1) },
];

const usd = (source: SourcePrice['source'], amount: number, hours = 1): SourcePrice => ({
  source,
  price: { currency: 'USD', amount },
  observedAt: hoursAgo(hours),
});

describe('portfolio valuation', () => {
  it('takes the chosen source with its age, stale past that source window only', () => {
    const prices = [usd('tm', 10_000, 7), usd('steam', 11_000, 7), usd('custom', 9_000, 24 * 30)];
    expect(valueItem(prices, 'tm', 'USD', RATES, NOW, false)).toMatchObject({
      source: 'tm',
      price: { currency: 'USD', amount: 10_000 },
      ageSeconds: 7 * 3600,
      stale: true,
    });
    // The Steam market's window is a day; a custom price never ages out.
    expect(valueItem(prices, 'steam', 'USD', RATES, NOW, false)).toMatchObject({ stale: false });
    expect(valueItem(prices, 'custom', 'USD', RATES, NOW, false)).toMatchObject({ stale: false });
    expect(valueItem(prices, 'tm', 'USD', RATES, NOW, false)?.outlier).toBe(false);
  });

  it('marks a price outside three times the median of the other sources an outlier, counted only when included', () => {
    const high = [usd('tm', 10_000), usd('steam', 12_000), usd('custom', 40_000)];
    expect(valueItem(high, 'custom', 'USD', RATES, NOW, false)).toMatchObject({
      outlier: true,
      counted: false,
    });
    expect(valueItem(high, 'custom', 'USD', RATES, NOW, true)).toMatchObject({
      outlier: true,
      counted: true,
    });
    // Three times exactly is not outside; a third of the median and less is.
    expect(
      valueItem([usd('tm', 30_000), usd('steam', 10_000)], 'tm', 'USD', RATES, NOW, false)?.outlier,
    ).toBe(false);
    expect(valueItem([usd('tm', 3_000), usd('steam', 10_000)], 'tm', 'USD', RATES, NOW, false)?.outlier).toBe(
      true,
    );
    // Alone, a price cannot be judged.
    expect(valueItem([usd('tm', 3_000)], 'tm', 'USD', RATES, NOW, false)?.outlier).toBe(false);
  });

  it('converts to the displayed currency in integer units before comparing', () => {
    const prices: SourcePrice[] = [
      { source: 'tm', price: { currency: 'RUB', amount: 90_000 }, observedAt: hoursAgo(1) },
      usd('steam', 10_000),
    ];
    const value = valueItem(prices, 'steam', 'RUB', RATES, NOW, false)!;
    expect(value.price).toEqual({ currency: 'RUB', amount: 90_000 });
    expect(value.original).toEqual({ currency: 'USD', amount: 10_000 });
    expect(value.outlier).toBe(false);
    expect(valueItem(prices, 'custom', 'RUB', RATES, NOW, false)).toBeNull();
  });

  it('takes the lower median, so money stays integer', () => {
    expect(lowerMedian([5, 1, 9, 3])).toBe(3);
    expect(lowerMedian([])).toBeNull();
  });

  it('names the first moment a valuation reads differently: the next second of its age, or turning stale', () => {
    const observed = NOW - 5_400_250;
    const price = (source: SourcePrice['source'], at: number): SourcePrice => ({
      source,
      price: { currency: 'USD', amount: 100 },
      observedAt: new Date(at).toISOString(),
    });
    for (const [source, at] of [
      ['steam', observed],
      ['custom', observed],
      ['tm', NOW - 6 * 3600_000 + 400],
      ['tm', NOW - 6 * 3600_000 - 5_000],
    ] as const) {
      const value = valueItem([price(source, at)], source, 'USD', RATES, NOW, false)!;
      const changesAt = valuationChangesAt(value);
      expect(changesAt).toBeGreaterThan(NOW);
      // The same valuation up to the moment before it, a different one at it.
      const before = valueItem([price(source, at)], source, 'USD', RATES, changesAt - 1, false);
      const after = valueItem([price(source, at)], source, 'USD', RATES, changesAt, false)!;
      expect(before).toEqual(value);
      expect([after.ageSeconds, after.stale]).not.toEqual([value.ageSeconds, value.stale]);
    }
  });
});
