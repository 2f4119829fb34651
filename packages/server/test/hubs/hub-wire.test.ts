import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HubTestServer, startHubTestServer } from './hub-server.ts';
import { negotiate, RawHubClient, wsUrl } from './raw-client.ts';
import { officialClient } from './signalr-client.ts';
import { PROXY_STATUS } from './transport-events.ts';

let t: HubTestServer;
beforeAll(async () => {
  t = await startHubTestServer({ limits: { keepAliveMs: 200, clientTimeoutMs: 3000 } }, { publicUrl: null });
});
afterAll(() => t.stop());

const HUB = 'proxy-checker-hub';

async function handshaken(user: string): Promise<RawHubClient> {
  const { body } = await negotiate(t.url, HUB, t.tokenFor(user));
  const client = await RawHubClient.open(wsUrl(t.url, HUB, `?id=${body.connectionToken}`), {
    authorization: `Bearer ${t.tokenFor(user)}`,
  });
  client.send({ protocol: 'json', version: 1 });
  await client.waitFor((r) => Object.keys(r).length === 0);
  return client;
}

describe('negotiate', () => {
  it('offers WebSockets only, with a public id and a separate signed token', async () => {
    const { status, body } = await negotiate(t.url, HUB, t.tokenFor('n1'));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      negotiateVersion: 1,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
    });
    expect(body.connectionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.connectionToken).not.toContain(body.connectionId);
    expect(body).not.toHaveProperty('useStatefulReconnect');
  });

  it('follows the ASP.NET version rules', async () => {
    expect((await negotiate(t.url, HUB, t.tokenFor('n2'), '')).body).toEqual({
      error: "The client requested version '0', but the server does not support this version.",
    });
    expect((await negotiate(t.url, HUB, t.tokenFor('n2'), '?negotiateVersion=x')).body).toEqual({
      error: 'The client requested a non-integer protocol version.',
    });
    expect((await negotiate(t.url, HUB, t.tokenFor('n2'), '?negotiateVersion=5')).body.negotiateVersion).toBe(
      1,
    );
  });

  it('refuses a missing or expired token, unknown hubs and other methods', async () => {
    expect((await negotiate(t.url, HUB, null)).status).toBe(401);
    expect((await negotiate(t.url, HUB, t.tokenFor('n3', -1000))).status).toBe(401);
    expect((await negotiate(t.url, 'nope-hub', t.tokenFor('n3'))).status).toBe(404);
    expect((await fetch(`${t.url}/tenant/hubs/${HUB}/negotiate`)).status).toBe(405);
  });

  it('makes the official client fail to start without a valid token', async () => {
    const expired = officialClient(t.url, HUB, () => t.tokenFor('n4', -1000));
    await expect(expired.start()).rejects.toThrow(/Status code '401'/);
    const missing = officialClient(t.url, HUB, () => '');
    await expect(missing.start()).rejects.toThrow(/Status code '401'/);
  });
});

describe('upgrade', () => {
  it('accepts the token from the access_token query parameter, as browsers send it', async () => {
    const { body } = await negotiate(t.url, HUB, t.tokenFor('q1'));
    const token = encodeURIComponent(t.tokenFor('q1'));
    const client = await RawHubClient.open(
      wsUrl(t.url, HUB, `?id=${body.connectionToken}&access_token=${token}`),
    );
    client.send({ protocol: 'json', version: 1 });
    await client.waitFor((r) => Object.keys(r).length === 0);
    client.ws.close();
  });

  it('refuses unknown ids (404), a second socket for one id (409) and another user (401)', async () => {
    const auth = { authorization: `Bearer ${t.tokenFor('u1')}` };
    await expect(RawHubClient.open(wsUrl(t.url, HUB, '?id=forged.token'), auth)).rejects.toThrow(
      'status 404',
    );
    const { body } = await negotiate(t.url, HUB, t.tokenFor('u1'));
    const other = { authorization: `Bearer ${t.tokenFor('u2')}` };
    await expect(RawHubClient.open(wsUrl(t.url, HUB, `?id=${body.connectionToken}`), other)).rejects.toThrow(
      'status 401',
    );
    await expect(
      RawHubClient.open(wsUrl(t.url, 'harvester-hub', `?id=${body.connectionToken}`), auth),
    ).rejects.toThrow('status 404');
    const first = await RawHubClient.open(wsUrl(t.url, HUB, `?id=${body.connectionToken}`), auth);
    await expect(RawHubClient.open(wsUrl(t.url, HUB, `?id=${body.connectionToken}`), auth)).rejects.toThrow(
      'status 409',
    );
    first.ws.close();
    await expect(RawHubClient.open(wsUrl(t.url, HUB, '?id=x'), {})).rejects.toThrow('status 401');
    await expect(RawHubClient.open(wsUrl(t.url, 'nope%zz', ''), auth)).rejects.toThrow('status 404');
    await expect(RawHubClient.open(wsUrl(t.url, 'nope-hub', ''), auth)).rejects.toThrow('status 404');
  });

  it('refuses an expired connection token', async () => {
    t.hubs.tune({ connectionTokenTtlMs: 1 });
    try {
      const { body } = await negotiate(t.url, HUB, t.tokenFor('e1'));
      await new Promise((resolve) => setTimeout(resolve, 20));
      await expect(
        RawHubClient.open(wsUrl(t.url, HUB, `?id=${body.connectionToken}`), {
          authorization: `Bearer ${t.tokenFor('e1')}`,
        }),
      ).rejects.toThrow('status 404');
    } finally {
      t.hubs.tune({ connectionTokenTtlMs: 30_000 });
    }
  });

  it('checks Origin: own origin passes, a foreign site is refused', async () => {
    const { body } = await negotiate(t.url, HUB, t.tokenFor('o1'));
    const headers = { authorization: `Bearer ${t.tokenFor('o1')}` };
    await expect(
      RawHubClient.open(wsUrl(t.url, HUB, `?id=${body.connectionToken}`), {
        ...headers,
        origin: 'https://evil.example',
      }),
    ).rejects.toThrow('status 403');
    const own = await RawHubClient.open(wsUrl(t.url, HUB, `?id=${body.connectionToken}`), {
      ...headers,
      origin: t.url,
    });
    own.ws.close();
  });
});

