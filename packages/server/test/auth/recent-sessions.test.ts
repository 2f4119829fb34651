import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestApp,
  createAuthTestApp,
  errorOf,
  logIn,
  PASSWORD,
  signUp,
  type TestUser,
} from './helpers/auth-app.ts';

/** A read may take the session read for its token in the last second; an ended session is still refused at once. */
describe('sessions read for reads of the same token', () => {
  let t: AuthTestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await signUp(t, 'admin');
  });
  afterAll(() => t.close());

  const info = (token: string) => t.call('GET', '/api/user/info', { token });
  const sidOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
  /** Ends a session as another server process would: the row and its notice, in one transaction. */
  const endElsewhere = (sessionId: string, notice: boolean) =>
    t.testDb.database.db.execute(
      `with ended as (update device_sessions set revoked_at = now(), revoke_reason = 'elsewhere'
         where id = '${sessionId}' returning id)
       select ${notice ? `pg_notify('tradedeck_sessions_ended', json_build_object('sessions', json_build_array(id))::text)` : 'id'} from ended`,
    );

  it('refuses a session ended in this process on the very next read, and a logout too', async () => {
    const user = await signUp(t, 'recent-local', admin);
    const other = await logIn(t, user.email, PASSWORD);
    expect((await info(other.accessToken)).statusCode).toBe(200);
    const revoked = await t.call('DELETE', `/api/user/sessions/${sidOf(other.accessToken)}`, {
      token: user.accessToken,
    });
    expect(revoked.statusCode).toBe(200);
    expect(errorOf(await info(other.accessToken)).resultCode).toBe(11);

    const third = await logIn(t, user.email, PASSWORD);
    expect((await info(third.accessToken)).statusCode).toBe(200);
    expect((await t.call('POST', '/api/auth/logout', { cookie: third.cookie, body: {} })).statusCode).toBe(
      200,
    );
    expect(errorOf(await info(third.accessToken)).resultCode).toBe(11);
    expect((await info(user.accessToken)).statusCode).toBe(200);
  });

  it('refuses a session another process ended as soon as its notice arrives', async () => {
    const user = await signUp(t, 'recent-notice', admin);
    expect((await info(user.accessToken)).statusCode).toBe(200);
    // The clock set back ten minutes: the read kept for this token stands that long, so only the notice can end it.
    t.clock.advance(-10 * 60_000);
    try {
      await endElsewhere(sidOf(user.accessToken), true);
      await expect
        .poll(
          async () => {
            const answer = await info(user.accessToken);
            return answer.statusCode === 200 ? 0 : errorOf(answer).resultCode;
          },
          { timeout: 10_000, interval: 20 },
        )
        .toBe(11);
    } finally {
      t.clock.advance(10 * 60_000);
    }
  });

  it('reads the session again for writes at once, and for reads after a second, when no notice came', async () => {
    const user = await signUp(t, 'recent-silent', admin);
    expect((await info(user.accessToken)).statusCode).toBe(200);
    await endElsewhere(sidOf(user.accessToken), false);
    const write = await t.call('PUT', '/api/settings', { token: user.accessToken, body: {} });
    expect(errorOf(write).resultCode).toBe(11);
    t.clock.advance(1_001);
    expect(errorOf(await info(user.accessToken)).resultCode).toBe(11);
  });
});
