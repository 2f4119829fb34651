import { createHubClient, type HubClient, type HubEvent, type HubNotice } from '@tradedeck/sdk/hubs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HubConnection } from '../../src/hubs/hub-connection.ts';
import { type HubTestServer, startHubTestServer } from './hub-server.ts';
import { waitFor } from './signalr-client.ts';
import { PROXY_STATUS } from './transport-events.ts';

let t: HubTestServer;
const clients: HubClient[] = [];

beforeAll(async () => {
  t = await startHubTestServer();
});
afterAll(() => t.stop());
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop()));
});

const HUB = 'proxy-checker-hub';

function client(user: string, extra: Partial<Parameters<typeof createHubClient>[0]> = {}) {
  const notices: HubNotice[] = [];
  const frames: Array<{ direction: string; message: Record<string, unknown> }> = [];
  const hub = createHubClient({
    baseUrl: t.url,
    hub: HUB,
    accessToken: () => t.tokenFor(user),
    onNotice: (notice) => notices.push(notice),
    onFrame: (direction, message) => frames.push({ direction, message: message as never }),
    ...extra,
  });
  clients.push(hub);
  return { hub, notices, frames };
}

function serverConnections(user: string): HubConnection[] {
  return [...t.hubs.server.connections].filter((c) => c.userId === user && c.state === 'open');
}

function append(user: string, id: number) {
  return t.hubs.eventLog.append(user, PROXY_STATUS, 'proxies', { id, result: 1 });
}

describe('sdk hub client against a real server', () => {
  it('survives a socket killed mid-stream: reconnects, resubscribes, loses and repeats nothing', async () => {
    const { hub, notices } = client('mid-stream');
    await hub.start();
    const received: HubEvent[] = [];
    await hub.subscribe('proxies', (event) => received.push(event));
    const producer = (async () => {
      for (let i = 1; i <= 300; i++) await append('mid-stream', i);
    })();
    await waitFor(() => received.length >= 50, 'the first 50 events');
    const before = serverConnections('mid-stream');
    expect(before).toHaveLength(1);
    before[0]!.abort();
    await producer;
    await waitFor(() => received.length === 300, 'all 300 events', 20_000);
    expect(received.map((e) => e.version)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(received.map((e) => (e.payload as { id: number }).id)).toEqual(
      Array.from({ length: 300 }, (_, i) => i + 1),
    );
    await waitFor(() => notices.some((n) => n.kind === 'restored'), 'the restored notice');
    expect(notices.map((n) => n.kind)).toEqual(['lost', 'restored']);
    const after = serverConnections('mid-stream');
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    expect(after[0]!.subscriptions.has('proxies')).toBe(true);
  });

  it('repairs a version gap: desync notice, Unsubscribe, a wait, Subscribe from the last token', async () => {
    const { hub, notices, frames } = client('gap');
    await hub.start();
    const received: HubEvent[] = [];
    await hub.subscribe('proxies', (event) => received.push(event));
    await append('gap', 1);
    await waitFor(() => received.length === 1, 'event 1');
    // Lose event 2 on the way to this connection, as a missed notice would.
    const subscription = serverConnections('gap')[0]!.subscriptions.get('proxies')!;
    const offer = subscription.offer.bind(subscription);
    subscription.offer = (version, text) => {
      if (version !== 2) offer(version, text);
    };
    await append('gap', 2);
    await append('gap', 3);
    await waitFor(() => received.length === 3, 'events 2 and 3 after the repair');
    expect(received.map((e) => e.version)).toEqual([1, 2, 3]);
    expect(notices).toContainEqual({ kind: 'desync', sourceId: 'proxies', expected: 2, received: 3 });
    const calls = frames
      .filter((f) => f.direction === 'out' && f.message.type === 1)
      .map((f) => [f.message.target, ...(f.message.arguments as unknown[])]);
    expect(calls).toEqual([
      ['Subscribe', 'proxies', null],
      ['Unsubscribe', 'proxies'],
      ['Subscribe', 'proxies', received[0]!.sequenceToken],
    ]);
  });

  it('resumes from a token given at subscribe time, and resets when the token is too old', async () => {
    t.hubs.tune({ retention: { maxEventsPerSource: 5 } });
    try {
      const tokens = [];
      for (let i = 1; i <= 12; i++) tokens.push((await append('resume', i)).sequenceToken);
      const { hub } = client('resume');
      await hub.start();
      const replayed: HubEvent[] = [];
      const recent = await hub.subscribe('proxies', (event) => replayed.push(event), {
        fromSequenceToken: tokens[8]!,
      });
      expect(replayed.map((e) => e.version)).toEqual([10, 11, 12]);
      expect(recent.lastVersion).toBe(12);
      await recent.unsubscribe();

      const resets: Error[] = [];
      const stale = await hub.subscribe('proxies', () => {}, {
        fromSequenceToken: tokens[1]!,
        onReset: (error) => resets.push(error),
      });
      expect(resets).toHaveLength(1);
      expect(resets[0]!.message).toMatch(/reload the state/);
      expect(stale.lastVersion).toBe(12);
    } finally {
      t.hubs.tune({ retention: { maxEventsPerSource: 10_000 } });
    }
  });

  it('retries a failed start after the configured delay', async () => {
    let calls = 0;
    const { hub, notices } = client('late-token', {
      restartAfterFailedStartMs: 200,
      accessToken: () => (++calls === 1 ? null : t.tokenFor('late-token')),
    });
    await hub.start();
    expect(notices.map((n) => n.kind)).toEqual(['failed']);
    // Without a token the client makes no request at all; the retry with a token connects.
    expect(String((notices[0] as { error: Error }).error)).toMatch(/no access token/);
    expect(hub.state).toBe('Connected');
  });

  it('starts again after the server closes without allowing a reconnect', async () => {
    const { hub, notices } = client('closed', { restartAfterFailedStartMs: 100 });
    await hub.start();
    const received: HubEvent[] = [];
    await hub.subscribe('proxies', (event) => received.push(event));
    t.hubs.disconnectUser('closed');
    await waitFor(
      () => serverConnections('closed').some((c) => c.subscriptions.has('proxies')),
      'a new connection',
    );
    expect(notices[0]).toMatchObject({ kind: 'closed' });
    expect(String((notices[0] as { error?: Error }).error)).toContain('Unauthorized');
    await append('closed', 1);
    await waitFor(() => received.length === 1, 'an event on the new connection');
    // Ended connections leave nothing behind in the process's subscription table.
    await Promise.all(clients.splice(0).map((c) => c.stop()));
    await waitFor(() => t.hubs.registry.size === 0, 'the subscription table to empty');
  });

  it('closes a connection whose access token expired with reconnect allowed; the client comes back with a fresh one', async () => {
    const { hub, notices } = client('expiring', { accessToken: () => t.tokenFor('expiring', 1500) });
    await hub.start();
    const received: HubEvent[] = [];
    await hub.subscribe('proxies', (event) => received.push(event));
    const first = serverConnections('expiring')[0]!;
    await append('expiring', 1);
    await waitFor(() => notices.some((n) => n.kind === 'restored'), 'a reconnect after expiry', 10_000);
    expect(notices[0]).toMatchObject({ kind: 'lost' });
    expect(String((notices[0] as { error?: Error }).error)).toContain('The access token has expired.');
    expect(first.state).not.toBe('open');
    await append('expiring', 2);
    await waitFor(() => received.length === 2, 'both events');
    expect(received.map((e) => e.version)).toEqual([1, 2]);
  });
});
