import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../src/security/totp.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  PASSWORD,
  signUp,
  stepUp,
  type TestUser,
} from './helpers/auth-app.ts';

/**
 * Stores secrets through the API (password, TOTP seed, recovery codes, e-mailed codes, tokens), then dumps the
 * whole database, rows and raw data files, and the server log, and looks for every plaintext value.
 */
describe('no plaintext secret in a database dump or in the log', () => {
  let t: AuthTestApp;
  const log: string[] = [];
  const canaries: string[] = [];
  let user: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp({}, log);
    const admin = await signUp(t, 'admin');
    user = await signUp(t, 'canary', admin);
    await stepUp(t, user);
    const key = await t.call('POST', '/api/user/otp-key', { token: user.accessToken, body: {} });
    const secret = key.json().data.secret as string;
    const enabled = await t.call('POST', '/api/user/authenticator', {
      token: user.accessToken,
      body: { enable: true, twoFactor: { codes: { totp: totpCode(secret, t.clock.now()) } } },
    });
    const recovery = enabled.json().data.recoveryCodes as string[];
    t.clock.advance(30_000);
    const since = t.smtp.mails.length;
    await t.call('POST', '/api/user/request-two-factor', {
      token: user.accessToken,
      body: { purpose: 'changePassword' },
    });
    const emailCode = /\b(\d{6})\b/.exec(
      (await t.smtp.waitFor(user.email, { since, subject: /code/i })).text,
    )![1]!;
    canaries.push(PASSWORD, secret, ...recovery, user.accessToken, user.cookie.split('=')[1]!, emailCode);
    await t.call('POST', '/api/auth/login', {
      body: {
        email: user.email,
        password: PASSWORD,
        twoFactor: { codes: { totp: totpCode(secret, t.clock.now()) } },
      },
    });
  });
  afterAll(() => t.close());

  it('row dump of every table holds none of the secrets', async () => {
    const db = t.testDb.database.db;
    const tables = (await db.execute(
      "select tablename from pg_tables where schemaname = 'public'",
    )) as unknown as { rows: Array<{ tablename: string }> };
    expect(tables.rows.map((r) => r.tablename)).toEqual(
      expect.arrayContaining(['users', 'user_keys', 'recovery_codes']),
    );
    let dump = '';
    for (const { tablename } of tables.rows) {
      const rows = (await db.execute(`select t::text as row from "${tablename}" t`)) as unknown as {
        rows: Array<{ row: string }>;
      };
      dump += rows.rows.map((r) => r.row).join('\n');
    }
    expect(dump).toContain(user.email);
    expect(dump).toMatch(/v1\.d1\.[A-Za-z0-9_-]{40,}/);
    for (const canary of canaries)
      expect(dump.includes(canary), `plaintext found: ${canary.slice(0, 6)}…`).toBe(false);
    // Hex and base64 spellings of the TOTP seed are not there either.
    expect(dump).not.toContain(Buffer.from(canaries[1]!).toString('base64'));
  });

  it('raw data files of the database hold none of the secrets', async () => {
    if (t.testDb.database.kind !== 'pglite') return;
    const client = (
      t.testDb.database.db as unknown as {
        $client: { query(sql: string): Promise<unknown>; dumpDataDir(c: 'none'): Promise<Blob> };
      }
    ).$client;
    await client.query('CHECKPOINT');
    const raw = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()).toString('latin1');
    expect(raw).toContain(user.email);
    for (const canary of canaries)
      expect(raw.includes(canary), `plaintext found: ${canary.slice(0, 6)}…`).toBe(false);
  });

  it('the server log holds none of the secrets', () => {
    const text = log.join('');
    expect(text).toContain('security event: login');
    for (const canary of canaries)
      expect(text.includes(canary), `plaintext in log: ${canary.slice(0, 6)}…`).toBe(false);
  });
});
