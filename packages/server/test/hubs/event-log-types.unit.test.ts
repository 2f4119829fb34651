import { type HubPayload, hubEvents } from '@tradedeck/sdk/contract';
import type { ProxyStatusUpdated } from '@tradedeck/sdk/domain';
import { describe, expectTypeOf, it } from 'vitest';
import type { EventLog } from '../../src/hubs/event-log/event-log.ts';

const result: ProxyStatusUpdated = {
  id: 1,
  result: 1,
  status: 1,
  valid: true,
  latencyMs: 120,
  exitIp: '203.0.113.7',
  countryCode: 'DE',
  errorClass: null,
  checkedAt: '2025-01-01T00:00:00.000Z',
};

describe('event log types', () => {
  it('takes payloads typed by the event the contract declares', () => {
    expectTypeOf<HubPayload<typeof hubEvents.proxyStatusUpdated>>().toEqualTypeOf<ProxyStatusUpdated>();
    const produce = async (log: EventLog) => {
      await log.append('user', hubEvents.proxyStatusUpdated, 'proxies', result);
      await log.appendMany('user', hubEvents.proxyStatusUpdated, 'proxies', [
        result,
        { ...result, id: 'k1' },
      ]);
      // @ts-expect-error a payload without the schema's fields does not compile
      await log.append('user', hubEvents.proxyStatusUpdated, 'proxies', { id: 1, result: 1 });
      // @ts-expect-error `result` is 0 or 1
      await log.appendMany('user', hubEvents.proxyStatusUpdated, 'proxies', [{ ...result, result: 3 }]);
      // @ts-expect-error an event name is not a descriptor
      await log.append('user', 'ProxyStatusUpdated', 'proxies', result);
    };
    expectTypeOf(produce).parameter(0).toEqualTypeOf<EventLog>();
  });
});
