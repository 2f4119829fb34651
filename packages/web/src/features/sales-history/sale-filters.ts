/**
 * The sales history's filters as URL parameters (`from`, `to` as calendar days, `account`, `game`, `platform`)
 * and their translation into `sales.*` filter fields. The period is whole UTC days: `to` is included, so the
 * server's exclusive end is the next midnight.
 */
import type { SaleFilters } from '@tradedeck/sdk/contract';
import { SELLER_PLATFORMS, TRADE_GAME_KEYS } from '@tradedeck/sdk/domain';

export const FILTER_KEYS = ['from', 'to', 'account', 'game', 'platform'] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

export function badPeriod(filters: Record<string, string>): boolean {
  return Boolean(filters.from && filters.to && filters.from > filters.to);
}

export function toSaleFilters(filters: Record<string, string>): Partial<SaleFilters> {
  const from = filters.from && DAY.test(filters.from) ? `${filters.from}T00:00:00.000Z` : undefined;
  const toDay = filters.to && DAY.test(filters.to) ? Date.parse(`${filters.to}T00:00:00Z`) : Number.NaN;
  const to = Number.isNaN(toDay) ? undefined : new Date(toDay + DAY_MS).toISOString();
  const account = Number(filters.account);
  const game = TRADE_GAME_KEYS.find((key) => key === filters.game);
  const platform = SELLER_PLATFORMS.find((key) => key === filters.platform);
  const period = badPeriod(filters) ? {} : { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  return {
    ...period,
    accountIds: Number.isSafeInteger(account) && account > 0 ? [account] : [],
    games: game ? [game] : [],
    platforms: platform ? [platform] : [],
  };
}
