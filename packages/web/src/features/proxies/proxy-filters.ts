import { PROXY_SORT_PROPERTIES } from '@tradedeck/sdk/contract';
import type { ProxyStatus } from '@tradedeck/sdk/domain';
import type { SortItem } from '../../shared/table/table-url-state.ts';

/** URL keys of the screen's filters (paging, sort and selection keys belong to the table). */
export const FILTER_KEYS = ['q', 'tags', 'except', 'country', 'status'] as const;
export const SELECTION_KEY = 'sel';

/** The filters of `proxies.query`, `proxies.export` and `proxies.check` over the current view. */
export interface ProxyFilters {
  withTagIds: number[];
  exceptTagIds: number[];
  country?: string;
  searchString?: string;
  withStatus: ProxyStatus[];
}

/** `1,2,3` → [1, 2, 3]; anything that is not a positive integer is dropped. */
export function parseIdList(value: string | undefined | null): number[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((part) => Number(part))
        .filter((n) => Number.isInteger(n) && n > 0),
    ),
  ];
}

export function formatIdList(ids: readonly (number | string)[]): string | null {
  return ids.length === 0 ? null : ids.join(',');
}

/** URL filter strings → API filters. Unknown statuses and malformed countries are ignored. */
export function toProxyFilters(filters: Record<string, string>): ProxyFilters {
  const result: ProxyFilters = {
    withTagIds: parseIdList(filters.tags),
    exceptTagIds: parseIdList(filters.except),
    withStatus: (filters.status ?? '')
      .split(',')
      .filter((part) => /^[0-5]$/.test(part))
      .map((part) => Number(part) as ProxyStatus),
  };
  const country = filters.country;
  if (country && /^([A-Za-z]{2}|--)$/.test(country)) result.country = country.toUpperCase();
  const search = filters.q?.trim();
  if (search) result.searchString = search.slice(0, 200);
  return result;
}

export function hasActiveFilters(filters: Record<string, string>): boolean {
  return FILTER_KEYS.some((key) => Boolean(filters[key]));
}

/** A sort item `proxies.query` and `proxies.export` accept. */
interface ProxySortItem {
  propertyName: (typeof PROXY_SORT_PROPERTIES)[number];
  isDescending: boolean;
}

/** The URL's sort items over properties the proxy list sorts by (a hand-edited name is dropped). */
export function toProxySort(sort: readonly SortItem[]): ProxySortItem[] {
  const known: readonly string[] = PROXY_SORT_PROPERTIES;
  return sort.filter((item): item is ProxySortItem => known.includes(item.propertyName));
}
