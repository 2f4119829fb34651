import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { officialClient, type ReceivedEvent, waitFor } from './signalr-client.ts';
import { PROXY_STATUS } from './transport-events.ts';

// Hubs accept the same access tokens as the API: signed-in users, their device sessions checked.
let t: AuthTestApp;
let url: string;
let alice: TestUser;
let bob: TestUser;
const open: HubConnection[] = [];

beforeAll(async () => {
  t = await createAuthTestApp();
  alice = await signedInUser(t, 'alice');
  bob = await signedInUser(t, 'bob', alice);
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.stop()));
  await t.close();
});

async function connect(token: string): Promise<HubConnection> {
  const connection = officialClient(url, 'proxy-checker-hub', () => token);
  open.push(connection);
  await connection.start();
  return connection;
}

describe('hubs with real sign-in', () => {
  it('delivers a user their own events and never another user’s', async () => {
    const aliceConnection = await connect(alice.accessToken);
    const bobConnection = await connect(bob.accessToken);
    const forAlice: ReceivedEvent[] = [];
    const forBob: ReceivedEvent[] = [];
    aliceConnection.on('ProxyStatusUpdated', (event: ReceivedEvent) => forAlice.push(event));
    bobConnection.on('ProxyStatusUpdated', (event: ReceivedEvent) => forBob.push(event));
    await aliceConnection.invoke('Subscribe', 'proxies');
    await bobConnection.invoke('Subscribe', 'proxies');

    await t.app.hubs.eventLog.append(alice.id, PROXY_STATUS, 'proxies', {
      id: 7,
      result: 1,
    });
    await t.app.hubs.eventLog.append(bob.id, PROXY_STATUS, 'proxies', {
      id: 9,
      result: 3,
    });
    await waitFor(() => forAlice.length === 1 && forBob.length === 1, 'one event each');
    expect(forAlice[0]!.payload).toEqual({ id: 7, result: 1 });
    expect(forBob[0]!.payload).toEqual({ id: 9, result: 3 });
  });

  it('refuses a token that is not an access token of this server', async () => {
    const forged = `${alice.accessToken.slice(0, -4)}AAAA`;
    const connection = officialClient(url, 'proxy-checker-hub', () => forged);
    await expect(connection.start()).rejects.toThrow();
  });

  it('refuses the token of a device session that was logged out', async () => {
    const fresh = await signedInUser(t, 'carol', alice);
    const loggedOut = await t.call('POST', '/api/auth/logout', {
      token: fresh.accessToken,
      cookie: fresh.cookie,
      body: {},
    });
    expect(loggedOut.statusCode).toBe(200);
    const connection = officialClient(url, 'proxy-checker-hub', () => fresh.accessToken);
    await expect(connection.start()).rejects.toThrow();
  });

  it('ends a connection when its access token expires, and does not let the expired token back in', async () => {
    // Sign in "15 minutes minus 2 seconds ago", so the token expires 2 s from now by the wall clock (the test
    // clock may run ahead already: turning on alice's authenticator moved it past a spent time step).
    const shift = t.clock.now() - Date.now() + 15 * 60_000 - 2000;
    t.clock.advance(-shift);
    const dora = await signedInUser(t, 'dora', alice);
    const connection = officialClient(url, 'proxy-checker-hub', () => dora.accessToken, [0, 0, 0]);
    open.push(connection);
    await connection.start();
    t.clock.advance(shift);
    let closed = false;
    connection.onclose(() => {
      closed = true;
    });
    await waitFor(() => closed, 'the connection to end at token expiry', 10_000);
    expect(connection.state).toBe('Disconnected');
  });

  it('ends the open connections of a user the moment an administrator bans them', async () => {
    const erin = await signedInUser(t, 'erin', alice);
    const connection = officialClient(url, 'proxy-checker-hub', () => erin.accessToken, [0, 0, 0]);
    open.push(connection);
    await connection.start();
    let closed = false;
    connection.onclose(() => {
      closed = true;
    });
    const banned = await t.call('POST', `/api/admin/users/${erin.id}/ban`, {
      token: alice.accessToken,
      body: { reason: 'spam' },
    });
    expect(banned.statusCode).toBe(200);
    await waitFor(() => closed, 'the banned user’s connection to end', 5000);
    expect(connection.state).toBe('Disconnected');
  });
});
