/**
 * The sales history's filters as URL parameters (`from`, `to` as calendar days, `account`, `game`, `platform`)
 * and their translation into `sales.*` filter fields. The period is whole UTC days: `to` is included, so the
 * server's exclusive end is the next midnight.
 */
import type { SaleFilters } from '@tradedeck/sdk/contract';
import { SELLER_PLATFORMS, TRADE_GAME_KEYS } from '@tradedeck/sdk/domain';
import { badPeriod, dayPeriod } from '../../shared/day-period.ts';

export { badPeriod };

export const FILTER_KEYS = ['from', 'to', 'account', 'game', 'platform'] as const;

export function toSaleFilters(filters: Record<string, string>): Partial<SaleFilters> {
  const account = Number(filters.account);
  const game = TRADE_GAME_KEYS.find((key) => key === filters.game);
  const platform = SELLER_PLATFORMS.find((key) => key === filters.platform);
  return {
    ...dayPeriod(filters),
    accountIds: Number.isSafeInteger(account) && account > 0 ? [account] : [],
    games: game ? [game] : [],
    platforms: platform ? [platform] : [],
  };
}
