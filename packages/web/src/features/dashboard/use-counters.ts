import { api } from '@tradedeck/sdk/contract';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';

/** Counters of an area by status, cached under the area's `counters` operation like on its own screen. */
export function useCounters(area: 'proxies' | 'steamAccounts') {
  return useOperationQuery(api[area].counters);
}
