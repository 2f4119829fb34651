/**
 * The lots screen's filters as URL parameters (`q` search, `status`, `issue`, `market`) and their translation into the
 * filter fields of `lots.groups`.
 */
import type { LotFilters } from '@tradedeck/sdk/contract';
import {
  LOT_ISSUES,
  LOT_STATUSES,
  type LotIssue,
  type LotStatus,
  SELLER_PLATFORMS,
  type SellerPlatform,
} from '@tradedeck/sdk/domain';

export const FILTER_KEYS = ['q', 'status', 'issue', 'market'] as const;

const known = <W extends string>(value: string | undefined, words: readonly W[]): W[] =>
  words.filter((word) => word === value);

export function toLotFilters(filters: Record<string, string>): Partial<LotFilters> {
  const search = filters.q?.trim();
  return {
    withStatus: known<LotStatus>(filters.status, LOT_STATUSES),
    withIssues: known<LotIssue>(filters.issue, LOT_ISSUES),
    platforms: known<SellerPlatform>(filters.market, SELLER_PLATFORMS),
    ...(search ? { searchString: search.slice(0, 200) } : {}),
  };
}
