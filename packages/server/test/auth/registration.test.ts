import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestApp,
  createAuthTestApp,
  errorOf,
  freshIp,
  linkParams,
  logIn,
  PASSWORD,
  signUp,
  signUpAdmin,
  type TestUser,
} from './helpers/auth-app.ts';

describe('registration, confirmation, approval and bans', () => {
  let t: AuthTestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await signUpAdmin(t, 'founder');
  });
  afterAll(() => t.close());

  it('makes the first account an approved administrator', async () => {
    const info = await t.call('GET', '/api/user/info', { token: admin.accessToken });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ role: 'admin', status: 'active', email: admin.email });
  });

  it('mails a confirmation link in the chosen language, with user id and code', async () => {
    const email = 'ru-user@example.test';
    const since = t.smtp.mails.length;
    const res = await t.call('POST', '/api/auth/register', {
      body: { email: 'RU-User@Example.test', userName: 'Иван', password: PASSWORD },
      headers: { 'accept-language': 'ru-RU' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ email });
    const mail = await t.smtp.waitFor(email, { since });
    expect(mail.subject).toBe('Подтвердите e-mail для Tradedeck');
    expect(mail.text).toContain('Здравствуйте, Иван!');
    const params = linkParams(mail.text);
    expect(mail.text).toContain('http://panel.test/auth/email-confirm?');
    expect(params.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The password never travels in mail.
    expect(mail.raw).not.toContain(PASSWORD);
  });

  it('keeps later users pending approval until an administrator approves them', async () => {
    const email = 'pending@example.test';
    const since = t.smtp.mails.length;
    await t.call('POST', '/api/auth/register', { body: { email, userName: 'pending', password: PASSWORD } });
    const beforeConfirm = await t.call('POST', '/api/auth/login', {
      body: { email, password: PASSWORD },
      ip: freshIp(),
    });
    expect(errorOf(beforeConfirm)).toMatchObject({
      resultCode: 103,
      errorDetails: { status: 'pendingConfirmation' },
    });

    const params = linkParams((await t.smtp.waitFor(email, { since })).text);
    const wrong = await t.call('POST', '/api/auth/confirm-email', {
      body: { userId: params.get('userId'), code: 'x'.repeat(43) },
    });
    expect(errorOf(wrong).resultCode).toBe(0);
    const confirmed = await t.call('POST', '/api/auth/confirm-email', {
      body: { userId: params.get('userId'), code: params.get('code') },
    });
    expect(confirmed.json().data).toEqual({ status: 'pendingApproval' });
    const reused = await t.call('POST', '/api/auth/confirm-email', {
      body: { userId: params.get('userId'), code: params.get('code') },
    });
    expect(errorOf(reused).resultCode).toBe(0);

    const pending = await t.call('POST', '/api/auth/login', {
      body: { email, password: PASSWORD },
      ip: freshIp(),
    });
    expect(pending.statusCode).toBe(403);
    expect(errorOf(pending)).toMatchObject({ resultCode: 103, errorDetails: { status: 'pendingApproval' } });

    const list = await t.call('POST', '/api/admin/users/query', {
      token: admin.accessToken,
      body: { status: 'pendingApproval' },
    });
    expect(list.json().data.items.map((u: { email: string }) => u.email)).toContain(email);

    const approved = await t.call('POST', `/api/admin/users/${params.get('userId')}/approve`, {
      token: admin.accessToken,
      body: {},
    });
    expect(approved.json().data).toMatchObject({ status: 'active', role: 'user' });
    const user = await logIn(t, email, PASSWORD);
    expect(user.accessToken).toBeTruthy();
  });

  it('answers a taken e-mail like a new one and mails its owner instead', async () => {
    const since = t.smtp.mails.length;
    const res = await t.call('POST', '/api/auth/register', {
      body: { email: admin.email.toUpperCase(), userName: 'intruder', password: 'Other-Pass-99!' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ email: admin.email });
    const mail = await t.smtp.waitFor(admin.email, { since });
    expect(mail.subject).toMatch(/sign-up attempt|Попытка регистрации/i);
  });

  it('refuses mass assignment: role, status and user id cannot be set', async () => {
    for (const extra of [{ role: 'admin' }, { status: 'active' }, { userId: admin.id }, { approved: true }]) {
      const res = await t.call('POST', '/api/auth/register', {
        body: { email: 'mass@example.test', userName: 'mass', password: PASSWORD, ...extra },
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).resultCode).toBe(10);
    }
    const setLang = await t.call('POST', '/api/user/language', {
      token: admin.accessToken,
      body: { language: 'en', role: 'user' },
    });
    expect(errorOf(setLang).resultCode).toBe(10);
  });

  it('applies the password rules with field messages, 128 characters at most, and the common list', async () => {
    const cases: Array<[string, RegExp]> = [
      ['Sh0rt!', /Minimum 8 characters/],
      ['alllowercase-pass-1', /upper-case/],
      ['NoSymbolsHere123', /not a letter or digit/],
      ['Password1!', /too common/],
      [`A!${'x'.repeat(127)}`, /Maximum 128/],
    ];
    for (const [password, message] of cases) {
      const res = await t.call('POST', '/api/auth/register', {
        body: { email: 'rules@example.test', userName: 'rules', password },
        ip: freshIp(),
      });
      expect(errorOf(res).resultCode).toBe(10);
      expect(
        (errorOf(res).errorDetails as { fields: Record<string, string[]> }).fields.password?.join(' '),
      ).toMatch(message);
    }
    for (const length of [64, 128]) {
      const password = `Aé!${'ж'.repeat(length - 3)}`;
      const res = await t.call('POST', '/api/auth/register', {
        body: { email: `len${length}@example.test`, userName: 'len', password },
        ip: freshIp(),
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('bans and unbans: a ban ends sessions at once and login answers 103 only after the right password', async () => {
    const victim = await signUp(t, 'banned', admin);
    const before = await t.call('GET', '/api/user/info', { token: victim.accessToken });
    expect(before.statusCode).toBe(200);

    const nonAdmin = await t.call('POST', `/api/admin/users/${admin.id}/ban`, {
      token: victim.accessToken,
      body: {},
    });
    expect(errorOf(nonAdmin).resultCode).toBe(4);

    const banned = await t.call('POST', `/api/admin/users/${victim.id}/ban`, {
      token: admin.accessToken,
      body: { reason: 'spam' },
    });
    expect(banned.json().data).toMatchObject({ status: 'banned', banReason: 'spam' });

    const after = await t.call('GET', '/api/user/info', { token: victim.accessToken });
    expect(errorOf(after).resultCode).toBe(11);
    const refresh = await t.call('POST', '/api/auth/refresh-token', { cookie: victim.cookie, body: {} });
    expect(errorOf(refresh).resultCode).toBe(11);

    const wrongPassword = await t.call('POST', '/api/auth/login', {
      body: { email: victim.email, password: 'Wrong-Pass-1!' },
      ip: freshIp(),
    });
    expect(errorOf(wrongPassword).resultCode).toBe(102);
    const rightPassword = await t.call('POST', '/api/auth/login', {
      body: { email: victim.email, password: PASSWORD },
      ip: freshIp(),
    });
    expect(errorOf(rightPassword)).toMatchObject({ resultCode: 103, errorDetails: { status: 'banned' } });

    await t.call('POST', `/api/admin/users/${victim.id}/unban`, { token: admin.accessToken, body: {} });
    expect((await logIn(t, victim.email, PASSWORD)).accessToken).toBeTruthy();
  });

  it('lists the outbox for administrators only (empty here: mail went over SMTP)', async () => {
    const res = await t.call('GET', '/api/admin/outbox', { token: admin.accessToken });
    expect(res.json().data.items).toEqual([]);
    const anon = await t.call('GET', '/api/admin/outbox');
    expect(errorOf(anon).resultCode).toBe(11);
  });
});
