/**
 * The five price strategies (docs/product-trading.md §3): each turns its settings, the lot's thresholds, the
 * references and the market into a band [low, high] for the profile, or into the price itself (single price).
 * Percentages round half up to the unit.
 */
import { isBasisPoints, scaleRounded } from './basis-points.ts';
import type { MarketView } from './market-view.ts';
import type { PriceStrategy, ReferenceKind, ReferencePrices } from './types.ts';

export type StrategyTarget =
  | { kind: 'band'; low: number; high: number }
  | { kind: 'price'; price: number }
  | { kind: 'invalid' }
  | { kind: 'noMarket' };

export interface StrategyInputs {
  currency: string;
  thresholds: { min: number; max: number };
  references: ReferencePrices;
  market: MarketView;
}

/** The reference a strategy reads, if any. */
export function strategyReference(strategy: PriceStrategy): ReferenceKind | null {
  if (strategy.kind === 'percentOfCustomPrice') return 'custom';
  if (strategy.kind === 'percentOfProviderPrice') return 'provider';
  return null;
}

/** Settings that can never give a band: negative or fractional percentages, low above high, another currency. */
export function isValidStrategy(strategy: PriceStrategy, currency: string): boolean {
  switch (strategy.kind) {
    case 'fixedRange':
      return (
        strategy.low.currency === currency &&
        strategy.high.currency === currency &&
        Number.isSafeInteger(strategy.low.amount) &&
        Number.isSafeInteger(strategy.high.amount) &&
        strategy.low.amount >= 0 &&
        strategy.low.amount <= strategy.high.amount
      );
    case 'singlePrice':
      return true;
    default:
      return (
        isBasisPoints(strategy.lowBp) && isBasisPoints(strategy.highBp) && strategy.lowBp <= strategy.highBp
      );
  }
}

/** The lower middle of an odd or even count: always a real ask. */
function lowerMedian(sorted: readonly number[]): number {
  return sorted[Math.floor((sorted.length - 1) / 2)] as number;
}

export function strategyTarget(strategy: PriceStrategy, inputs: StrategyInputs): StrategyTarget {
  if (!isValidStrategy(strategy, inputs.currency)) return { kind: 'invalid' };
  switch (strategy.kind) {
    case 'fixedRange':
      return { kind: 'band', low: strategy.low.amount, high: strategy.high.amount };
    case 'percentOfThresholds':
      return {
        kind: 'band',
        low: scaleRounded(inputs.thresholds.min, strategy.lowBp),
        high: scaleRounded(inputs.thresholds.max, strategy.highBp),
      };
    case 'percentOfCustomPrice':
    case 'percentOfProviderPrice': {
      const reference = inputs.references[strategyReference(strategy) as ReferenceKind];
      if (!reference) return { kind: 'invalid' };
      return {
        kind: 'band',
        low: scaleRounded(reference.price.amount, strategy.lowBp),
        high: scaleRounded(reference.price.amount, strategy.highBp),
      };
    }
    case 'singlePrice': {
      const { foreign, askToBeat } = inputs.market;
      if (askToBeat === null) return { kind: 'noMarket' };
      if (strategy.pick === 'min') return { kind: 'price', price: askToBeat };
      if (strategy.pick === 'max') return { kind: 'price', price: foreign[foreign.length - 1] as number };
      return { kind: 'price', price: lowerMedian(foreign) };
    }
  }
}
