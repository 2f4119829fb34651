import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallableInput, ListOperation, TypedRoute } from '@tradedeck/sdk/contract';
import { useServices } from '../app-services.tsx';
import { operationQuery } from '../queries/operation-query.ts';
import type { TableUrlState } from './table-url-state.ts';

/** The filter fields of a list operation's input: everything but paging and sort, which the URL state gives. */
export type ListFilters<Op extends ListCallable> = Omit<CallableInput<Op>, 'pages' | 'sort'>;

/** A list operation, or its typed route. */
export type ListCallable = ListOperation | TypedRoute<ListOperation>;

/**
 * A server-paged list for the data table: the URL state becomes the operation's input, and the previous page
 * stays on screen while the next one loads. `toFilters` turns URL filter strings into the operation's filter
 * fields.
 */
export function useServerList<Op extends ListCallable>(
  op: Op,
  state: TableUrlState,
  toFilters: (filters: Record<string, string>) => ListFilters<Op>,
) {
  const { client } = useServices();
  // Sort names come from the URL as text: the server checks them against the operation's sortable properties.
  const input = {
    pages: { page: state.page, pageSize: state.pageSize },
    sort: state.sort,
    ...toFilters(state.filters),
  } as CallableInput<Op>;
  return useQuery({ ...operationQuery(client, op, input), placeholderData: keepPreviousData });
}
