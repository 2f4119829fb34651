/**
 * How the portfolio values an item (docs/portfolio.md): the price of the source the user picked, its age and
 * whether it is stale, and whether it is an outlier against the other sources. Amounts stay integer units of
 * `MONEY_SCALE`; a price is converted to the displayed currency with the server's rates before it is compared or
 * added.
 */
import { type Currency, convertMoney, type ExchangeRate, type Money } from '../money/money.ts';

/** Where a price comes from: the price profile's custom price, TM's bulk prices, the Steam market. */
export const PORTFOLIO_PRICE_SOURCES = ['custom', 'tm', 'steam'] as const;
export type PortfolioPriceSource = (typeof PORTFOLIO_PRICE_SOURCES)[number];

/**
 * How long a source's price stays fresh: TM's bulk prices are read again every 6 hours (the lots area's provider
 * window), the Steam market's reference with each inventory scan (daily); a custom price is the user's and never
 * ages out.
 */
export const PRICE_SOURCE_WINDOW_MS: Readonly<Record<PortfolioPriceSource, number | null>> = {
  custom: null,
  tm: 6 * 3600_000,
  steam: 24 * 3600_000,
};

/** A price further than this factor from the median of the other sources (above or below) is an outlier. */
export const OUTLIER_FACTOR = 3;

/** One source's price of an item, as observed. */
export interface SourcePrice {
  source: PortfolioPriceSource;
  price: Money;
  /** ISO time the price was observed. */
  observedAt: string;
}

/** An item's value from the chosen source. */
export interface ItemValuation {
  source: PortfolioPriceSource;
  /** In the displayed currency (unconverted when no rate is known). */
  price: Money;
  /** The price as the source gave it. */
  original: Money;
  observedAt: string;
  ageSeconds: number;
  stale: boolean;
  /** Outside `OUTLIER_FACTOR` times the median of the other sources. */
  outlier: boolean;
  /** Whether totals count it: not an outlier, or outliers included. */
  counted: boolean;
}

/** Finds the rate of a pair in a table that lists every pair (the rates area's table), or null. */
export function rateOf(rates: readonly ExchangeRate[], from: Currency, to: Currency): ExchangeRate | null {
  if (from === to) return { from, to, rate: '1', asOf: new Date(0).toISOString() };
  return rates.find((rate) => rate.from === from && rate.to === to) ?? null;
}

function inCurrency(value: Money, to: Currency, rates: readonly ExchangeRate[]): Money | null {
  const rate = rateOf(rates, value.currency, to);
  return rate ? convertMoney(value, rate) : null;
}

/** The lower median of integer amounts (no halves: money stays integer), null for none. */
export function lowerMedian(amounts: readonly number[]): number | null {
  if (amounts.length === 0) return null;
  const sorted = [...amounts].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}

/** Whether `amount` lies outside `OUTLIER_FACTOR` times `median` either way (a median of 0 cannot judge). */
export function isOutlier(amount: number, median: number | null): boolean {
  if (median === null || median <= 0) return false;
  return amount > median * OUTLIER_FACTOR || amount * OUTLIER_FACTOR < median;
}

/**
 * The item's value from `chosen`, or null when that source has no price for it. Prices of other sources that
 * cannot be converted to `to` are left out of the median rather than compared across currencies.
 */
export function valueItem(
  prices: readonly SourcePrice[],
  chosen: PortfolioPriceSource,
  to: Currency,
  rates: readonly ExchangeRate[],
  now: number,
  includeOutliers: boolean,
): ItemValuation | null {
  const picked = prices.find((price) => price.source === chosen);
  if (!picked) return null;
  const converted = inCurrency(picked.price, to, rates);
  const others: number[] = [];
  for (const price of prices) {
    if (price.source === chosen) continue;
    const other = inCurrency(price.price, to, rates);
    if (other) others.push(other.amount);
  }
  const outlier = converted !== null && isOutlier(converted.amount, lowerMedian(others));
  const ageMs = Math.max(0, now - Date.parse(picked.observedAt));
  const window = PRICE_SOURCE_WINDOW_MS[chosen];
  return {
    source: chosen,
    price: converted ?? picked.price,
    original: picked.price,
    observedAt: picked.observedAt,
    ageSeconds: Math.floor(ageMs / 1000),
    stale: window !== null && ageMs > window,
    outlier,
    counted: !outlier || includeOutliers,
  };
}

/**
 * The first moment (ms since the epoch) a valuation worked out again would read differently: its age reaches the
 * next whole second, or it turns stale. Before it, the valuation of the same prices and rates is the same.
 */
export function valuationChangesAt(
  value: Pick<ItemValuation, 'source' | 'observedAt' | 'ageSeconds' | 'stale'>,
): number {
  const observed = Date.parse(value.observedAt);
  const nextSecond = observed + (value.ageSeconds + 1) * 1000;
  const window = PRICE_SOURCE_WINDOW_MS[value.source];
  return window === null || value.stale ? nextSecond : Math.min(nextSecond, observed + window);
}
