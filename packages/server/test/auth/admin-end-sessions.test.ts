import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestApp,
  createAuthTestApp,
  errorOf,
  logIn,
  PASSWORD,
  signUp,
  signUpAdmin,
  type TestUser,
} from './helpers/auth-app.ts';

// An administrator can sign a user out everywhere without banning them.
describe('an administrator ends every session of a user', () => {
  let t: AuthTestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await signUpAdmin(t);
  });
  afterAll(() => t.close());

  const endSessions = (token: string, userId: string) =>
    t.call('POST', `/api/admin/users/${userId}/end-sessions`, { token, body: {} });
  const info = (token: string) => t.call('GET', '/api/user/info', { token });
  const refresh = (cookie: string) => t.call('POST', '/api/auth/refresh-token', { cookie, body: {} });

  it('refuses every device of the user after, leaves other users alone, audits it, and bans no one', async () => {
    const user = await signUp(t, 'target', admin);
    const laptop = await logIn(t, user.email, PASSWORD);
    const other = await signUp(t, 'other', admin);

    const ended = await endSessions(admin.accessToken, user.id);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toEqual({ ended: 2 });
    for (const device of [user, laptop]) {
      expect(errorOf(await info(device.accessToken)).resultCode).toBe(11);
      expect(errorOf(await refresh(device.cookie)).resultCode).toBe(11);
    }
    expect((await info(other.accessToken)).statusCode).toBe(200);
    expect((await refresh(other.cookie)).statusCode).toBe(200);
    expect((await info(admin.accessToken)).statusCode).toBe(200);

    const rows = (await t.testDb.database.db.execute(
      `select user_id, actor_id, details from security_events where event = 'user_sessions_ended'`,
    )) as unknown as { rows: Array<{ user_id: string; actor_id: string; details: Record<string, unknown> }> };
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]).toMatchObject({ user_id: user.id, actor_id: admin.id, details: { ended: 2 } });

    // Not a ban: the user signs in again and works.
    const again = await logIn(t, user.email, PASSWORD);
    expect((await info(again.accessToken)).statusCode).toBe(200);
  });

  it('refuses a user who is not an administrator and ends nothing', async () => {
    const user = await signUp(t, 'plain', admin);
    const victim = await signUp(t, 'victim', admin);
    const refused = await endSessions(user.accessToken, victim.id);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).resultCode).toBe(4);
    expect((await info(victim.accessToken)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const missing = await endSessions(admin.accessToken, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).resultCode).toBe(3);
  });
});
