import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEFAULT_LIMITS } from '../../src/hubs/register.ts';
import { type HubTestServer, startHubTestServer } from './hub-server.ts';
import { negotiate, RawHubClient, wsUrl } from './raw-client.ts';
import { officialClient, waitFor } from './signalr-client.ts';

const HUB = 'proxy-checker-hub';
const CAP = DEFAULT_LIMITS.maxConnectionsPerUser;
let t: HubTestServer;
const open: RawHubClient[] = [];

beforeAll(async () => {
  t = await startHubTestServer();
}, 120_000);
afterAll(async () => {
  for (const client of open) client.ws.terminate();
  await t.stop();
});

async function connect(user: string): Promise<RawHubClient> {
  const client = await RawHubClient.open(wsUrl(t.url, HUB, ''), {
    authorization: `Bearer ${t.tokenFor(user)}`,
  });
  open.push(client);
  client.send({ protocol: 'json', version: 1 });
  await client.waitFor((r) => Object.keys(r).length === 0);
  return client;
}

/** A WebSocket upgrade that the server refuses: its status and body. */
function refusedUpgrade(user: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(t.url, HUB, ''), {
      headers: { authorization: `Bearer ${t.tokenFor(user)}` },
    });
    ws.once('open', () => reject(new Error('the upgrade was accepted')));
    ws.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    ws.once('error', reject);
  });
}

const refusal = /Too many live connections: at most 20 per user on one server/;

describe('connections per user', () => {
  it('caps one user at 20 open connections, with a refusal that says so', async () => {
    // The number docs/hubs.md states.
    expect(CAP).toBe(20);
    const held = [];
    for (let i = 0; i < CAP; i++) held.push(await connect('greedy'));

    const upgrade = await refusedUpgrade('greedy');
    expect(upgrade.status).toBe(429);
    expect(upgrade.body).toMatch(refusal);
    const negotiated = await negotiate(t.url, HUB, t.tokenFor('greedy'));
    expect(negotiated.status).toBe(200);
    expect(negotiated.body.error).toMatch(refusal);
    // The official client reports the negotiate error as it is.
    const official = officialClient(t.url, HUB, () => t.tokenFor('greedy'));
    await expect(official.start()).rejects.toThrow(refusal);

    // Another user is not affected.
    await connect('modest');

    // A closed connection frees its place.
    held[0]!.ws.close();
    await waitFor(
      () => [...t.hubs.server.connections].filter((c) => c.userId === 'greedy').length === CAP - 1,
      'the closed connection to leave',
    );
    await connect('greedy');
    expect((await refusedUpgrade('greedy')).status).toBe(429);
  });
});
