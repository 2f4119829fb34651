import type { HubConnection } from '@microsoft/signalr';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type AuthTestApp, logIn, PASSWORD, type TestUser } from '../auth/helpers/auth-app.ts';
import { officialClient, type ReceivedEvent, waitFor } from './signalr-client.ts';

/** The promise of the brief: a session's hub connections close within a second of the session ending. */
export const CLOSE_WITHIN_MS = 1000;

/** An official client connection held by one device session, with what happened to it. */
export interface WatchedConnection {
  connection: HubConnection;
  events: ReceivedEvent[];
  closedAt: number | null;
  closeError: Error | undefined;
  reconnecting: boolean;
}

export const sessionIdOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

/**
 * Connects with the official client (automatic reconnect on, so a Close that allowed reconnecting would show)
 * and subscribes to the user's proxy results.
 */
export async function watchConnection(baseUrl: string, token: string): Promise<WatchedConnection> {
  const connection = officialClient(baseUrl, 'proxy-checker-hub', () => token, [0, 0, 0]);
  const watched: WatchedConnection = {
    connection,
    events: [],
    closedAt: null,
    closeError: undefined,
    reconnecting: false,
  };
  connection.on('ProxyStatusUpdated', (event: ReceivedEvent) => watched.events.push(event));
  connection.onreconnecting(() => {
    watched.reconnecting = true;
  });
  connection.onclose((error) => {
    watched.closedAt = Date.now();
    watched.closeError = error;
  });
  await connection.start();
  await connection.invoke('Subscribe', 'proxies');
  return watched;
}

/** Asserts the connection was closed for good within a second of `answeredAt`, saying the session ended. */
export async function expectClosedForGood(watched: WatchedConnection, answeredAt: number): Promise<void> {
  await waitFor(() => watched.closedAt !== null, 'the hub connection to close', 10_000);
  expect(watched.closedAt! - answeredAt).toBeLessThanOrEqual(CLOSE_WITHIN_MS);
  expect(String(watched.closeError)).toMatch(/session has ended/);
  expect(watched.reconnecting).toBe(false);
  expect(watched.connection.state).toBe('Disconnected');
}

/** The time an action's answer arrived, after checking it succeeded. */
function answered(response: LightMyRequestResponse): number {
  const at = Date.now();
  expect(response.statusCode, response.body).toBe(200);
  return at;
}

export async function logOut(t: AuthTestApp, user: TestUser): Promise<number> {
  return answered(await t.call('POST', '/api/auth/logout', { cookie: user.cookie, body: {} }));
}

export async function revokeSession(t: AuthTestApp, actor: TestUser, sessionId: string): Promise<number> {
  return answered(await t.call('DELETE', `/api/user/sessions/${sessionId}`, { token: actor.accessToken }));
}

export async function revokeAllSessions(t: AuthTestApp, actor: TestUser): Promise<number> {
  return answered(
    await t.call('POST', '/api/user/sessions/revoke-all', { token: actor.accessToken, body: {} }),
  );
}

/** Changes the password from `actor`'s session with the e-mailed code a user without a factor confirms with. */
export async function changePassword(t: AuthTestApp, actor: TestUser, newPassword: string): Promise<number> {
  const since = t.smtp.mails.length;
  const requested = await t.call('POST', '/api/user/request-two-factor', {
    token: actor.accessToken,
    body: { purpose: 'changePassword' },
  });
  expect(requested.statusCode, requested.body).toBe(200);
  const mail = await t.smtp.waitFor(actor.email, { since, subject: /code/i });
  const code = /\b(\d{6})\b/.exec(mail.text)![1];
  const changed = await t.call('POST', '/api/user/change-password', {
    token: actor.accessToken,
    body: { oldPassword: actor.password, newPassword, twoFactor: { codes: { emailCode: code } } },
  });
  actor.password = newPassword;
  return answered(changed);
}

export async function ban(t: AuthTestApp, admin: TestUser, user: TestUser): Promise<number> {
  return answered(
    await t.call('POST', `/api/admin/users/${user.id}/ban`, { token: admin.accessToken, body: {} }),
  );
}

export async function endUserSessions(t: AuthTestApp, admin: TestUser, user: TestUser): Promise<number> {
  return answered(
    await t.call('POST', `/api/admin/users/${user.id}/end-sessions`, { token: admin.accessToken, body: {} }),
  );
}

/** Another device session of the same user (a second sign-in). */
export function secondDevice(t: AuthTestApp, user: TestUser): Promise<TestUser> {
  return logIn(t, user.email, user.password ?? PASSWORD);
}
