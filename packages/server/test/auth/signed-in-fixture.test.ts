import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordVerifications } from '../../src/security/password-hasher.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { type AuthTestApp, createAuthTestApp, logIn, renew, type TestUser } from './helpers/auth-app.ts';

/**
 * The fixture most tests sign in with (docs/testing.md) writes accounts and sessions directly: they must be what the
 * real flow makes, or the tests built on it prove nothing about the product.
 */
describe('signed-in users made without the sign-up flow', () => {
  let t: AuthTestApp;
  let admin: TestUser;
  let user: TestUser;
  /** The administrator's authenticator secret before it approved anyone. */
  let secretBefore: string | undefined;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await signedInUser(t, 'admin');
    secretBefore = admin.totpSecret;
    user = await signedInUser(t, 'fixture', admin);
  });
  afterAll(() => t.close());

  it('are active accounts with a working session and refresh cookie, and the first one is the administrator', async () => {
    const info = await t.call('GET', '/api/user/info', { token: user.accessToken });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({
      id: user.id,
      email: user.email,
      userName: 'fixture',
      language: 'en',
    });
    const adminInfo = await t.call('GET', '/api/user/info', { token: admin.accessToken });
    expect(adminInfo.json().data).toMatchObject({ id: admin.id, role: 'admin' });
    expect(info.json().data.role).toBe('user');
    const before = user.accessToken;
    await renew(t, user);
    expect(user.accessToken).not.toBe(before);
  });

  it('sign in with the test password through the real check, which finds nothing to rehash', async () => {
    const checks = passwordVerifications.count;
    const again = await logIn(t, user.email, user.password);
    expect(again.id).toBe(user.id);
    expect(passwordVerifications.count).toBe(checks + 1);
    const rows = (await t.testDb.database.db.execute(
      `select count(distinct password_hash)::int as n from users`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('gives an approving administrator the authenticator app and a stepped-up session, as signUp does', async () => {
    expect(secretBefore).toBeUndefined();
    expect(admin.totpSecret).toMatch(/^[A-Z2-7]+=*$/);
    const pending = await signedInUser(t, 'pending');
    const listed = await t.call('POST', '/api/admin/users/query', {
      token: admin.accessToken,
      body: { status: 'pendingApproval' },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.items.map((row: { id: string }) => row.id)).toContain(pending.id);
    const approved = await t.call('POST', `/api/admin/users/${pending.id}/approve`, {
      token: admin.accessToken,
      body: {},
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe('active');
  });

  it('leaves a user no admin approved waiting for approval, as registration does', async () => {
    const waiting = await signedInUser(t, 'waiting');
    const info = await t.call('GET', '/api/user/info', { token: waiting.accessToken });
    expect(info.statusCode).toBe(401);
  });
});
