import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type HubTestServer, startHubTestServer } from './hub-server.ts';
import { officialClient, type ReceivedEvent, waitFor } from './signalr-client.ts';
import { PROXY_STATUS, SESSION_UPDATED } from './transport-events.ts';

let t: HubTestServer;
const open: HubConnection[] = [];

beforeAll(async () => {
  t = await startHubTestServer();
});
afterAll(() => t.stop());
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.stop()));
});

async function connect(user: string, hub = 'proxy-checker-hub'): Promise<HubConnection> {
  const connection = officialClient(t.url, hub, () => t.tokenFor(user));
  open.push(connection);
  await connection.start();
  return connection;
}

describe('hub protocol with the official client', () => {
  it('subscribes and receives appended events in order with versions growing by one', async () => {
    const connection = await connect('alice');
    const received: ReceivedEvent[] = [];
    connection.on('ProxyStatusUpdated', (event: ReceivedEvent) => received.push(event));
    const head = await connection.invoke('Subscribe', 'proxies');
    expect(head).toMatchObject({ sourceId: 'proxies', version: 0 });
    for (let i = 1; i <= 20; i++) {
      await t.hubs.eventLog.append('alice', PROXY_STATUS, 'proxies', {
        id: i,
        result: 1,
      });
    }
    await waitFor(() => received.length === 20, '20 events');
    expect(received.map((e) => e.version)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(received.map((e) => (e.payload as { id: number }).id)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(received.every((e) => e.sourceId === 'proxies' && typeof e.sequenceToken === 'string')).toBe(true);
  });

  it('delivers a batch appended in one transaction in version order', async () => {
    const connection = await connect('batcher');
    const received: ReceivedEvent[] = [];
    connection.on('ProxyStatusUpdated', (event: ReceivedEvent) => received.push(event));
    await connection.invoke('Subscribe', 'proxies');
    const payloads = Array.from({ length: 50 }, (_, i) => ({ id: i, result: i % 2 }));
    const appended = await t.hubs.eventLog.appendMany('batcher', PROXY_STATUS, 'proxies', payloads);
    expect(appended.map((e) => e.version)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    await waitFor(() => received.length === 50, 'the batch');
    expect(received.map((e) => e.payload)).toEqual(payloads);
    expect(received.map((e) => e.version)).toEqual(appended.map((e) => e.version));
  });

  it('replays from a sequence token, then continues live, without duplicates', async () => {
    // The harvester lets only a stored session's owner follow it; these events belong to no stored session.
    t.hubs.guardSources('harvester-hub', async () => true);
    const log = t.hubs.eventLog;
    const events = [];
    for (let i = 0; i < 5; i++) {
      events.push(await log.append('replayer', SESSION_UPDATED, 'session:7', { step: i }));
    }
    const connection = await connect('replayer', 'harvester-hub');
    const received: ReceivedEvent[] = [];
    connection.on('SessionUpdated', (event: ReceivedEvent) => received.push(event));
    const result = await connection.invoke('subscribe', 'session:7', events[1]!.sequenceToken);
    expect(result).toMatchObject({ version: 5 });
    expect(received.map((e) => e.version)).toEqual([3, 4, 5]);
    await log.append('replayer', SESSION_UPDATED, 'session:7', { step: 5 });
    await waitFor(() => received.length === 4, 'the live event');
    expect(received.map((e) => e.version)).toEqual([3, 4, 5, 6]);
  });

  it('keeps users apart: the same source name never reaches another user', async () => {
    const alice = await connect('a-user');
    const bob = await connect('b-user');
    const seenByBob: ReceivedEvent[] = [];
    bob.on('ProxyStatusUpdated', (event: ReceivedEvent) => seenByBob.push(event));
    const seenByAlice: ReceivedEvent[] = [];
    alice.on('ProxyStatusUpdated', (event: ReceivedEvent) => seenByAlice.push(event));
    await alice.invoke('Subscribe', 'proxies');
    await bob.invoke('Subscribe', 'proxies');
    const first = await t.hubs.eventLog.append('a-user', PROXY_STATUS, 'proxies', {
      id: 1,
      result: 1,
    });
    await waitFor(() => seenByAlice.length === 1, "alice's event");
    // Bob replaying from alice's token gets his own stream: the token is ahead of it, so it is refused.
    await expect(bob.invoke('Subscribe', 'proxies', first.sequenceToken)).rejects.toThrow(
      /HubException: The sequence token is ahead of this source/,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seenByBob).toEqual([]);
  });

  it('refuses sources a guard says the user does not own, without saying whose they are', async () => {
    t.hubs.guardSources(
      'harvester-hub',
      async (userId, sourceId) => sourceId !== 'session:99' || userId === 'owner',
    );
    const owner = await connect('owner', 'harvester-hub');
    await expect(owner.invoke('Subscribe', 'session:99')).resolves.toMatchObject({ sourceId: 'session:99' });
    const intruder = await connect('intruder', 'harvester-hub');
    await expect(intruder.invoke('Subscribe', 'session:99')).rejects.toThrow(
      "An unexpected error occurred invoking 'Subscribe' on the server. HubException: Unknown source 'session:99' on harvester-hub.",
    );
    await expect(intruder.invoke('Subscribe', 'proxies')).rejects.toThrow(
      /Unknown source 'proxies' on harvester-hub/,
    );
  });

  it('accepts the client without negotiate (skipNegotiation)', async () => {
    const connection = new HubConnectionBuilder()
      .withUrl(`${t.url}/tenant/hubs/proxy-checker-hub`, {
        accessTokenFactory: () => t.tokenFor('direct'),
        transport: HttpTransportType.WebSockets,
        skipNegotiation: true,
      })
      .configureLogging(LogLevel.None)
      .build();
    open.push(connection);
    await connection.start();
    expect(connection.connectionId).toBeNull();
    await expect(connection.invoke('Subscribe', 'proxies')).resolves.toMatchObject({ sourceId: 'proxies' });
  });

  it('answers with the ASP.NET error strings', async () => {
    const connection = await connect('errors');
    await expect(connection.invoke('Nope')).rejects.toThrow("Unknown hub method 'Nope'");
    await expect(connection.invoke('Subscribe', 42)).rejects.toThrow(
      "Failed to invoke 'Subscribe' due to an error on the server.",
    );
    await expect(connection.invoke('Subscribe', 'proxies', 'garbage')).rejects.toThrow(
      "An unexpected error occurred invoking 'Subscribe' on the server. HubException: The sequence token is not valid",
    );
    await expect(connection.invoke('ReadLog', 'proxies')).rejects.toThrow(
      "The client attempted to invoke the streaming 'ReadLog' method with a non-streaming invocation.",
    );
    await new Promise<void>((resolve, reject) => {
      connection.stream('Subscribe', 'proxies').subscribe({
        next: () => reject(new Error('no items expected')),
        complete: () => reject(new Error('expected an error')),
        error: (error) => {
          expect(String(error)).toContain(
            "The client attempted to invoke the non-streaming 'Subscribe' method with a streaming invocation.",
          );
          resolve();
        },
      });
    });
    // A failed fire-and-forget call answers nothing and leaves the connection usable.
    await connection.send('Nope');
    await expect(connection.invoke('Unsubscribe', 'proxies')).resolves.toBeUndefined();
  });

  it('streams the retained log and stops when the client cancels', async () => {
    const payloads = Array.from({ length: 1200 }, (_, id) => ({ id }));
    await t.hubs.eventLog.appendMany('reader', PROXY_STATUS, 'proxies', payloads);
    const connection = await connect('reader');
    const all: ReceivedEvent[] = [];
    await new Promise<void>((resolve, reject) => {
      connection.stream('ReadLog', 'proxies').subscribe({
        next: (item: ReceivedEvent) => all.push(item),
        complete: resolve,
        error: reject,
      });
    });
    expect(all.map((e) => e.version)).toEqual(Array.from({ length: 1200 }, (_, i) => i + 1));

    const some: ReceivedEvent[] = [];
    let completed = false;
    const subscription = connection.stream('ReadLog', 'proxies', all[1099]!.sequenceToken).subscribe({
      next: (item: ReceivedEvent) => {
        some.push(item);
        if (some.length === 3) subscription.dispose();
      },
      complete: () => {
        completed = true;
      },
      error: () => {},
    });
    await waitFor(() => some.length >= 3, 'three items');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(some[0]!.version).toBe(1101);
    expect(some.length).toBeLessThan(100);
    expect(completed).toBe(false);
    // The connection still serves calls after the cancelled stream.
    await expect(connection.invoke('Subscribe', 'proxies')).resolves.toMatchObject({ version: 1200 });
  });
});
