import { describe, expectTypeOf, it } from 'vitest';
import type { ApiClient, CallOptions } from '../src/client/api-client.ts';
import { hubEvents } from '../src/contract/hubs.ts';
import type { Counters, ProxyRow } from '../src/contract/index.ts';
import type { ProxyStatusUpdated } from '../src/domain/proxy/schemas.ts';
import type { HubClient } from '../src/hubs/hub-client.ts';

describe('client types', () => {
  it('maps every operation to a call typed by its input and output schemas', () => {
    expectTypeOf<ApiClient['proxies']['counters']>().toEqualTypeOf<
      (input?: Record<string, never>, options?: CallOptions) => Promise<Counters>
    >();
    expectTypeOf<ApiClient['proxies']['get']>().parameter(0).toHaveProperty('id');
    expectTypeOf<ReturnType<ApiClient['proxies']['get']>>().resolves.toEqualTypeOf<ProxyRow>();
    expectTypeOf<ApiClient['proxies']['query']>()
      .returns.resolves.toHaveProperty('items')
      .toEqualTypeOf<ProxyRow[]>();
    // @ts-expect-error an operation the contract does not declare has no call
    expectTypeOf<ApiClient['proxies']['launch']>().toBeFunction();
  });

  it('hands hub subscribers payloads typed by the event schema', () => {
    const follow = (hub: HubClient) =>
      hub.subscribe(hubEvents.proxyStatusUpdated, (event) => {
        expectTypeOf(event.payload).toEqualTypeOf<ProxyStatusUpdated>();
        expectTypeOf(event.version).toBeNumber();
      });
    expectTypeOf(follow).returns.resolves.toHaveProperty('unsubscribe');
  });
});
