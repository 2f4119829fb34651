import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInAdmin, signedInUser } from '../helpers/signed-in.ts';
import { RawHubClient, wsUrl } from './raw-client.ts';
import {
  ban,
  changePassword,
  endUserSessions,
  expectClosedForGood,
  logOut,
  revokeAllSessions,
  revokeSession,
  secondDevice,
  sessionIdOf,
  type WatchedConnection,
  watchConnection,
} from './session-end.ts';
import { officialClient, waitFor } from './signalr-client.ts';
import { PROXY_STATUS } from './transport-events.ts';

// A session's live hub connections end with the session, not when its access token expires.
let t: AuthTestApp;
let url: string;
let admin: TestUser;
const open: WatchedConnection[] = [];

beforeAll(async () => {
  t = await createAuthTestApp();
  admin = await signedInAdmin(t);
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await Promise.all(open.map((w) => w.connection.stop()));
  await t.close();
}, 60_000);

async function watch(user: TestUser): Promise<WatchedConnection> {
  const watched = await watchConnection(url, user.accessToken);
  open.push(watched);
  return watched;
}

/** The token can no longer open a connection either. */
async function expectRefused(user: TestUser): Promise<void> {
  const again = officialClient(url, 'proxy-checker-hub', () => user.accessToken);
  await expect(again.start()).rejects.toThrow(/401/);
  // Without negotiate (the client's skipNegotiation) the WebSocket itself is refused.
  await expect(
    RawHubClient.open(wsUrl(url, 'proxy-checker-hub', ''), { authorization: `Bearer ${user.accessToken}` }),
  ).rejects.toThrow('status 401');
}

describe('hub connections end with their device session', () => {
  it('logout closes that session’s connections within a second, and only those', async () => {
    const user = await signedInUser(t, 'logout', admin);
    const laptop = await secondDevice(t, user);
    const ended = await watch(laptop);
    const kept = await watch(user);
    await expectClosedForGood(ended, await logOut(t, laptop));
    await expectRefused(laptop);
    // The other device's connection still works: it subscribes and gets events.
    expect(kept.closedAt).toBeNull();
    await kept.connection.invoke('Subscribe', 'proxies');
    await t.app.hubs.eventLog.append(user.id, PROXY_STATUS, 'proxies', {
      id: 1,
    });
    await waitFor(() => kept.events.length === 1, 'the kept connection’s event');
    expect(ended.events).toEqual([]);
  });

  it('revoking a device session closes its connections within a second', async () => {
    const user = await signedInUser(t, 'revoke', admin);
    const phone = await secondDevice(t, user);
    const watched = await watch(phone);
    await expectClosedForGood(watched, await revokeSession(t, user, sessionIdOf(phone.accessToken)));
    await expectRefused(phone);
  });

  it('revoking every other session closes all their connections within a second', async () => {
    const user = await signedInUser(t, 'revoke-all', admin);
    const devices = [await secondDevice(t, user), await secondDevice(t, user)];
    const watched = [await watch(devices[0]!), await watch(devices[0]!), await watch(devices[1]!)];
    const current = await watch(user);
    const answeredAt = await revokeAllSessions(t, user);
    for (const connection of watched) await expectClosedForGood(connection, answeredAt);
    expect(current.closedAt).toBeNull();
  });

  it('a password change closes the other sessions’ connections within a second, not the changer’s', async () => {
    const user = await signedInUser(t, 'password', admin);
    const tablet = await secondDevice(t, user);
    const other = await watch(tablet);
    const own = await watch(user);
    await expectClosedForGood(other, await changePassword(t, user, 'Fresh-Granite-58'));
    await expectRefused(tablet);
    expect(own.closedAt).toBeNull();
    expect(await own.connection.invoke('Subscribe', 'proxies')).toMatchObject({ sourceId: 'proxies' });
  });

  it('a ban closes every connection of the user within a second', async () => {
    const user = await signedInUser(t, 'banned', admin);
    const desktop = await secondDevice(t, user);
    const watched = [await watch(user), await watch(desktop)];
    const answeredAt = await ban(t, admin, user);
    for (const connection of watched) await expectClosedForGood(connection, answeredAt);
    await expectRefused(user);
  });

  it('an administrator ending a user’s sessions closes every connection of the user within a second', async () => {
    const user = await signedInUser(t, 'ended', admin);
    const desktop = await secondDevice(t, user);
    const bystander = await watch(await signedInUser(t, 'bystander', admin));
    const watched = [await watch(user), await watch(desktop)];
    const answeredAt = await endUserSessions(t, admin, user);
    for (const connection of watched) await expectClosedForGood(connection, answeredAt);
    await expectRefused(user);
    expect(bystander.closedAt).toBeNull();
  });

  it('refuses a connection whose credentials were checked just before its session ended', async () => {
    const user = await signedInUser(t, 'race', admin);
    const sessionId = sessionIdOf(user.accessToken);
    // The check passes, then (before the connection is admitted) the ended-session notice arrives.
    const verify = t.app.services.auth.verifyAccessToken;
    t.app.services.auth.verifyAccessToken = async (token) => {
      const caller = await verify(token);
      t.app.hubs.endSessions([sessionId]);
      return caller;
    };
    try {
      await expect(
        RawHubClient.open(wsUrl(url, 'proxy-checker-hub', ''), {
          authorization: `Bearer ${user.accessToken}`,
        }),
      ).rejects.toThrow('status 401');
    } finally {
      t.app.services.auth.verifyAccessToken = verify;
    }
  });
});
