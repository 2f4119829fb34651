import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableUrlState } from './table-url-state.ts';

/** The list query input of the API conventions: pages, sort and the area's filters. */
export interface ListQueryInput {
  pages: { page: number; pageSize: number };
  sort: Array<{ propertyName: string; isDescending: boolean }>;
  [filter: string]: unknown;
}

export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * A server-paged list for the data table: the URL state becomes the query input, and the previous page stays
 * on screen while the next one loads. `toFilters` turns URL filter strings into the operation's filter fields.
 */
export function useServerList<T>(
  key: string,
  state: TableUrlState,
  fetchPage: (input: ListQueryInput, signal: AbortSignal) => Promise<ListPage<T>>,
  toFilters: (filters: Record<string, string>) => Record<string, unknown> = (filters) => filters,
) {
  const input: ListQueryInput = {
    pages: { page: state.page, pageSize: state.pageSize },
    sort: state.sort,
    ...toFilters(state.filters),
  };
  return useQuery({
    queryKey: [key, 'list', input],
    queryFn: ({ signal }) => fetchPage(input, signal),
    placeholderData: keepPreviousData,
  });
}