describe('framing and handshake', () => {
  it('answers a handshake and an invocation sent in one frame, in text frames', async () => {
    const { body } = await negotiate(t.url, HUB, t.tokenFor('f1'));
    const client = await RawHubClient.open(wsUrl(t.url, HUB, `?id=${body.connectionToken}`), {
      authorization: `Bearer ${t.tokenFor('f1')}`,
    });
    let binary = false;
    client.ws.on('message', (_data, isBinary) => {
      binary ||= isBinary;
    });
    client.send(
      { protocol: 'json', version: 1 },
      { type: 6 },
      { type: 1, invocationId: '0', target: 'SUBSCRIBE', arguments: ['proxies'] },
    );
    const completion = await client.waitFor((r) => r.type === 3);
    expect(completion).toEqual({
      type: 3,
      invocationId: '0',
      result: expect.objectContaining({ version: 0 }),
    });
    expect(binary).toBe(false);
    // A record split over two frames is joined.
    const text = `${JSON.stringify({ type: 1, invocationId: '1', target: 'Nope', arguments: [] })}\u001e`;
    client.ws.send(text.slice(0, 10));
    client.ws.send(text.slice(10));
    expect(await client.waitFor((r) => r.invocationId === '1')).toEqual({
      type: 3,
      invocationId: '1',
      error: "Unknown hub method 'Nope'",
    });
    client.ws.close();
  });

  it.each([
    [{ protocol: 'messagepack', version: 1 }, "Requested protocol 'messagepack' is not available."],
    [{ protocol: 'json', version: 3 }, "The server does not support version 3 of the 'json' protocol."],
  ])('refuses handshake %j', async (request, error) => {
    const { body } = await negotiate(t.url, HUB, t.tokenFor('h1'));
    const client = await RawHubClient.open(wsUrl(t.url, HUB, `?id=${body.connectionToken}`), {
      authorization: `Bearer ${t.tokenFor('h1')}`,
    });
    client.send(request);
    expect(await client.waitFor((r) => 'error' in r)).toEqual({ error });
    await client.closed();
  });

  it('closes the connection with an error on a protocol violation', async () => {
    const client = await handshaken('p1');
    client.ws.send('{not json\u001e');
    expect(await client.waitFor((r) => r.type === 7)).toEqual({
      type: 7,
      error: 'Connection closed with an error.',
    });
    await client.closed();
  });
});

describe('outgoing frames', () => {
  it('sends a burst of events to one connection in few frames, every record whole', async () => {
    const client = await handshaken('burst');
    client.send({ type: 1, invocationId: '0', target: 'Subscribe', arguments: ['proxies'] });
    await client.waitFor((r) => r.type === 3);
    const before = client.frames;
    const payloads = Array.from({ length: 40 }, (_, id) => ({ id }));
    await t.hubs.eventLog.appendMany('burst', PROXY_STATUS, 'proxies', payloads);
    await client.waitFor(() => client.records.filter((r) => r.target === 'ProxyStatusUpdated').length === 40);
    const events = client.records.filter((r) => r.target === 'ProxyStatusUpdated');
    expect(events.map((r) => (r.arguments as Array<{ version: number }>)[0]!.version)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(client.frames - before).toBeLessThan(40);
    client.ws.close();
  });
});

describe('keep-alive', () => {
  it('pings an idle client and drops one that stays silent past the timeout', async () => {
    const client = await handshaken('k1');
    await client.waitFor((r) => r.type === 6, 3000);
    const started = Date.now();
    await client.closed(10_000);
    expect(Date.now() - started).toBeGreaterThan(1500);
  });

  it('keeps a client that pings', async () => {
    const client = await handshaken('k2');
    const timer = setInterval(() => client.send({ type: 6 }), 300);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    clearInterval(timer);
    expect(client.closeCode).toBeNull();
    client.ws.close();
  });
});
