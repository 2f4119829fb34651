import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '@tradedeck/sdk/client';
import type { Callable, CallableInput, CallableOutput } from '@tradedeck/sdk/contract';
import { useServices } from '../app-services.tsx';

/**
 * The cache key of an operation's answer: the operation id, then its input. Every query of the web app is keyed
 * this way, so invalidating an operation id reaches every input it was asked with.
 */
export function operationKey<Op extends Callable>(op: Op, input?: CallableInput<Op>) {
  return input === undefined ? ([op.id] as const) : ([op.id, input] as const);
}

/** Query options for one call of an operation: its key and a query function typed by the contract. */
export function operationQuery<Op extends Callable>(client: ApiClient, op: Op, input?: CallableInput<Op>) {
  return queryOptions({
    queryKey: operationKey(op, input) as readonly unknown[],
    queryFn: ({ signal }): Promise<CallableOutput<Op>> => client.call(op, input, { signal }),
  });
}

/** How long an answer stays fresh, how often it is polled, whether to ask at all. */
interface OperationQueryTiming {
  staleTime?: number;
  refetchInterval?: number;
  enabled?: boolean;
}

/** `useQuery` over one call of an operation with the app's client. */
export function useOperationQuery<Op extends Callable>(
  op: Op,
  input?: CallableInput<Op>,
  timing: OperationQueryTiming = {},
) {
  const { client } = useServices();
  return useQuery({ ...operationQuery(client, op, input), ...timing });
}

/**
 * One answer assembled from several calls of an operation (every page of a list, say), cached under the
 * operation's key plus a name, so invalidating the operation reaches it too.
 */
export function useAssembledQuery<T>(op: Callable, name: string, load: (client: ApiClient) => Promise<T>) {
  const { client } = useServices();
  return useQuery({ queryKey: [...operationKey(op), name], queryFn: () => load(client) });
}

/** Marks every cached answer of the operations stale (whatever their input), refetching what is on screen. */
export function invalidateOperations(queryClient: QueryClient, ...ops: readonly Callable[]): Promise<void> {
  const ids = new Set<unknown>(ops.map((op) => op.id));
  return queryClient.invalidateQueries({ predicate: (query) => ids.has(query.queryKey[0]) });
}

/** Marks every cached answer of an area's operations stale (`api.proxies`, say). */
export function invalidateArea(
  queryClient: QueryClient,
  area: Readonly<Record<string, Callable>>,
): Promise<void> {
  return invalidateOperations(queryClient, ...Object.values(area));
}
