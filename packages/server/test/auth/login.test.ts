import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordVerifications } from '../../src/security/password-hasher.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  errorOf,
  freshIp,
  logIn,
  PASSWORD,
  signUp,
  type TestUser,
} from './helpers/auth-app.ts';

describe('login: enumeration, limits and lockout', () => {
  let t: AuthTestApp;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await signUp(t, 'admin');
    user = await signUp(t, 'trader', admin);
  });
  afterAll(() => t.close());

  it('answers an unknown e-mail and a wrong password alike: same code, status and body, same work', async () => {
    const attempt = async (email: string) => {
      const before = passwordVerifications.count;
      const res = await t.call('POST', '/api/auth/login', {
        body: { email, password: 'Not-The-Pass-1!' },
        ip: freshIp(),
      });
      return { res, verifications: passwordVerifications.count - before };
    };
    for (let i = 0; i < 5; i += 1) {
      const a = await attempt(`nobody${i}@example.test`);
      const b = await attempt(user.email);
      expect(a.res.statusCode).toBe(401);
      expect(b.res.statusCode).toBe(401);
      const { traceId: _a, ...bodyA } = errorOf(a.res) as { traceId?: string };
      const { traceId: _b, ...bodyB } = errorOf(b.res) as { traceId?: string };
      expect(bodyA).toEqual(bodyB);
      expect(bodyA).toMatchObject({ resultCode: 102 });
      // Both paths run exactly one argon2id verification, so their time does not tell them apart.
      expect(a.verifications).toBe(1);
      expect(b.verifications).toBe(1);
    }
    await t.testDb.database.db.execute("delete from rate_limits where key like 'login-fail:%'");
  });

  it('limits one address to 10 login attempts a minute, refused with 429 and Retry-After', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await t.call('POST', '/api/auth/login', {
        body: { email: `spray${i}@example.test`, password: 'Whatever-1!' },
        ip,
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(errorOf(res).resultCode).toBe(8);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
    // Another address is not affected.
    const other = await t.call('POST', '/api/auth/login', {
      body: { email: user.email, password: PASSWORD },
      ip: freshIp(),
    });
    expect(other.statusCode).toBe(200);
  });

  it('locks an account after 10 wrong passwords from rotating addresses, before hashing, even for the right password', async () => {
    const victim = await signUp(t, 'victim', admin);
    for (let i = 0; i < 10; i += 1) {
      const res = await t.call('POST', '/api/auth/login', {
        body: { email: victim.email, password: `Guess-${i}-Pass!` },
        ip: freshIp(),
      });
      expect(errorOf(res).resultCode).toBe(102);
    }
    const before = passwordVerifications.count;
    const locked = await t.call('POST', '/api/auth/login', {
      body: { email: victim.email, password: PASSWORD },
      ip: freshIp(),
    });
    // Refused before any hashing work.
    expect(passwordVerifications.count).toBe(before);
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).resultCode).toBe(8);
    // An unknown e-mail locks the same way, so the lock does not reveal accounts either.
    for (let i = 0; i < 10; i += 1) {
      await t.call('POST', '/api/auth/login', {
        body: { email: 'ghost@example.test', password: `Guess-${i}-Pass!` },
        ip: freshIp(),
      });
    }
    const ghost = await t.call('POST', '/api/auth/login', {
      body: { email: 'ghost@example.test', password: 'x' },
      ip: freshIp(),
    });
    expect(ghost.statusCode).toBe(429);
    // The lock expires with its window (15 minutes); simulate the window ending.
    await t.testDb.database.db.execute(
      "update rate_limits set window_start = now() - interval '16 minutes' where key like 'login-fail:%'",
    );
    expect((await logIn(t, victim.email, PASSWORD)).accessToken).toBeTruthy();
  });

  it('gives 103 only after the right password; no code is mailed to accounts that may not sign in', async () => {
    const email = 'unconfirmed@example.test';
    await t.call('POST', '/api/auth/register', {
      body: { email, userName: 'unconfirmed', password: PASSWORD },
      ip: freshIp(),
    });
    const wrong = await t.call('POST', '/api/auth/login', {
      body: { email, password: 'Wrong-Pass-12!' },
      ip: freshIp(),
    });
    expect(errorOf(wrong).resultCode).toBe(102);
    const right = await t.call('POST', '/api/auth/login', {
      body: { email, password: PASSWORD },
      ip: freshIp(),
    });
    expect(errorOf(right).resultCode).toBe(103);
    const mails = t.smtp.to(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/confirm/i);
  });

  it('validates login input with field errors and refuses over-long passwords before hashing', async () => {
    const bad = await t.call('POST', '/api/auth/login', {
      body: { email: 'not-an-email', password: '' },
      ip: freshIp(),
    });
    expect(errorOf(bad).resultCode).toBe(10);
    expect(Object.keys((errorOf(bad).errorDetails as { fields: object }).fields)).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
    const huge = await t.call('POST', '/api/auth/login', {
      body: { email: user.email, password: 'A!'.repeat(600) },
      ip: freshIp(),
    });
    expect(errorOf(huge).resultCode).toBe(10);
  });

  it('tells passwords apart beyond any prefix (no truncation)', async () => {
    const base = `Zz!${'q'.repeat(86)}`;
    const first = `${base}A${'w'.repeat(10)}`;
    const second = `${base}B${'w'.repeat(10)}`;
    const email = 'long@example.test';
    const since = t.smtp.mails.length;
    await t.call('POST', '/api/auth/register', {
      body: { email, userName: 'long', password: first },
      ip: freshIp(),
    });
    const mail = await t.smtp.waitFor(email, { since });
    const params = new URL(/https?:\/\/\S+/.exec(mail.text)![0]).searchParams;
    await t.call('POST', '/api/auth/confirm-email', {
      body: { userId: params.get('userId'), code: params.get('code') },
    });
    await t.call('POST', `/api/admin/users/${params.get('userId')}/approve`, {
      token: admin.accessToken,
      body: {},
    });
    const wrong = await t.call('POST', '/api/auth/login', {
      body: { email, password: second },
      ip: freshIp(),
    });
    expect(errorOf(wrong).resultCode).toBe(102);
    expect((await logIn(t, email, first)).accessToken).toBeTruthy();
  });
});
