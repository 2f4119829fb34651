/**
 * The lots screen's filters as URL parameters (`q` search, `status`, `issue`) and their translation into the
 * filter fields of `lots.groups`.
 */
import type { LotFilters } from '@tradedeck/sdk/contract';
import { LOT_ISSUES, LOT_STATUSES, type LotIssue, type LotStatus } from '@tradedeck/sdk/domain';

export const FILTER_KEYS = ['q', 'status', 'issue'] as const;

const known = <W extends string>(value: string | undefined, words: readonly W[]): W[] =>
  words.filter((word) => word === value);

export function toLotFilters(filters: Record<string, string>): Partial<LotFilters> {
  const search = filters.q?.trim();
  return {
    withStatus: known<LotStatus>(filters.status, LOT_STATUSES),
    withIssues: known<LotIssue>(filters.issue, LOT_ISSUES),
    ...(search ? { searchString: search.slice(0, 200) } : {}),
  };
}
