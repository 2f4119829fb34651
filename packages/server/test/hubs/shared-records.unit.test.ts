import { describe, expect, it } from 'vitest';
import type { OutgoingRecord } from '../../src/hubs/protocol.ts';
import { type RecordSink, Subscription, SubscriptionRegistry } from '../../src/hubs/subscriptions.ts';

class Sink implements RecordSink {
  readonly items: OutgoingRecord[] = [];
  sees?: RecordSink['sees'];
  sendRecord(item: OutgoingRecord): boolean {
    this.items.push(item);
    return true;
  }
}

const key = { userId: 'u1', hub: 'proxy-checker-hub', sourceId: 'proxies' };

function notice(version: number) {
  return JSON.stringify({
    id: version,
    ...key,
    version,
    eventName: 'ProxyStatusUpdated',
    payload: { id: version },
  });
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('an event delivered to several subscribers', () => {
  it('is encoded once: every subscriber queues the same bytes', async () => {
    const registry = new SubscriptionRegistry(async () => null);
    const sinks = [new Sink(), new Sink(), new Sink()];
    for (const sink of sinks) {
      const subscription = new Subscription(key, sink);
      registry.add(subscription);
      subscription.goLive();
    }
    registry.receive(notice(1));
    await settle();
    const [first] = sinks[0]!.items;
    expect(Buffer.isBuffer(first)).toBe(true);
    for (const sink of sinks) expect(sink.items).toHaveLength(1);
    for (const sink of sinks) expect(sink.items[0]).toBe(first);
    const text = (first as Buffer).toString('utf8');
    expect(text.endsWith('\u001e')).toBe(true);
    expect(JSON.parse(text.slice(0, -1))).toMatchObject({
      type: 1,
      target: 'ProxyStatusUpdated',
      arguments: [{ sourceId: 'proxies', version: 1, payload: { id: 1 } }],
    });
  });

  it('is written per subscriber when a member may not see it', async () => {
    const registry = new SubscriptionRegistry(async () => null);
    const open = new Sink();
    const limited = new Sink();
    limited.sees = async () => false;
    for (const sink of [open, limited]) {
      const subscription = new Subscription(key, sink);
      registry.add(subscription);
      subscription.goLive();
    }
    registry.receive(notice(1));
    await settle();
    expect(open.items[0]).not.toBe(limited.items[0]);
    const withheld = String(limited.items[0]);
    expect(withheld).not.toContain('"payload":{"id"');
  });
});
