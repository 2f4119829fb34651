import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config.ts';
import { type AuthTestApp, createAuthTestApp, PASSWORD, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';

/** A client on the internet, reaching the server directly (not through the reverse proxy). */
const OUTSIDER = '203.0.113.9';

/** The client address the server believes, as its proxy judge echoes it. */
async function seenAddress(t: AuthTestApp, remote: string, forwardedFor?: string): Promise<string> {
  const res = await t.call('GET', '/api/proxy-judge', {
    ip: remote,
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });
  return res.json().data.ip as string;
}

describe('forwarded headers behind PUBLIC_URL (default: only a reverse proxy on loopback is trusted)', () => {
  let t: AuthTestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createAuthTestApp({ publicUrl: 'https://panel.test' });
    admin = await signedInUser(t, 'admin');
  }, 120_000);
  afterAll(() => t.close());

  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    expect(await seenAddress(t, OUTSIDER, '198.51.100.1')).toBe(OUTSIDER);
    expect(await seenAddress(t, OUTSIDER, '198.51.100.1, 127.0.0.1')).toBe(OUTSIDER);
  });

  it('takes the right-most address the trusted proxy did not add', async () => {
    expect(await seenAddress(t, '127.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
    // A client may send its own X-Forwarded-For: the proxy appends the real address, which wins.
    expect(await seenAddress(t, '127.0.0.1', '10.9.9.9, 198.51.100.8')).toBe('198.51.100.8');
  });

  it('keys the per-address login limit on the real address however X-Forwarded-For changes', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const res = await t.call('POST', '/api/auth/login', {
        body: { email: `nobody-${i}@example.test`, password: 'Wrong-Password-1' },
        ip: OUTSIDER,
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses[10]).toBe(429);
  }, 120_000);

  it('records the real address on the device session', async () => {
    const res = await t.call('POST', '/api/auth/login', {
      body: { email: admin.email, password: PASSWORD },
      ip: '203.0.113.77',
      headers: { 'x-forwarded-for': '192.0.2.66' },
    });
    expect(res.statusCode).toBe(200);
    const token = res.json().data.accessToken as string;
    const sessions = await t.call('GET', '/api/user/sessions', { token });
    const items = sessions.json().data.items as { ip: string | null; current: boolean }[];
    const current = items.find((s) => s.current);
    expect(current?.ip).toBe('203.0.113.77');
  });

  it('gives no HSTS and no __Host- cookie for X-Forwarded-Proto: https from an untrusted client', async () => {
    const spoofed = await t.call('POST', '/api/auth/login', {
      body: { email: admin.email, password: PASSWORD },
      ip: '203.0.113.78',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.statusCode).toBe(200);
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    expect(spoofed.cookies.map((c) => c.name)).toEqual(['tradedeck-rt', 'tradedeck-signed-in']);

    const proxied = await t.call('POST', '/api/auth/login', {
      body: { email: admin.email, password: PASSWORD },
      ip: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.79' },
    });
    expect(proxied.headers['strict-transport-security']).toBeDefined();
    expect(proxied.cookies.map((c) => c.name)).toEqual(['__Host-rt', 'tradedeck-signed-in']);
  });
});

describe('TRADEDECK_TRUSTED_PROXIES', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp({
      publicUrl: 'https://panel.test',
      ...pick(loadConfig({ TRADEDECK_TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.10' }), 'trustedProxies'),
    });
  }, 120_000);
  afterAll(() => t.close());

  it('trusts only the listed hops, loopback included only when listed', async () => {
    expect(await seenAddress(t, '10.1.2.3', '198.51.100.20')).toBe('198.51.100.20');
    // Two trusted hops in a row: the address before both is the client.
    expect(await seenAddress(t, '10.1.2.3', '198.51.100.21, 192.0.2.10')).toBe('198.51.100.21');
    expect(await seenAddress(t, '127.0.0.1', '198.51.100.22')).toBe('127.0.0.1');
    expect(await seenAddress(t, OUTSIDER, '198.51.100.23')).toBe(OUTSIDER);
  });

  it('refuses entries that are not addresses, ranges or known names', () => {
    expect(() => loadConfig({ TRADEDECK_TRUSTED_PROXIES: 'proxy.example' })).toThrow(
      /TRADEDECK_TRUSTED_PROXIES/,
    );
    expect(() => loadConfig({ TRADEDECK_TRUSTED_PROXIES: '10.0.0.0/40' })).toThrow(
      /TRADEDECK_TRUSTED_PROXIES/,
    );
    expect(loadConfig({ TRADEDECK_TRUSTED_PROXIES: 'loopback uniquelocal' }).trustedProxies).toEqual([
      'loopback',
      'uniquelocal',
    ]);
  });
});

function pick<T, K extends keyof T>(value: T, key: K): Pick<T, K> {
  return { [key]: value[key] } as Pick<T, K>;
}
