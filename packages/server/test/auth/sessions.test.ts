import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestApp,
  createAuthTestApp,
  errorOf,
  logIn,
  PASSWORD,
  refreshCookieOf,
  renew,
  signUp,
  type TestUser,
} from './helpers/auth-app.ts';

describe('device sessions, refresh rotation and token checks', () => {
  let t: AuthTestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await signUp(t, 'admin');
  });
  afterAll(() => t.close());

  const refresh = (cookie: string, headers: Record<string, string> = {}) =>
    t.call('POST', '/api/auth/refresh-token', { cookie, body: {}, headers });
  const info = (token: string) => t.call('GET', '/api/user/info', { token });

  it('issues a 15-minute access token that names its session; expiresAt equals exp', async () => {
    const user = await signUp(t, 'claims', admin);
    const [, payload] = user.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    expect(claims).toMatchObject({ sub: user.id, iss: 'tradedeck', aud: 'tradedeck-api' });
    expect(claims.exp - claims.iat).toBe(900);
    const sessions = await t.call('GET', '/api/user/sessions', { token: user.accessToken });
    expect(sessions.json().data.items[0]).toMatchObject({ id: claims.sid, current: true });
    t.clock.advance(15 * 60_000 + 1000);
    expect(errorOf(await info(user.accessToken)).resultCode).toBe(11);
  });

  it('rotates the refresh cookie; a replay after the grace window revokes the whole session, newest token too', async () => {
    const user = await signUp(t, 'rotate', admin);
    const first = user.cookie;
    const r1 = await refresh(first);
    const second = refreshCookieOf(r1);
    const r2 = await refresh(second);
    const third = refreshCookieOf(r2);
    expect(new Set([first, second, third]).size).toBe(3);
    const newest = r2.json().data.accessToken as string;
    expect((await info(newest)).statusCode).toBe(200);

    // Inside the grace window the old cookie still works (a lost answer, a second tab), without revoking.
    const graced = await refresh(second);
    expect(graced.statusCode).toBe(200);

    t.clock.advance(11_000);
    const replay = await refresh(first);
    expect(errorOf(replay).resultCode).toBe(11);
    expect(replay.cookies.find((c) => c.name === 'tradedeck-rt')?.value).toBe('');
    expect(replay.cookies.find((c) => c.name === 'tradedeck-signed-in')?.value).toBe('');
    expect(errorOf(await refresh(third)).resultCode).toBe(11);
    expect(errorOf(await info(newest)).resultCode).toBe(11);
  });

  it('lets exactly one of several concurrent refreshes claim a token, and revokes nothing inside the grace window', async () => {
    const user = await signUp(t, 'race', admin);
    const results = await Promise.all([refresh(user.cookie), refresh(user.cookie), refresh(user.cookie)]);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    for (const r of results) expect((await info(r.json().data.accessToken)).statusCode).toBe(200);
    const rows = await t.testDb.database.db.execute(
      `select count(*)::int as n from refresh_tokens where user_id = '${user.id}' and used_at is not null`,
    );
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
  });

  it('gives ten concurrent refreshes of one cookie one successor: a single live token, every answer usable', async () => {
    const user = await signUp(t, 'race-ten', admin);
    const results = await Promise.all(Array.from({ length: 10 }, () => refresh(user.cookie)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const cookies = new Set(results.map(refreshCookieOf));
    expect(cookies.size).toBe(1);
    const live = await t.testDb.database.db.execute(
      `select count(*)::int as n from refresh_tokens where user_id = '${user.id}' and used_at is null`,
    );
    expect((live as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
    for (const r of results) expect((await info(r.json().data.accessToken)).statusCode).toBe(200);
    const [successor] = [...cookies];
    const next = await refresh(successor!);
    expect(next.statusCode).toBe(200);

    // The first cookie presented after the grace window is a replay: the whole family ends.
    t.clock.advance(11_000);
    expect(errorOf(await refresh(user.cookie)).resultCode).toBe(11);
    expect(errorOf(await refresh(refreshCookieOf(next))).resultCode).toBe(11);
    expect(errorOf(await info(next.json().data.accessToken)).resultCode).toBe(11);
  });

  it('sets the refresh cookie HttpOnly, SameSite=Strict, Path=/, no Domain; __Host- and Secure over TLS', async () => {
    const user = await signUp(t, 'cookies', admin);
    const plain = await t.call('POST', '/api/auth/login', {
      body: { email: user.email, password: PASSWORD },
    });
    const c1 = plain.cookies.find((c) => c.name === 'tradedeck-rt')!;
    expect(c1).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(c1.domain).toBeUndefined();
    expect(c1.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Beside it, a readable marker with no secret in it: the page knows a silent refresh can work.
    const marker = plain.cookies.find((c) => c.name === 'tradedeck-signed-in')!;
    expect(marker).toMatchObject({ value: '1', sameSite: 'Strict', path: '/', maxAge: c1.maxAge });
    expect(marker.httpOnly).toBeFalsy();

    // TLS ends at the reverse proxy on this machine, which says so in X-Forwarded-Proto.
    const tls = await t.call('POST', '/api/auth/login', {
      body: { email: user.email, password: PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
      ip: '127.0.0.1',
    });
    const c2 = tls.cookies.find((c) => c.name === '__Host-rt')!;
    expect(c2).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
    expect(c2.domain).toBeUndefined();
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('refuses cookie calls from other sites (Fetch Metadata, Origin) and without a JSON body', async () => {
    const user = await signUp(t, 'csrf', admin);
    const crossSite = await refresh(user.cookie, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const foreign = await refresh(user.cookie, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const form = await t.call('POST', '/api/auth/refresh-token', {
      cookie: user.cookie,
      body: 'a=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(form.statusCode).toBe(403);
    const logout = await t.call('POST', '/api/auth/logout', {
      cookie: user.cookie,
      body: {},
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(logout.statusCode).toBe(403);
    const own = await refresh(user.cookie, { origin: 'http://panel.test', 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode).toBe(200);
  });

  it('ends sessions at once: revoke one, revoke all, logout, password change', async () => {
    const user = await signUp(t, 'revoke', admin);
    const second = await logIn(t, user.email, PASSWORD);
    const third = await logIn(t, user.email, PASSWORD);
    const list = (await t.call('GET', '/api/user/sessions', { token: user.accessToken })).json().data
      .items as Array<{ id: string; current: boolean }>;
    expect(list).toHaveLength(3);
    const sidOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

    const revoked = await t.call('DELETE', `/api/user/sessions/${sidOf(second.accessToken)}`, {
      token: user.accessToken,
    });
    expect(revoked.statusCode).toBe(200);
    expect(errorOf(await info(second.accessToken)).resultCode).toBe(11);
    expect(errorOf(await refresh(second.cookie)).resultCode).toBe(11);

    const logout = await t.call('POST', '/api/auth/logout', { cookie: third.cookie, body: {} });
    expect(logout.statusCode).toBe(200);
    expect(errorOf(await info(third.accessToken)).resultCode).toBe(11);

    const fourth = await logIn(t, user.email, PASSWORD);
    const all = await t.call('POST', '/api/user/sessions/revoke-all', { token: user.accessToken, body: {} });
    expect(all.json().data).toEqual({ revoked: 1 });
    expect(errorOf(await info(fourth.accessToken)).resultCode).toBe(11);
    expect((await info(user.accessToken)).statusCode).toBe(200);

    // A password change needs the current password and (without a factor) a mailed code; other sessions end.
    const fifth = await logIn(t, user.email, PASSWORD);
    const newPassword = 'Brand-New-Secret-77';
    const needCode = await t.call('POST', '/api/user/change-password', {
      token: user.accessToken,
      body: { oldPassword: PASSWORD, newPassword },
    });
    expect(errorOf(needCode)).toMatchObject({
      resultCode: 101,
      errorDetails: { requirements: ['emailCode'] },
    });
    const since = t.smtp.mails.length;
    await t.call('POST', '/api/user/request-two-factor', {
      token: user.accessToken,
      body: { purpose: 'changePassword' },
    });
    const code = /\b(\d{6})\b/.exec((await t.smtp.waitFor(user.email, { since, subject: /code/i })).text)![1];
    const wrongOld = await t.call('POST', '/api/user/change-password', {
      token: user.accessToken,
      body: { oldPassword: 'Not-Mine-123!', newPassword, twoFactor: { codes: { emailCode: code } } },
    });
    expect(errorOf(wrongOld).resultCode).toBe(102);
    const changed = await t.call('POST', '/api/user/change-password', {
      token: user.accessToken,
      body: { oldPassword: PASSWORD, newPassword, twoFactor: { codes: { emailCode: code } } },
    });
    expect(changed.statusCode).toBe(200);
    expect(errorOf(await info(fifth.accessToken)).resultCode).toBe(11);
    expect((await info(user.accessToken)).statusCode).toBe(200);
    const notice = await t.smtp.waitFor(user.email, { since, subject: /security/i });
    expect(notice.text).toMatch(/password was changed/);
    expect(
      errorOf(await t.call('POST', '/api/auth/login', { body: { email: user.email, password: PASSWORD } }))
        .resultCode,
    ).toBe(102);
  });

  it('refuses forged, expired and confused tokens with 11', async () => {
    const user = await signUp(t, 'jwt', admin);
    const [header, payload] = user.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${payload}.`;
    const wrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .sign(new Uint8Array(32).fill(7));
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: admin.id })).toString('base64url')}.${user.accessToken.split('.')[2]}`;
    const cookieAsToken = user.cookie.split('=')[1]!;
    for (const token of [none, wrongKey, tampered, cookieAsToken, 'garbage']) {
      expect(errorOf(await info(token)).resultCode).toBe(11);
    }
    expect(errorOf(await t.call('GET', '/api/user/info')).resultCode).toBe(11);
  });

  it('sends security headers, no-store on API answers, and no X-Powered-By', async () => {
    const res = await info(admin.accessToken);
    await renew(t, admin);
    const fresh = await info(admin.accessToken);
    for (const r of [res, fresh]) {
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(r.headers['content-security-policy']).toContain("base-uri 'none'");
      expect(r.headers['x-powered-by']).toBeUndefined();
    }
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
