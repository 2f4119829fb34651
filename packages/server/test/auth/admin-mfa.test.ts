import { contract, listOperations, type Operation } from '@tradedeck/sdk/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/security/totp.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  enableTotp,
  errorOf,
  signUp,
  stepUp,
  type TestUser,
} from './helpers/auth-app.ts';

/**
 * Admin operations need an administrator with the authenticator app: without it every admin-flagged operation
 * answers 4 with a message that says what to turn on and where; every call and every refusal is audited.
 */
describe('administrators use the authenticator app', () => {
  let t: AuthTestApp;
  let admin: TestUser;
  let pending: TestUser;
  const adminOps = listOperations().filter((op) => op.flags.admin);

  /** Calls an admin operation with any input: the refusal comes before the input is read. */
  const callOp = (op: Operation, token: string, lang = 'en-US', userId = pending.id) =>
    t.call(op.method, op.path.replace(':userId', userId), {
      token,
      headers: { 'accept-language': lang },
      ...(op.method === 'GET' ? {} : { body: {} }),
    });
  const statusOf = async (userId: string) => {
    const rows = (await t.testDb.database.db.execute(
      `select approved_at is not null as approved, banned_at is not null as banned from users where id = '${userId}'`,
    )) as unknown as { rows: Array<{ approved: boolean; banned: boolean }> };
    return rows.rows[0]!;
  };
  const events = async (name: string) => {
    const rows = (await t.testDb.database.db.execute(
      `select user_id, actor_id, session_id, details from security_events where event = '${name}' order by created_at`,
    )) as unknown as {
      rows: Array<{
        user_id: string | null;
        actor_id: string | null;
        session_id: string | null;
        // biome-ignore lint/suspicious/noExplicitAny: tests read the audit details freely and assert their values
        details: any;
      }>;
    };
    return rows.rows;
  };
  const sessionIdOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await signUp(t, 'admin');
    // Confirmed but not approved: the target of approve/ban/unban below.
    pending = await registerPending('pending');
  });
  afterAll(() => t.close());

  async function registerPending(name: string): Promise<TestUser> {
    const email = `${name}@example.test`;
    const since = t.smtp.mails.length;
    await t.call('POST', '/api/auth/register', {
      body: { email, userName: name, password: 'Quartz-Lantern-42' },
    });
    const mail = await t.smtp.waitFor(email, { since, subject: /confirm/i });
    const params = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams;
    await t.call('POST', '/api/auth/confirm-email', {
      body: { userId: params.get('userId'), code: params.get('code') },
    });
    return { id: params.get('userId')!, email, password: '', accessToken: '', cookie: '' };
  }

  function expectAdminTwoFactorRefusal(res: LightMyRequestResponse, message: RegExp) {
    expect(res.statusCode, res.body).toBe(403);
    const error = errorOf(res);
    expect(error.resultCode).toBe(4);
    expect(error.errorDetails).toEqual({
      reason: 'adminTwoFactorRequired',
      requirement: 'totp',
      settingsPath: '/profile/security',
    });
    expect(error.message).toMatch(message);
  }

  it('covers every operation of the admin area, and only admin-flagged operations', () => {
    expect(adminOps.map((op) => op.id).sort()).toEqual(
      Object.values(contract.admin)
        .map((op) => op.id)
        .sort(),
    );
  });

  it('refuses every admin operation to an administrator without a second factor, in the caller language', async () => {
    for (const op of adminOps) {
      const en = await callOp(op, admin.accessToken);
      expectAdminTwoFactorRefusal(
        en,
        /^Administrator actions need two-factor authentication\. .*Profile → Security/,
      );
      const ru = await callOp(op, admin.accessToken, 'ru-RU');
      expectAdminTwoFactorRefusal(ru, /двухфакторной аутентификацией.*Профиль → Безопасность/);
    }
    // Nothing happened to the target.
    expect(await statusOf(pending.id)).toEqual({ approved: false, banned: false });
    const refused = await events('admin_operation_refused');
    expect(refused.map((e) => e.details.operation).sort()).toEqual(
      [...adminOps, ...adminOps].map((op) => op.id).sort(),
    );
    expect(refused.every((e) => e.user_id === admin.id && e.details.reason === 'noAuthenticator')).toBe(true);
    expect(refused[0]!.session_id).toBe(sessionIdOf(admin.accessToken));
  });

  it('does not count e-mailed codes: they arrive in the same mailbox as password-reset links', async () => {
    await stepUp(t, admin);
    const enabled = await t.call('POST', '/api/user/email-otp', {
      token: admin.accessToken,
      body: { enable: true },
    });
    expect(enabled.json().data.enabled).toBe(true);
    const info = await t.call('GET', '/api/user/info', { token: admin.accessToken });
    expect(info.json().data.twoFactor).toMatchObject({ emailOtp: true, totp: false });

    const res = await callOp(contract.admin.listUsers, admin.accessToken);
    expectAdminTwoFactorRefusal(
      res,
      /^E-mailed codes are not enough for administrator actions\..*authenticator app/,
    );
    const ru = await callOp(contract.admin.approveUser, admin.accessToken, 'ru-RU');
    expectAdminTwoFactorRefusal(ru, /^Кодов по e-mail недостаточно/);
    expect(await statusOf(pending.id)).toEqual({ approved: false, banned: false });
  });

  it('lets the administrator act once the authenticator app is on and this session has passed it, and audits each call', async () => {
    // The session stepped up with a mailed code a moment ago: enrolment needs only a code from the new key.
    const key = await t.call('POST', '/api/user/otp-key', { token: admin.accessToken, body: {} });
    const secret = key.json().data.secret as string;
    const on = await t.call('POST', '/api/user/authenticator', {
      token: admin.accessToken,
      body: { enable: true, twoFactor: { codes: { totp: totpCode(secret, t.clock.now()) } } },
    });
    expect(on.statusCode, on.body).toBe(200);
    admin.totpSecret = secret;

    // The app is on, but this session opened without it: admin operations ask this session for the app.
    const asked = await callOp(contract.admin.listUsers, admin.accessToken);
    expect(errorOf(asked)).toMatchObject({
      resultCode: 101,
      errorDetails: { stepUp: 'admin', requirements: ['totp', 'recoveryCode'] },
    });
    const refusals = await events('admin_operation_refused');
    expect(refusals.filter((e) => e.details.reason === 'sessionWithoutAuthenticator')).toHaveLength(1);
    await stepUp(t, admin);
    t.clock.advance(30_000);

    const search = 'pending@example';
    const list = await t.call('POST', '/api/admin/users/query', {
      token: admin.accessToken,
      body: { searchString: search },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items.map((u: { email: string }) => u.email)).toEqual([pending.email]);
    for (const action of ['approve', 'ban', 'unban']) {
      const res = await t.call('POST', `/api/admin/users/${pending.id}/${action}`, {
        token: admin.accessToken,
        body: action === 'ban' ? { reason: 'spam' } : {},
      });
      expect(res.statusCode, `${action}: ${res.body}`).toBe(200);
    }
    expect(await statusOf(pending.id)).toEqual({ approved: true, banned: false });
    const outbox = await t.call('GET', '/api/admin/outbox', { token: admin.accessToken });
    expect(outbox.statusCode).toBe(200);

    const sid = sessionIdOf(admin.accessToken);
    for (const event of ['user_approved', 'user_banned', 'user_unbanned']) {
      const [row] = await events(event);
      expect(row, event).toMatchObject({ user_id: pending.id, actor_id: admin.id });
      expect(row!.details.actorSessionId).toBe(sid);
    }
    const [listed] = await events('admin_users_listed');
    expect(listed).toMatchObject({ actor_id: admin.id, details: { searched: true, actorSessionId: sid } });
    const [viewed] = await events('admin_outbox_viewed');
    expect(viewed).toMatchObject({ actor_id: admin.id, details: { actorSessionId: sid } });
    expect(viewed!.details.shown).toBe(outbox.json().data.items.length);

    // The trail names actions, not what they carried: no search text, ban reason, mailed link or code.
    const trail = JSON.stringify(
      await t.testDb.database.db.execute('select event, details from security_events'),
    );
    expect(trail).not.toContain(search);
    expect(trail).not.toContain('spam');
    expect(trail).not.toMatch(/code=|https?:\/\//);
  });

  it('answers a user who is not an administrator with a plain 4, authenticator app or not', async () => {
    const user = await signUp(t, 'plain', admin);
    await enableTotp(t, user);
    for (const op of adminOps) {
      const res = await callOp(op, user.accessToken);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toMatchObject({ resultCode: 4, errorDetails: null });
    }
    const refused = await events('admin_operation_refused');
    expect(refused.filter((e) => e.user_id === user.id).map((e) => e.details.reason)).toEqual(
      adminOps.map(() => 'notAdmin'),
    );
  });

  it('refuses again when the administrator turns the authenticator app off', async () => {
    const off = await t.call('POST', '/api/user/authenticator', {
      token: admin.accessToken,
      body: { enable: false, twoFactor: { codes: { totp: totpCode(admin.totpSecret!, t.clock.now()) } } },
    });
    expect(off.statusCode, off.body).toBe(200);
    // E-mail codes are still on: the message says why they are not enough.
    expectAdminTwoFactorRefusal(await callOp(contract.admin.listOutbox, admin.accessToken), /E-mailed codes/);
  });
});
