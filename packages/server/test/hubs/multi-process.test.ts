import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createHubClient, type HubEvent, type HubNotice } from '@tradedeck/sdk/hubs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptEntry } from '../helpers/server-bundle.ts';
import { type ThrowAwayPostgres, throwAwayPostgres } from './postgres-cluster.ts';
import { negotiate, RawHubClient, wsUrl } from './raw-client.ts';
import { waitFor } from './signalr-client.ts';
import { TcpFront } from './tcp-front.ts';
import { createTestAuth } from './test-auth.ts';

const PROCESS_SCRIPT = fileURLToPath(new URL('./hub-process.ts', import.meta.url));
const HUB = 'proxy-checker-hub';
const authKey = randomBytes(32).toString('base64url');
const auth = createTestAuth(authKey);

interface HubProcess {
  child: ChildProcess;
  url: string;
  port: number;
  exited: Promise<number | null>;
  output(): string;
}

async function spawnHubProcess(databaseUrl: string): Promise<HubProcess> {
  const child = spawn(process.execPath, scriptEntry(PROCESS_SCRIPT), {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      LOG_LEVEL: 'warn',
      TEST_HUB_AUTH_KEY: authKey,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /Tradedeck panel: (\S+)/.exec(text);
      if (match) resolve(match[1]!);
    });
    void exited.then((code) => reject(new Error(`hub process exited with ${code}: ${text}`)));
  });
  return { child, url, port: Number(new URL(url).port), exited, output: () => text };
}

async function appendThrough(server: HubProcess, userId: string, id: number): Promise<HubEvent> {
  const response = await fetch(`${server.url}/test/append`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      userId,
      hub: HUB,
      sourceId: 'proxies',
      eventName: 'ProxyStatusUpdated',
      payload: { id },
    }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as HubEvent;
}

async function connectionsOn(server: HubProcess, userId: string): Promise<number> {
  const list = (await (await fetch(`${server.url}/test/connections`)).json()) as Array<{
    userId: string;
    state: string;
  }>;
  return list.filter((c) => c.userId === userId && c.state === 'open').length;
}

let postgres: ThrowAwayPostgres | null = null;
let unavailable: string | null = null;
let a: HubProcess;
let b: HubProcess;

beforeAll(async () => {
  const found = await throwAwayPostgres();
  if ('unavailable' in found) {
    unavailable = found.unavailable;
    return;
  }
  postgres = found;
  // The first process migrates; the second starts once the schema is there.
  a = await spawnHubProcess(postgres.url);
  b = await spawnHubProcess(postgres.url);
}, 120_000);

afterAll(async () => {
  for (const server of [a, b]) if (server && server.child.exitCode === null) server.child.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
  await postgres?.stop();
}, 60_000);

