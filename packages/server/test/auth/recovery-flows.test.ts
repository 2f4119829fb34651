import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboxRepo } from '../../src/modules/mail/repo.ts';
import { totpCode } from '../../src/security/totp.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  enableTotp,
  errorOf,
  freshIp,
  linkParams,
  logIn,
  PASSWORD,
  signUp,
  type TestUser,
} from './helpers/auth-app.ts';

describe('forgot/reset password and e-mail change', () => {
  let t: AuthTestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await signUp(t, 'admin');
  });
  afterAll(() => t.close());

  it('answers forgot-password the same for unknown and known addresses; the reset still needs the second factor', async () => {
    const user = await signUp(t, 'forgot', admin);
    const { secret } = await enableTotp(t, user);
    const unknown = await t.call('POST', '/api/auth/forgot-password', {
      body: { email: 'nobody@example.test' },
    });
    const since = t.smtp.mails.length;
    const known = await t.call('POST', '/api/auth/forgot-password', { body: { email: user.email } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().data).toEqual(known.json().data);
    const mail = await t.smtp.waitFor(user.email, { since, subject: /reset/i });
    expect(mail.text).toContain('http://panel.test/auth/reset-password?');
    const params = linkParams(mail.text);
    const body = { userId: params.get('userId'), code: params.get('code'), newPassword: 'Reset-Value-808' };

    const weak = await t.call('POST', '/api/auth/reset-password', {
      body: { ...body, newPassword: 'weak' },
      ip: freshIp(),
    });
    expect(errorOf(weak).resultCode).toBe(10);
    const needs = await t.call('POST', '/api/auth/reset-password', { body, ip: freshIp() });
    expect(errorOf(needs)).toMatchObject({
      resultCode: 101,
      errorDetails: { requirements: ['totp', 'recoveryCode'] },
    });
    const done = await t.call('POST', '/api/auth/reset-password', {
      body: { ...body, twoFactor: { codes: { totp: totpCode(secret, t.clock.now()) } } },
      ip: freshIp(),
    });
    expect(done.statusCode).toBe(200);
    // Every session ended; the link is spent; the new password works (with the factor).
    expect(errorOf(await t.call('GET', '/api/user/info', { token: user.accessToken })).resultCode).toBe(11);
    const again = await t.call('POST', '/api/auth/reset-password', {
      body: { ...body, newPassword: 'Another-Reset-909' },
      ip: freshIp(),
    });
    expect(errorOf(again).resultCode).toBe(0);
    t.clock.advance(30_000);
    expect(
      (await logIn(t, user.email, 'Reset-Value-808', { codes: { totp: totpCode(secret, t.clock.now()) } }))
        .accessToken,
    ).toBeTruthy();
  });

  it('changes the e-mail only after the new address confirms, with the second factor; the old address is told', async () => {
    const user = await signUp(t, 'mover', admin);
    const other = await logIn(t, user.email, PASSWORD);
    const same = await t.call('POST', '/api/user/request-email-change', {
      token: user.accessToken,
      body: { newEmail: user.email.toUpperCase() },
    });
    expect(errorOf(same).resultCode).toBe(10);

    const newEmail = `moved-${Date.now()}@example.test`;
    let since = t.smtp.mails.length;
    const requested = await t.call('POST', '/api/user/request-email-change', {
      token: user.accessToken,
      body: { newEmail },
    });
    expect(requested.statusCode).toBe(200);
    const link = linkParams((await t.smtp.waitFor(newEmail, { since })).text);
    expect(link.get('newEmail')).toBe(newEmail);
    const info = await t.call('GET', '/api/user/info', { token: user.accessToken });
    expect(info.json().data).toMatchObject({ email: user.email, pendingEmail: newEmail });

    const noFactor = await t.call('POST', '/api/user/change-email', {
      token: user.accessToken,
      body: { newEmail, code: link.get('code') },
    });
    expect(errorOf(noFactor)).toMatchObject({
      resultCode: 101,
      errorDetails: { requirements: ['emailCode'] },
    });
    since = t.smtp.mails.length;
    await t.call('POST', '/api/user/request-two-factor', {
      token: user.accessToken,
      body: { purpose: 'changeEmail' },
    });
    const code = /\b(\d{6})\b/.exec((await t.smtp.waitFor(user.email, { since, subject: /code/i })).text)![1];
    const wrongAddress = await t.call('POST', '/api/user/change-email', {
      token: user.accessToken,
      body: {
        newEmail: 'elsewhere@example.test',
        code: link.get('code'),
        twoFactor: { codes: { emailCode: code } },
      },
    });
    expect(errorOf(wrongAddress).resultCode).toBe(0);

    // The address is checked before the factor, so the code is still unspent.
    since = t.smtp.mails.length;
    const code2 = code;
    const changed = await t.call('POST', '/api/user/change-email', {
      token: user.accessToken,
      body: { newEmail, code: link.get('code'), twoFactor: { codes: { emailCode: code2 } } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const notice = await t.smtp.waitFor(user.email, { since, subject: /security/i });
    expect(notice.text).toContain(newEmail);
    expect(errorOf(await t.call('GET', '/api/user/info', { token: other.accessToken })).resultCode).toBe(11);
    expect((await t.call('GET', '/api/user/info', { token: user.accessToken })).json().data).toMatchObject({
      email: newEmail,
      pendingEmail: null,
    });
    expect((await logIn(t, newEmail, PASSWORD)).accessToken).toBeTruthy();
  });
});

describe('mail without an SMTP server', () => {
  let t: AuthTestApp;
  const log: string[] = [];

  beforeAll(async () => {
    t = await createAuthTestApp({ smtpUrl: null }, log);
  });
  afterAll(() => t.close());

  it('keeps mail in the outbox, announces it in the log without its link and lists it for administrators', async () => {
    const email = 'first@example.test';
    await t.call('POST', '/api/auth/register', { body: { email, userName: 'first', password: PASSWORD } });
    // The mail is sent from a job just after the answer.
    let line: { mail: unknown } | undefined;
    for (let i = 0; i < 200 && !line; i += 1) {
      line = log.map((l) => JSON.parse(l)).find((l) => l.msg === 'mail kept in the outbox');
      if (!line) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(t.smtp.mails).toHaveLength(0);
    if (!line) throw new Error('no outbox announcement in the log');
    // The subject and the link carry codes: the announcement names the recipient only.
    expect(line.mail).toEqual({ to: email });
    const [kept] = await new OutboxRepo(t.testDb.database.db).latest(1);
    const code = new URL(kept!.link!).searchParams.get('code')!;
    expect(log.join('\n')).not.toContain(code);
    const params = new URL(kept!.link!).searchParams;
    await t.call('POST', '/api/auth/confirm-email', {
      body: { userId: params.get('userId'), code: params.get('code') },
    });
    const admin = await logIn(t, email, PASSWORD);
    await enableTotp(t, admin);
    const outbox = await t.call('GET', '/api/admin/outbox', { token: admin.accessToken });
    // Newest first: the notice about the new authenticator, the step-up code before it, the confirmation link.
    const items = outbox.json().data.items;
    expect(items[0]).toMatchObject({
      recipient: email,
      link: null,
      subject: expect.stringMatching(/Security/),
    });
    expect(items.at(-1)).toMatchObject({
      recipient: email,
      subject: 'Confirm your e-mail for Tradedeck',
      link: kept!.link,
    });
    expect(items.some((m: { subject: string }) => /verification code/.test(m.subject))).toBe(true);
  });
});
