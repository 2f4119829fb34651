import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/security/totp.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  enableTotp,
  errorOf,
  logIn,
  mailedCode,
  PASSWORD,
  renew,
  signUp,
  stepUp,
  type TestUser,
} from './helpers/auth-app.ts';

/** What a thief holding nothing but an access token can do to the second factors. */
describe('authenticator enrolment with a stolen access token', () => {
  let t: AuthTestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await signUp(t, 'admin');
  }, 180_000);
  afterAll(() => t.close());

  const info = async (user: TestUser) =>
    (await t.call('GET', '/api/user/info', { token: user.accessToken })).json().data;

  it('gets no key, enables no app and receives no recovery codes for a user without a factor', async () => {
    const victim = await signUp(t, 'victim', admin);
    const since = t.smtp.mails.length;
    const key = await t.call('POST', '/api/user/otp-key', { token: victim.accessToken, body: {} });
    expect(errorOf(key)).toMatchObject({
      resultCode: 101,
      errorDetails: { stepUp: 'twoFactorSettings', requirements: ['emailCode'] },
    });
    expect(key.body).not.toMatch(/otpauth|secret/);
    // The code went to the owner's mailbox, not to the caller.
    const mail = await t.smtp.waitFor(victim.email, { since, subject: /verification code/ });
    expect(key.body).not.toContain(mailedCode(mail.text));

    const enable = await t.call('POST', '/api/user/authenticator', {
      token: victim.accessToken,
      body: { enable: true, twoFactor: { codes: { totp: '123456' } } },
    });
    expect(errorOf(enable).resultCode).toBe(101);
    expect(enable.body).not.toContain('recoveryCodes":[');
    const guessed = await t.call('POST', '/api/user/step-up', {
      token: victim.accessToken,
      body: { twoFactor: { codes: { emailCode: mailedCode(mail.text) === '000000' ? '111111' : '000000' } } },
    });
    expect(errorOf(guessed)).toMatchObject({ resultCode: 101, errorDetails: { failed: ['emailCode'] } });
    expect((await info(victim)).twoFactor).toEqual({ totp: false, emailOtp: false, recoveryCodesLeft: 0 });

    // The owner, with the mailed code, enrols as before.
    await enableTotp(t, victim);
    expect((await info(victim)).twoFactor).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
  });

  it('cannot turn e-mail codes off nor replace recovery codes once the step-up window is over', async () => {
    const victim = await signUp(t, 'victim-mail', admin);
    await stepUp(t, victim);
    const on = await t.call('POST', '/api/user/email-otp', {
      token: victim.accessToken,
      body: { enable: true },
    });
    expect(on.statusCode, on.body).toBe(200);
    t.clock.advance(16 * 60_000);
    await renew(t, victim);
    for (const [url, body] of [
      ['/api/user/email-otp', { enable: false }],
      ['/api/user/recovery-codes', {}],
    ] as const) {
      const res = await t.call('POST', url, { token: victim.accessToken, body });
      expect(errorOf(res), url).toMatchObject({
        resultCode: 101,
        errorDetails: { stepUp: 'twoFactorSettings', requirements: ['emailCode', 'recoveryCode'] },
      });
    }
    expect((await info(victim)).twoFactor).toMatchObject({ emailOtp: true, recoveryCodesLeft: 10 });
  });

  it('gives admin rights only to a session that passed the authenticator app, not to one opened before', async () => {
    const boss = await signUp(t, 'boss', admin);
    // The first user is the admin; a later one is promoted straight in the table for this check.
    await t.testDb.database.db.execute(`update users set role = 'admin' where id = '${boss.id}'`);
    const before = await logIn(t, boss.email, PASSWORD);
    const { secret } = await enableTotp(t, boss);

    // The session opened before the app was turned on is asked for the app, and the refusal is audited.
    const refused = await t.call('GET', '/api/admin/outbox', { token: before.accessToken });
    expect(errorOf(refused)).toMatchObject({
      resultCode: 101,
      errorDetails: { stepUp: 'admin', requirements: ['totp', 'recoveryCode'] },
    });
    // An e-mailed code does not count for it.
    const since = t.smtp.mails.length;
    await t.call('POST', '/api/user/request-two-factor', {
      token: before.accessToken,
      body: { purpose: 'stepUp' },
    });
    const code = mailedCode((await t.smtp.waitFor(boss.email, { since, subject: /verification code/ })).text);
    await t.call('POST', '/api/user/step-up', {
      token: before.accessToken,
      body: { twoFactor: { codes: { emailCode: code } } },
    });
    expect(errorOf(await t.call('GET', '/api/admin/outbox', { token: before.accessToken })).resultCode).toBe(
      101,
    );

    t.clock.advance(30_000);
    const passed = await t.call('POST', '/api/user/step-up', {
      token: before.accessToken,
      body: { twoFactor: { codes: { totp: totpCode(secret, t.clock.now()) } } },
    });
    expect(passed.statusCode, passed.body).toBe(200);
    expect((await t.call('GET', '/api/admin/outbox', { token: before.accessToken })).statusCode).toBe(200);

    // A sign-in with the app starts with admin rights.
    t.clock.advance(30_000);
    const fresh = await logIn(t, boss.email, PASSWORD, { codes: { totp: totpCode(secret, t.clock.now()) } });
    expect((await t.call('GET', '/api/admin/outbox', { token: fresh.accessToken })).statusCode).toBe(200);
  });
});
