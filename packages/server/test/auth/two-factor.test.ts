import type { TwoFactorInput } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/security/totp.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  enableTotp,
  errorOf,
  freshIp,
  logIn,
  PASSWORD,
  signUp,
  stepUp,
  type TestUser,
} from './helpers/auth-app.ts';

describe('second factors', () => {
  let t: AuthTestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await signUp(t, 'admin');
  });
  afterAll(() => t.close());

  const login = (user: TestUser, twoFactor?: TwoFactorInput) =>
    t.call('POST', '/api/auth/login', {
      body: { email: user.email, password: PASSWORD, twoFactor },
      ip: freshIp(),
    });

  it('TOTP: enrolment gives an otpauth URI and QR code; login needs a code; a replayed code is refused', async () => {
    const user = await signUp(t, 'totp', admin);
    await stepUp(t, user);
    const key = await t.call('POST', '/api/user/otp-key', { token: user.accessToken, body: {} });
    expect(key.headers['cache-control']).toBe('no-store');
    const data = key.json().data;
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.otpauthUri).toMatch(
      /^otpauth:\/\/totp\/Tradedeck%3A.*\?secret=[A-Z2-7]{32}&issuer=Tradedeck/,
    );
    expect(data.qrSvg).toMatch(/^<svg/);
    expect(data.qrDataUrl).toMatch(/^data:image\/png;base64,/);

    const wrongEnable = await t.call('POST', '/api/user/authenticator', {
      token: user.accessToken,
      body: { enable: true, twoFactor: { codes: { totp: '000000' } } },
    });
    expect(errorOf(wrongEnable)).toMatchObject({ resultCode: 101, message: 'Wrong code' });

    const enabled = await t.call('POST', '/api/user/authenticator', {
      token: user.accessToken,
      body: { enable: true, twoFactor: { codes: { totp: totpCode(data.secret, t.clock.now()) } } },
    });
    const recovery = enabled.json().data.recoveryCodes as string[];
    expect(recovery).toHaveLength(10);
    for (const code of recovery) expect(code).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    t.clock.advance(30_000);

    const missing = await login(user);
    expect(missing.statusCode).toBe(403);
    expect(errorOf(missing)).toMatchObject({
      resultCode: 101,
      errorDetails: { requirements: ['totp', 'recoveryCode'] },
    });

    const code = totpCode(data.secret, t.clock.now());
    expect((await login(user, { codes: { totp: code } })).statusCode).toBe(200);
    const replay = await login(user, { codes: { totp: code } });
    expect(errorOf(replay)).toMatchObject({ resultCode: 101, errorDetails: { failed: ['totp'] } });
  });

  it('TOTP accepts one step of drift either way and refuses two', async () => {
    const user = await signUp(t, 'drift', admin);
    const { secret } = await enableTotp(t, user);
    t.clock.advance(90_000);
    expect(
      (await login(user, { codes: { totp: totpCode(secret, t.clock.now() - 30_000) } })).statusCode,
    ).toBe(200);
    t.clock.advance(90_000);
    expect(
      (await login(user, { codes: { totp: totpCode(secret, t.clock.now() + 30_000) } })).statusCode,
    ).toBe(200);
    t.clock.advance(120_000);
    expect(
      errorOf(await login(user, { codes: { totp: totpCode(secret, t.clock.now() - 60_000) } })).resultCode,
    ).toBe(101);
    expect(
      errorOf(await login(user, { codes: { totp: totpCode(secret, t.clock.now() + 60_000) } })).resultCode,
    ).toBe(101);
  });

  it('e-mail codes: 6 digits mailed on login, single use, bound to the purpose, 5 attempts, 10 minutes', async () => {
    const user = await signUp(t, 'mailotp', admin);
    // Without a factor, turning one on is confirmed with a code mailed to the account's address at once.
    let since = t.smtp.mails.length;
    const first = await t.call('POST', '/api/user/email-otp', {
      token: user.accessToken,
      body: { enable: true },
    });
    expect(errorOf(first)).toMatchObject({
      resultCode: 101,
      errorDetails: { requirements: ['emailCode'], stepUp: 'twoFactorSettings' },
    });
    const again = await t.call('POST', '/api/user/request-two-factor', {
      token: user.accessToken,
      body: { purpose: 'stepUp' },
    });
    expect(again.statusCode).toBe(429);
    const setupMail = await t.smtp.waitFor(user.email, { since, subject: /code/i });
    const setupCode = /\b(\d{6})\b/.exec(setupMail.text)![1]!;
    const enabled = await t.call('POST', '/api/user/email-otp', {
      token: user.accessToken,
      body: { enable: true, twoFactor: { codes: { emailCode: setupCode } } },
    });
    expect(enabled.json().data.enabled).toBe(true);
    expect(enabled.json().data.recoveryCodes).toHaveLength(10);

    // Login: no code → 101 and a code is mailed; the setup code is not valid for login.
    since = t.smtp.mails.length;
    const challenge = await login(user);
    expect(errorOf(challenge)).toMatchObject({
      resultCode: 101,
      errorDetails: { requirements: ['emailCode', 'recoveryCode'] },
    });
    const loginMail = await t.smtp.waitFor(user.email, { since, subject: /code/i });
    const loginCode = /\b(\d{6})\b/.exec(loginMail.text)![1]!;
    expect(loginMail.text).toMatch(/10 minutes|10 минут/);
    expect(errorOf(await login(user, { codes: { emailCode: setupCode } })).resultCode).toBe(101);
    expect((await login(user, { codes: { emailCode: loginCode } })).statusCode).toBe(200);
    expect(errorOf(await login(user, { codes: { emailCode: loginCode } })).resultCode).toBe(101);

    // Five wrong tries spend the code: the right one then fails too.
    t.clock.advance(61_000);
    since = t.smtp.mails.length;
    await login(user);
    const fresh = /\b(\d{6})\b/.exec(
      (await t.smtp.waitFor(user.email, { since, subject: /code/i })).text,
    )![1]!;
    const wrongCode = fresh === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1)
      expect(errorOf(await login(user, { codes: { emailCode: wrongCode } })).resultCode).toBe(101);
    expect(errorOf(await login(user, { codes: { emailCode: fresh } })).resultCode).toBe(101);

    // An expired code is refused.
    t.clock.advance(61_000);
    since = t.smtp.mails.length;
    await login(user);
    const late = /\b(\d{6})\b/.exec(
      (await t.smtp.waitFor(user.email, { since, subject: /code/i })).text,
    )![1]!;
    t.clock.advance(10 * 60_000 + 1000);
    expect(errorOf(await login(user, { codes: { emailCode: late } })).resultCode).toBe(101);
  });

  it('recovery codes: normalised, single use even when redeemed concurrently, replaced on regeneration', async () => {
    const user = await signUp(t, 'recovery', admin);
    const { secret, recoveryCodes } = await enableTotp(t, user);
    const [one, two, three] = recoveryCodes as [string, string, string];

    const messy = ` ${one.toLowerCase().replace('-', ' ')} `;
    expect((await login(user, { recoveryCode: messy })).statusCode).toBe(200);
    expect(errorOf(await login(user, { recoveryCode: one })).resultCode).toBe(101);

    const results = await Promise.all([
      login(user, { recoveryCode: two }),
      login(user, { recoveryCode: two }),
      login(user, { recoveryCode: two }),
    ]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => errorOf(r)?.resultCode === 101)).toHaveLength(2);

    const session = await logIn(t, user.email, PASSWORD, { recoveryCode: three });
    const regenerated = await t.call('POST', '/api/user/recovery-codes', {
      token: session.accessToken,
      body: { twoFactor: { codes: { totp: totpCode(secret, t.clock.now()) } } },
    });
    expect(regenerated.statusCode).toBe(200);
    const fresh = regenerated.json().data.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    for (const old of recoveryCodes.slice(3, 6))
      expect(errorOf(await login(user, { recoveryCode: old })).resultCode).toBe(101);
    expect((await login(user, { recoveryCode: fresh[0]! })).statusCode).toBe(200);
    const info = await t.call('GET', '/api/user/info', { token: session.accessToken });
    expect(info.json().data.twoFactor).toEqual({ totp: true, emailOtp: false, recoveryCodesLeft: 9 });
  });

  it('locks the second factor for 15 minutes after 10 failures and mails a notice', async () => {
    const user = await signUp(t, 'lock', admin);
    const { secret } = await enableTotp(t, user);
    const since = t.smtp.mails.length;
    for (let i = 0; i < 10; i += 1)
      expect(errorOf(await login(user, { codes: { totp: '000001' } })).resultCode).toBe(101);
    const locked = await login(user, { codes: { totp: totpCode(secret, t.clock.now()) } });
    expect(locked.statusCode).toBe(429);
    const notice = await t.smtp.waitFor(user.email, { since, subject: /security/i });
    expect(notice.text).toMatch(/second factor failed 10 times/);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(user, { codes: { totp: totpCode(secret, t.clock.now()) } })).statusCode).toBe(200);
  });
});
