import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HubTestServer, startHubTestServer } from './hub-server.ts';
import { negotiate, RawHubClient, wsUrl } from './raw-client.ts';
import { officialClient, type ReceivedEvent, waitFor } from './signalr-client.ts';
import { PROXY_STATUS } from './transport-events.ts';

let t: HubTestServer;
beforeAll(async () => {
  t = await startHubTestServer({ limits: { maxBufferedBytes: 256 * 1024 } });
});
afterAll(() => t.stop());

const HUB = 'proxy-checker-hub';

describe('back-pressure', () => {
  it('asks a client that stops reading to reconnect, while others keep receiving everything', async () => {
    const user = 'pressure';
    const fast = officialClient(t.url, HUB, () => t.tokenFor(user));
    const received: ReceivedEvent[] = [];
    fast.on('ProxyStatusUpdated', (event: ReceivedEvent) => received.push(event));
    await fast.start();
    await fast.invoke('Subscribe', 'proxies');

    const { body } = await negotiate(t.url, HUB, t.tokenFor(user));
    const slow = await RawHubClient.open(wsUrl(t.url, HUB, `?id=${body.connectionToken}`), {
      authorization: `Bearer ${t.tokenFor(user)}`,
    });
    slow.send(
      { protocol: 'json', version: 1 },
      { type: 1, invocationId: '0', target: 'Subscribe', arguments: ['proxies'] },
    );
    await slow.waitFor((r) => r.type === 3);
    const slowSocket = (slow.ws as unknown as { _socket: Socket })._socket;
    slowSocket.pause();
    const slowConnection = [...t.hubs.server.connections].find((c) => c.connectionId === body.connectionId)!;
    expect(slowConnection).toBeDefined();

    const blob = 'x'.repeat(200 * 1024);
    const total = 100;
    // The producer keeps pace with the reading client; the paused one falls behind until the server lets it go.
    // It reads again as soon as that happens, within the grace the server gives it to take its Close record.
    let droppedAt = 0;
    for (let i = 1; i <= total; i++) {
      await t.hubs.eventLog.append(user, PROXY_STATUS, 'proxies', { id: i, blob });
      await waitFor(() => received.length === i, `event ${i} at the reading client`);
      if (droppedAt === 0 && slowConnection.state !== 'open') {
        droppedAt = i;
        slowSocket.resume();
      }
    }
    expect(received.map((e) => e.version)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(droppedAt).toBeGreaterThan(0);
    expect(await slow.waitFor((r) => r.type === 7, 10_000)).toEqual({
      type: 7,
      error: 'The client could not keep up with the server.',
      allowReconnect: true,
    });
    // Everything before the Close record arrived whole and in order.
    const seen = slow.records
      .filter((r) => r.type === 1)
      .map((r) => (r.arguments as Array<{ version: number }>)[0]!.version);
    expect(seen).toEqual(Array.from({ length: seen.length }, (_, i) => i + 1));
    await fast.stop();
  });
});
