import { QueryClient } from '@tanstack/react-query';
import { createApiClient, MemoryTokenStore } from '@tradedeck/sdk/client';
import { contract } from '@tradedeck/sdk/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  invalidateArea,
  invalidateOperations,
  operationKey,
  operationQuery,
} from '../src/shared/queries/operation-query.ts';

/** A server that answers every operation with the counters it was asked for, and records the paths. */
function countingServer() {
  const paths: string[] = [];
  const fetchImpl: typeof fetch = async (input) => {
    const url = new URL(String(input));
    paths.push(`${url.pathname}${url.search}`);
    return new Response(
      JSON.stringify({ success: true, data: { total: paths.length, byStatus: {} }, error: null }),
      {
        headers: { 'content-type': 'application/json' },
      },
    );
  };
  const tokens = new MemoryTokenStore();
  tokens.set({ accessToken: 'token', expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
  return {
    client: createApiClient({ baseUrl: 'http://panel.test', tokenStore: tokens, fetch: fetchImpl }),
    paths,
  };
}

describe('operation queries', () => {
  it('keys an answer by operation id and input, and asks the operation of the contract', async () => {
    const { client, paths } = countingServer();
    const queryClient = new QueryClient();
    const counters = operationQuery(client, contract.proxies.counters);
    expect(counters.queryKey).toEqual(['proxies.counters']);
    expect(operationKey(contract.proxies.get, { id: 4 })).toEqual(['proxies.get', { id: 4 }]);
    const answer = await queryClient.fetchQuery(counters);
    expect(answer).toEqual({ total: 1, byStatus: {} });
    expect(paths).toEqual(['/api/proxies/counters']);
    expectTypeOf(queryClient.getQueryData(counters.queryKey)).toEqualTypeOf<
      { total: number; byStatus: Record<string, number> } | undefined
    >();
  });

  it('invalidates by operation id, whatever the input, and by area', async () => {
    const { client } = countingServer();
    const queryClient = new QueryClient();
    const proxyCounters = operationQuery(client, contract.proxies.counters);
    const proxyOne = operationQuery(client, contract.proxies.get, { id: 1 });
    const proxyTwo = operationQuery(client, contract.proxies.get, { id: 2 });
    const accountCounters = operationQuery(client, contract.steamAccounts.counters);
    await queryClient.fetchQuery(proxyCounters);
    await queryClient.fetchQuery(proxyOne);
    await queryClient.fetchQuery(proxyTwo);
    await queryClient.fetchQuery(accountCounters);
    const cached = [proxyCounters.queryKey, proxyOne.queryKey, proxyTwo.queryKey, accountCounters.queryKey];
    const stale = () => cached.map((key) => queryClient.getQueryState(key)?.isInvalidated);

    await invalidateOperations(queryClient, contract.proxies.get);
    expect(stale()).toEqual([false, true, true, false]);
    await invalidateArea(queryClient, contract.proxies);
    expect(stale()).toEqual([true, true, true, false]);
  });
});
