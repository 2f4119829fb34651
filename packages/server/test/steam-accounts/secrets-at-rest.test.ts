import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { steamAccounts } from '../../src/db/schema.ts';
import { accountSlot } from '../../src/modules/steam-accounts/deps.ts';
import { type AuthTestApp, createAuthTestApp, stepUp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addAccounts, addItem, dataOf, proxyData, world } from './helpers.ts';

/**
 * Adds accounts with every kind of secret through the API, then dumps every text column of every table and the
 * server log and looks for each plaintext value.
 */
describe('Steam account secrets at rest', () => {
  let t: AuthTestApp;
  let user: TestUser;
  const log: string[] = [];
  const canaries: string[] = [];
  let responses = '';

  beforeAll(async () => {
    t = await createAuthTestApp({}, log);
    const admin = await signedInUser(t, 'admin');
    user = await signedInUser(t, 'secrets', admin);
    const [a, b] = world.healthyAccounts(2, 1001);
    const added = await addAccounts(t, user, {
      accounts: {
        '0': addItem(a!, { proxyData: { ...proxyData(60), password: 'Proxy-Canary-60' } }),
        '1': addItem(b!, { proxyData: proxyData(61) }),
      },
    });
    responses += added.body;
    const ids = (dataOf(added).addedAccounts as { id: number; login: string }[]).map((row) => row.id);
    await stepUp(t, user);
    const update = await t.call('PUT', `/api/steam-accounts/${ids[1]}/password`, {
      token: user.accessToken,
      body: { password: 'Updated-Canary-Pass' },
    });
    responses += update.body;
    const lines = await t.call('POST', '/api/steam-accounts/batch/proxies-from-lines', {
      token: user.accessToken,
      body: { lines: `${a!.login}:10.8.8.8:8080:lineuser:Line-Proxy-Canary` },
    });
    responses += lines.body;
    for (const id of ids) {
      responses += (await t.call('GET', `/api/steam-accounts/${id}`, { token: user.accessToken })).body;
      responses += (await t.call('GET', `/api/steam-accounts/${id}/credentials`, { token: user.accessToken }))
        .body;
    }
    responses += (await t.call('POST', '/api/steam-accounts/query', { token: user.accessToken, body: {} }))
      .body;

    // The refresh tokens Steam issued exist only sealed: open them to know what to look for.
    for (const id of ids) {
      const [row] = await t.testDb.database.db.select().from(steamAccounts).where(eq(steamAccounts.id, id));
      const token = await t.app.services.auth.secrets.decrypt(
        accountSlot(user.id, id, 'refresh_token_enc'),
        row!.refreshTokenEnc!,
      );
      expect(token).toMatch(/^eyJ/);
      canaries.push(token);
    }
    const mafile = JSON.parse(addItem(a!).mafile) as Record<string, string>;
    canaries.push(
      a!.password,
      b!.password,
      'Updated-Canary-Pass',
      'Proxy-Canary-60',
      'proxy-pass-61',
      'Line-Proxy-Canary',
      a!.sharedSecret,
      a!.identitySecret,
      b!.sharedSecret,
      mafile.revocation_code!,
      mafile.secret_1!,
    );
  });
  afterAll(() => t.close());

  it('no text column of any table holds a plaintext secret', async () => {
    const db = t.testDb.database.db;
    const columns = (await db.execute(
      "select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')",
    )) as unknown as { rows: { table_name: string; column_name: string }[] };
    expect(columns.rows.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(
      expect.arrayContaining([
        'steam_accounts.password_enc',
        'steam_accounts.mafile_enc',
        'proxies.password_enc',
      ]),
    );
    let dump = '';
    for (const { table_name, column_name } of columns.rows) {
      const rows = (await db.execute(
        `select "${column_name}"::text as v from "${table_name}" where "${column_name}" is not null`,
      )) as unknown as { rows: { v: string }[] };
      dump += `${rows.rows.map((r) => r.v).join('\n')}\n`;
    }
    expect(dump).toMatch(/v1\.d1\.[A-Za-z0-9_-]{40,}/);
    expect(dump).toContain('sandbox_bot_1001');
    for (const canary of canaries)
      expect(dump.includes(canary), `plaintext found: ${canary.slice(0, 6)}…`).toBe(false);
  });

  it('no answer and no log line holds one either', () => {
    const logText = log.join('\n');
    expect(logText.length).toBeGreaterThan(0);
    for (const canary of canaries) {
      expect(responses.includes(canary), `answer holds ${canary.slice(0, 6)}…`).toBe(false);
      expect(logText.includes(canary), `log holds ${canary.slice(0, 6)}…`).toBe(false);
    }
  });
});
