import * as signalr10 from '@microsoft/signalr';
import * as signalr8 from 'signalr-client-v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HubTestServer, startHubTestServer } from './hub-server.ts';
import { type ReceivedEvent, waitFor } from './signalr-client.ts';
import { PROXY_STATUS } from './transport-events.ts';

let t: HubTestServer;
beforeAll(async () => {
  t = await startHubTestServer();
});
afterAll(() => t.stop());

// Client 8 writes `arguments` before `target`; 10 the other way round. Both must work unchanged.
describe.each([
  ['8.0', signalr8 as unknown as typeof signalr10],
  ['10.0', signalr10],
])('official client %s', (version, signalr) => {
  it('connects, subscribes, receives, streams and gets error strings', async () => {
    const user = `client-${version.replace('.', '-')}`;
    const connection = new signalr.HubConnectionBuilder()
      .withUrl(`${t.url}/tenant/hubs/proxy-checker-hub`, {
        accessTokenFactory: () => t.tokenFor(user),
        transport: signalr.HttpTransportType.WebSockets,
      })
      .configureLogging(signalr.LogLevel.None)
      .build();
    const received: ReceivedEvent[] = [];
    connection.on('proxystatusupdated', (event: ReceivedEvent) => received.push(event));
    await connection.start();
    try {
      await connection.invoke('Subscribe', 'proxies');
      await t.hubs.eventLog.appendMany(user, PROXY_STATUS, 'proxies', [{ id: 1 }, { id: 2 }]);
      await waitFor(() => received.length === 2, 'two events');
      expect(received.map((e) => e.version)).toEqual([1, 2]);
      const items: ReceivedEvent[] = [];
      await new Promise<void>((resolve, reject) => {
        connection
          .stream('ReadLog', 'proxies')
          .subscribe({ next: (item: ReceivedEvent) => items.push(item), complete: resolve, error: reject });
      });
      expect(items.map((e) => e.version)).toEqual([1, 2]);
      await expect(connection.invoke('Nope')).rejects.toThrow("Unknown hub method 'Nope'");
    } finally {
      await connection.stop();
    }
  });
});
