/**
 * The portfolio's filters as URL parameters (`by`, `game`, `source`, `q`, and `tradable`, `protected`, `onSale`,
 * `outliers` as "1") and their translation into `portfolio.*` input fields.
 */
import type { PortfolioGrouping } from '@tradedeck/sdk/contract';
import { PORTFOLIO_PRICE_SOURCES, TRADE_GAME_KEYS } from '@tradedeck/sdk/domain';

export const FILTER_KEYS = [
  'by',
  'game',
  'source',
  'q',
  'tradable',
  'protected',
  'onSale',
  'outliers',
] as const;

const GROUPINGS: readonly PortfolioGrouping[] = ['item', 'account', 'flat'];

export function groupingOf(filters: Record<string, string>): PortfolioGrouping {
  return GROUPINGS.find((by) => by === filters.by) ?? 'item';
}

/** The filters and valuation the table and the totals share. */
export function toPortfolioFilters(filters: Record<string, string>) {
  const game = TRADE_GAME_KEYS.find((key) => key === filters.game);
  const source = PORTFOLIO_PRICE_SOURCES.find((key) => key === filters.source) ?? 'tm';
  const search = filters.q?.trim();
  return {
    source,
    includeOutliers: filters.outliers === '1',
    ...(game ? { game } : {}),
    ...(search ? { searchString: search } : {}),
    ...(filters.tradable === '1' ? { tradableNow: true } : {}),
    ...(filters.protected === '1' ? { protectedOnly: true } : {}),
    ...(filters.onSale === '1' ? { onSale: true } : {}),
  };
}
