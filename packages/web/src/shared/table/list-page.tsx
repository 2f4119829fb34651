import { useCallback } from 'react';
import { useUrlParams } from '../url-params.ts';
import { useTableUrlState } from './table-url-state.ts';
import { type ListCallable, type ListFilters, useServerList } from './use-server-list.ts';

/**
 * The skeleton every list screen shares: paging, sort and filters in the URL, the server list over them, a reset
 * of the filters, and the data table's sort and paging props (`<DataTable {...page.table} …/>`).
 */
export function useListPage<Op extends ListCallable>(
  op: Op,
  filterKeys: readonly string[],
  toFilters: (filters: Record<string, string>) => ListFilters<Op>,
) {
  const url = useTableUrlState(filterKeys);
  const [, setParams] = useUrlParams();
  const list = useServerList(op, url.state, toFilters);
  const keyList = filterKeys.join(',');
  const resetFilters = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of [...keyList.split(','), 'page']) next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams, keyList],
  );
  const answer = list.data as { total?: number; totalCapped?: boolean } | undefined;
  const table = {
    loading: list.isFetching,
    sort: url.state.sort,
    onSortChange: url.setSort,
    paging: {
      page: url.state.page,
      pageSize: url.state.pageSize,
      total: answer?.total ?? 0,
      totalCapped: answer?.totalCapped,
      onPageChange: url.setPage,
      onPageSizeChange: url.setPageSize,
    },
  };
  return { ...url, list, resetFilters, table };
}

/** The list's load failure, above the table. */
export function ListLoadFailed({ failed, text }: { failed: boolean; text: string }) {
  if (!failed) return null;
  return (
    <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
      {text}
    </p>
  );
}