describe('hubs across server processes on one Postgres', () => {
  it('delivers an event appended through process B to a client connected to process A', async (context) => {
    if (unavailable) {
      console.warn(`multi-process hub test not run: ${unavailable}`);
      context.skip();
    }
    const received: HubEvent[] = [];
    const hub = createHubClient({ baseUrl: a.url, hub: HUB, accessToken: () => auth.tokenFor('cross') });
    await hub.start();
    try {
      await hub.subscribe('proxies', (event) => received.push(event));
      expect(await connectionsOn(a, 'cross')).toBe(1);
      expect(await connectionsOn(b, 'cross')).toBe(0);
      for (let i = 1; i <= 5; i++) await appendThrough(b, 'cross', i);
      // Large payloads travel by reference and are read from the database by the receiving process.
      const big = await fetch(`${b.url}/test/append`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          userId: 'cross',
          hub: HUB,
          sourceId: 'proxies',
          eventName: 'ProxyStatusUpdated',
          payload: { id: 6, note: 'n'.repeat(20_000) },
        }),
      });
      expect(big.status).toBe(200);
      await waitFor(() => received.length === 6, 'six events on process A');
      expect(received.map((e) => e.version)).toEqual([1, 2, 3, 4, 5, 6]);
      expect((received[5]!.payload as { note: string }).note).toHaveLength(20_000);
    } finally {
      await hub.stop();
    }
  });

  it('accepts on one process the connection token that another process negotiated', async (context) => {
    if (unavailable) {
      console.warn(`multi-process hub test not run: ${unavailable}`);
      context.skip();
    }
    const { status, body } = await negotiate(a.url, HUB, auth.tokenFor('hopper'));
    expect(status).toBe(200);
    const client = await RawHubClient.open(wsUrl(b.url, HUB, `?id=${body.connectionToken}`), {
      authorization: `Bearer ${auth.tokenFor('hopper')}`,
    });
    client.send(
      { protocol: 'json', version: 1 },
      { type: 1, invocationId: '0', target: 'Subscribe', arguments: ['proxies'] },
    );
    expect(await client.waitFor((r) => r.type === 3)).toMatchObject({ result: { sourceId: 'proxies' } });
    expect(await connectionsOn(b, 'hopper')).toBe(1);
    client.ws.close();
  });

  it('drains a process with Close allowReconnect; the client lands on the other one and misses nothing', async (context) => {
    if (unavailable) {
      console.warn(`multi-process hub test not run: ${unavailable}`);
      context.skip();
    }
    const front = new TcpFront([a.port, b.port]);
    const frontUrl = await front.listen();
    const received: HubEvent[] = [];
    const notices: HubNotice[] = [];
    const closes: unknown[] = [];
    const hub = createHubClient({
      baseUrl: frontUrl,
      hub: HUB,
      accessToken: () => auth.tokenFor('drained'),
      reconnectDelaysMs: [0, 300, 500, 1000, 2000, 2000, 5000, 5000, 5000],
      onNotice: (notice) => notices.push(notice),
      onFrame: (direction, message) => {
        if (direction === 'in' && message.type === 7) closes.push(message);
      },
    });
    try {
      await hub.start();
      await hub.subscribe('proxies', (event) => received.push(event));
      expect(await connectionsOn(a, 'drained')).toBe(1);
      await appendThrough(b, 'drained', 1);
      await waitFor(() => received.length === 1, 'the first event');

      a.child.kill('SIGTERM');
      expect(await a.exited).toBe(0);
      await appendThrough(b, 'drained', 2);
      await waitFor(() => notices.some((n) => n.kind === 'restored'), 'the reconnect', 20_000);
      await appendThrough(b, 'drained', 3);
      await waitFor(() => received.length === 3, 'events 2 and 3', 20_000);

      expect(closes).toEqual([{ type: 7, error: 'Server is restarting.', allowReconnect: true }]);
      expect(received.map((e) => e.version)).toEqual([1, 2, 3]);
      expect(await connectionsOn(b, 'drained')).toBe(1);
      expect(notices.map((n) => n.kind)).not.toContain('closed');
    } finally {
      await hub.stop();
      await front.close();
    }
    // A process's drain, then the reconnect and the events, each given 20 s on a loaded machine.
  }, 60_000);

  it('recovers when a process loses its notice listener: clients reconnect and resume from their tokens', async (context) => {
    if (unavailable) {
      console.warn(`multi-process hub test not run: ${unavailable}`);
      context.skip();
    }
    const received: HubEvent[] = [];
    const notices: HubNotice[] = [];
    const hub = createHubClient({
      baseUrl: b.url,
      hub: HUB,
      accessToken: () => auth.tokenFor('listener'),
      onNotice: (notice) => notices.push(notice),
    });
    await hub.start();
    try {
      await hub.subscribe('proxies', (event) => received.push(event));
      await appendThrough(b, 'listener', 1);
      await waitFor(() => received.length === 1, 'the first event');
      const admin = new pg.Client({ connectionString: postgres!.url });
      await admin.connect();
      try {
        const killed = await admin.query(
          // Only this test's database: other suites may share the server.
          "select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN %' and datname = current_database()",
        );
        expect(killed.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      for (let i = 2; i <= 4; i++) await appendThrough(b, 'listener', i);
      await waitFor(() => received.length === 4, 'events 2 to 4', 20_000);
      expect(received.map((e) => e.version)).toEqual([1, 2, 3, 4]);
      expect(notices.map((n) => n.kind)).toContain('restored');
    } finally {
      await hub.stop();
    }
  });
});
