/**
 * The screen's filters as URL parameters (a filtered view reloads and can be shared) and their translation into
 * `p2p.query` fields: `q` search, `status` account statuses, `platform` platform statuses (comma-separated).
 */
import {
  PLATFORM_STATUSES,
  type PlatformStatus,
  SELLER_ACCOUNT_STATUSES,
  type SellerAccountStatus,
} from '@tradedeck/sdk/domain';

export const FILTER_KEYS = ['q', 'status', 'platform'] as const;

export interface SellerFilters {
  searchString?: string;
  withStatus: SellerAccountStatus[];
  withPlatformStatus: PlatformStatus[];
  withModules: [];
}

/** The known words of a comma list, without repeats; anything else is dropped. */
export function parseWords<W extends string>(value: string | undefined, known: readonly W[]): W[] {
  if (!value) return [];
  const words = value.split(',').map((part) => part.trim());
  return known.filter((word) => words.includes(word));
}

export function toQueryFilters(filters: Record<string, string>): SellerFilters {
  const search = filters.q?.trim();
  return {
    withStatus: parseWords(filters.status, SELLER_ACCOUNT_STATUSES),
    withPlatformStatus: parseWords(filters.platform, PLATFORM_STATUSES),
    withModules: [],
    ...(search ? { searchString: search.slice(0, 200) } : {}),
  };
}

/** The URL value after one chip is clicked: the word toggles in or out of the list. */
export function toggleWord<W extends string>(
  value: string | undefined,
  known: readonly W[],
  word: W,
): string | null {
  const current = parseWords(value, known);
  const next = current.includes(word) ? current.filter((item) => item !== word) : [...current, word];
  return known.filter((item) => next.includes(item)).join(',') || null;
}
