/** Hand-built lots and markets for the repricing example tests (USD: 1 unit = $0.001). */
import type {
  PriceStrategy,
  ReferencePrices,
  RepricingContext,
  RepricingLot,
  TradingProfile,
} from '../../src/domain/index.ts';
import { NAME, NOW } from './arbitraries.ts';

export const usd = (amount: number) => ({ currency: 'USD' as const, amount });

export function lot(
  overrides: Partial<RepricingLot> & { strategy?: PriceStrategy; profile?: TradingProfile } = {},
) {
  const base: RepricingLot = {
    itemId: 'mine-1',
    marketHashName: NAME,
    price: usd(12_000),
    min: usd(5_000),
    max: usd(20_000),
    purchasePrice: null,
    profile: 'aggressive',
    strategy: { kind: 'fixedRange', low: usd(5_000), high: usd(20_000) },
    onSale: true,
    settlement: 0,
    lastPriceWriteAt: null,
  };
  return { ...base, ...overrides };
}

export function fresh(amount: number, ttlMs: number | null = 3_600_000) {
  return { price: usd(amount), observedAt: new Date(NOW.getTime() - 60_000), ttlMs };
}

/** A market of foreign asks (ids f0, f1, ...) plus our own listings by id. */
export function market(
  foreign: number[],
  own: Record<string, number> = {},
  references: ReferencePrices = {},
): RepricingContext {
  const asks = [
    ...foreign.map((amount, index) => ({ itemId: `f${index}`, price: usd(amount) })),
    ...Object.entries(own).map(([itemId, amount]) => ({ itemId, price: usd(amount) })),
  ];
  return {
    now: NOW,
    asksByName: new Map([[NAME, { asks, fetchedAt: new Date(NOW.getTime() - 5_000) }]]),
    ownItemIds: new Set(['mine-1', ...Object.keys(own)]),
    referencesByName: new Map([[NAME, references]]),
  };
}
