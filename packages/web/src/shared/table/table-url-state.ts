import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '@tradedeck/sdk/domain';
import { useCallback, useMemo } from 'react';
import { useUrlParams } from '../url-params.ts';

export interface SortItem {
  propertyName: string;
  isDescending: boolean;
}

export interface TableUrlState {
  page: number;
  pageSize: PageSize;
  sort: SortItem[];
  filters: Record<string, string>;
}

/** `sort=login.desc,id.asc` ↔ sort items of the API conventions. */
export function parseSort(value: string | null): SortItem[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => /^([A-Za-z0-9_]+)\.(asc|desc)$/.exec(part))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ propertyName: match[1]!, isDescending: match[2] === 'desc' }));
}

export function formatSort(sort: readonly SortItem[]): string {
  return sort.map((item) => `${item.propertyName}.${item.isDescending ? 'desc' : 'asc'}`).join(',');
}

export function readTableState(params: URLSearchParams, filterKeys: readonly string[]): TableUrlState {
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const size = Number(params.get('size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : DEFAULT_PAGE_SIZE;
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return { page, pageSize, sort: parseSort(params.get('sort')), filters };
}

/**
 * Paging, sorting and filters of a list kept in the URL, so a filtered view can be reloaded, bookmarked and
 * shared. Changing a filter, the sort or the page size goes back to page 1. History entries are replaced.
 */
export function useTableUrlState(filterKeys: readonly string[] = []) {
  const [params, setParams] = useUrlParams();
  const keyList = filterKeys.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyList stands for filterKeys
  const state = useMemo(() => readTableState(params, filterKeys), [params, keyList]);

  const patch = useCallback(
    (changes: Record<string, string | null>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return {
    state,
    setPage: (page: number) => patch({ page: page <= 1 ? null : String(page) }),
    setPageSize: (size: PageSize) =>
      patch({ size: size === DEFAULT_PAGE_SIZE ? null : String(size), page: null }),
    setSort: (sort: SortItem[]) => patch({ sort: formatSort(sort) || null, page: null }),
    setFilter: (key: string, value: string | null) => patch({ [key]: value, page: null }),
  };
}
