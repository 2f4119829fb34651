import { useQuery } from '@tanstack/react-query';
import { contract, type Operation } from '@tradedeck/sdk/contract';
import { useServices } from '../../shared/app-services.tsx';

export interface Counters {
  total: number;
  byStatus: Record<string, number>;
}

/**
 * Counters of an area (`proxies.counters`, `steamAccounts.counters`) once the area is in the contract; null
 * while it is not, so the dashboard shows what exists.
 */
export function useCounters(area: 'proxies' | 'steamAccounts') {
  const { client } = useServices();
  const op = (contract as unknown as Record<string, Record<string, Operation> | undefined>)[area]?.counters;
  return useQuery({
    queryKey: ['counters', area],
    enabled: op !== undefined,
    queryFn: async (): Promise<Counters> => normalize(await client.call(op!)),
  });
}

/** Accepts `{ total, byStatus }` or a flat map of status → count. */
function normalize(value: unknown): Counters {
  const record = (value ?? {}) as Record<string, unknown>;
  const byStatus = (
    typeof record.byStatus === 'object' && record.byStatus ? record.byStatus : record
  ) as Record<string, unknown>;
  const numeric = Object.fromEntries(
    Object.entries(byStatus).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number' && entry[0] !== 'total',
    ),
  );
  const total =
    typeof record.total === 'number' ? record.total : Object.values(numeric).reduce((sum, n) => sum + n, 0);
  return { total, byStatus: numeric };
}

export function hasCountersOperation(area: 'proxies' | 'steamAccounts'): boolean {
  return (
    (contract as unknown as Record<string, Record<string, Operation> | undefined>)[area]?.counters !==
    undefined
  );
}
