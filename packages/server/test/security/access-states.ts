import { type AccountStatus, type Operation, pathParams } from '@tradedeck/sdk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { UsersRepo } from '../../src/modules/auth/index.ts';
import { totpCode } from '../../src/security/totp.ts';
import { type AuthTestApp, logIn, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';

/** Who calls: nobody, or a user in one account state holding the token and cookie of a device session. */
export interface Caller {
  name: string;
  user: TestUser | null;
  /** For accounts that may not sign in: the status login reports (103 with `errorDetails.status`). */
  status: Exclude<AccountStatus, 'active'> | null;
}

/**
 * Users in every state that must not pass the gate, each signed in while active (the strongest credentials such
 * an account can hold) and then put in its state: e-mail no longer confirmed, approval taken back, banned by the
 * administrator (which also ends their sessions).
 */
export async function prepareRefusedCallers(t: AuthTestApp, admin: TestUser): Promise<Caller[]> {
  const users = new UsersRepo(t.testDb.database.db);
  const unconfirmed = await signedInUser(t, 'unconfirmed', admin);
  await users.update(unconfirmed.id, { emailConfirmedAt: null });
  const pending = await signedInUser(t, 'pending', admin);
  await users.update(pending.id, { approvedAt: null });
  const banned = await signedInUser(t, 'banned', admin);
  const ban = await t.call('POST', `/api/admin/users/${banned.id}/ban`, {
    token: admin.accessToken,
    body: { reason: 'matrix' },
  });
  if (ban.statusCode !== 200) throw new Error(`ban: ${ban.body}`);
  return [
    { name: 'anonymous', user: null, status: null },
    { name: 'unconfirmed', user: unconfirmed, status: 'pendingConfirmation' },
    { name: 'pending', user: pending, status: 'pendingApproval' },
    { name: 'banned', user: banned, status: 'banned' },
  ];
}

/** An administrator without the authenticator app: made one in the database, as a stolen token would find it. */
export async function adminWithoutAuthenticator(t: AuthTestApp, approver: TestUser): Promise<TestUser> {
  const user = await signedInUser(t, 'admin-no-app', approver);
  await new UsersRepo(t.testDb.database.db).update(user.id, { role: 'admin' });
  return user;
}

/** Operations that end the caller's own device session: allowed callers probe them with a spare session. */
export const ENDS_OWN_SESSION = new Set(['auth.logout']);

/** A spare device session of the user, for probes that end the session they run in. */
export async function spareSession(t: AuthTestApp, user: TestUser): Promise<TestUser> {
  if (!user.totpSecret) return logIn(t, user.email, user.password);
  const spare = await logIn(t, user.email, user.password, {
    codes: { totp: totpCode(user.totpSecret, t.clock.now()) },
  });
  // That time step is spent: the next code comes from the next one.
  t.clock.advance(30_000);
  return spare;
}

/** The field every probe adds: no operation takes it, and strict inputs refuse it (10) behind the gate. */
export const PROBE_FIELD = 'matrixProbe';

const NO_SUCH_UUID = '00000000-0000-4000-8000-000000000000';
const NO_SUCH_ID = '999999';

/**
 * Calls an operation with path parameters that name nothing and an unknown field in the body or query string.
 * The answer shows where the call stopped: at the gate (11, 4) or behind it (validation, not found, success).
 */
export function probe(t: AuthTestApp, op: Operation, user: TestUser | null): Promise<LightMyRequestResponse> {
  let url: string = op.path;
  for (const name of pathParams(op.path)) {
    url = url.replace(`:${name}`, name === 'userId' || name === 'sessionId' ? NO_SUCH_UUID : NO_SUCH_ID);
  }
  const inQuery = op.method === 'GET' || op.method === 'DELETE' || op.requestBody === 'multipart';
  return t.call(op.method, inQuery ? `${url}?${PROBE_FIELD}=1` : url, {
    token: user?.accessToken ?? null,
    ...(inQuery ? {} : { body: { [PROBE_FIELD]: 1 } }),
  });
}

/** The result code of an answer (undefined for a success). */
export function resultCodeOf(response: LightMyRequestResponse): number | undefined {
  // A streamed export that got past the gate answers plain text, not the envelope.
  if (!String(response.headers['content-type'] ?? '').includes('json')) return undefined;
  return (response.json() as { error?: { resultCode: number } | null }).error?.resultCode;
}
