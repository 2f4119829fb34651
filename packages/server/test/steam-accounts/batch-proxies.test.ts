import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxies } from '../../src/db/schema.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addAccounts, addItem, dataOf, proxyData, seedProxies, world } from './helpers.ts';

describe('batch proxy assignment', () => {
  let t: AuthTestApp;
  let user: TestUser;
  let other: TestUser;
  let accounts: { id: number; login: string; steamId: string; proxyId: number }[];
  let seeded: number[];

  const call = (url: string, body: unknown, who = user) =>
    t.call('POST', url, { token: who.accessToken, body });

  beforeAll(async () => {
    t = await createAuthTestApp();
    const admin = await signedInUser(t, 'admin');
    user = await signedInUser(t, 'batch-proxies', admin);
    other = await signedInUser(t, 'batch-proxies-other', admin);
    seeded = (await seedProxies(t, user, 2)).ids;
    const bots = world.healthyAccounts(4, 801);
    const data = dataOf(
      await addAccounts(t, user, {
        accounts: Object.fromEntries(
          bots.map((bot, i) => [String(i), addItem(bot, { proxyData: proxyData(40) })]),
        ),
      }),
    );
    accounts = data.addedAccounts.sort((a: { login: string }, b: { login: string }) =>
      a.login.localeCompare(b.login),
    );
  });
  afterAll(() => t.close());

  it('previews `account:proxy` lines against the user’s accounts and proxies without saving', async () => {
    const [a, b] = accounts;
    const lines = [
      `${a!.login.toUpperCase()}:10.20.0.40:3128:user40:proxy-pass-40`,
      `${b!.steamId}:socks5://u:p@10.9.9.9:1080`,
      'nobody_here:10.1.1.1:80',
      'broken-line',
      `${a!.login}:10.1.1.1:99999`,
    ].join('\n');
    const data = dataOf(await call('/api/steam-accounts/parse-accounts-to-proxies', { lines }));
    expect(data.items).toEqual([
      {
        line: 1,
        login: a!.login.toUpperCase(),
        accountId: a!.id,
        proxy: {
          protocol: null,
          address: '10.20.0.40',
          port: 3128,
          username: 'user40',
          password: 'proxy-pass-40',
        },
        proxyId: a!.proxyId,
      },
      {
        line: 2,
        login: b!.steamId,
        accountId: b!.id,
        proxy: { protocol: 'socks5', address: '10.9.9.9', port: 1080, username: 'u', password: 'p' },
        proxyId: null,
      },
      {
        line: 3,
        login: 'nobody_here',
        accountId: null,
        proxy: { protocol: null, address: '10.1.1.1', port: 80, username: null, password: null },
        proxyId: null,
      },
    ]);
    expect(data.errors.map((e: { line: number; reason: string }) => [e.line, e.reason])).toEqual([
      [3, 'unknownAccount'],
      [4, 'missingSeparator'],
      [5, 'invalidPort'],
    ]);
    // Nothing was saved.
    const row = dataOf(await t.call('GET', `/api/steam-accounts/${b!.id}`, { token: user.accessToken }));
    expect(row.proxyId).toBe(b!.proxyId);
  });

  it('applies lines in one go: new proxies are stored, `account:` removes, unknown accounts are reported', async () => {
    const [a, b, c] = accounts;
    const lines = [
      `${a!.login}:socks5://u:p@10.9.9.9:1080`,
      `${b!.login}:`,
      `${c!.login}:10.20.0.40:3128:user40:proxy-pass-40`,
      'ghost:1.2.3.4:80',
    ].join('\n');
    const res = await call('/api/steam-accounts/batch/proxies-from-lines', { lines });
    expect(res.statusCode, res.body).toBe(200);
    const data = dataOf(res);
    expect(data.succeededIds.sort()).toEqual([a!.id, b!.id, c!.id].sort());
    expect(data.addedProxyIds).toHaveLength(1);
    expect(data.errors).toEqual([
      { line: 4, account: 'ghost', reason: 'unknownAccount', message: 'Account not found' },
    ]);
    const get = async (id: number) =>
      dataOf(await t.call('GET', `/api/steam-accounts/${id}`, { token: user.accessToken }));
    expect((await get(a!.id)).proxyId).toBe(data.addedProxyIds[0]);
    expect((await get(b!.id)).proxyId).toBeNull();
    expect((await get(c!.id)).proxyId).toBe(c!.proxyId);
    const stored = await t.testDb.database.db
      .select()
      .from(proxies)
      .where(eq(proxies.id, data.addedProxyIds[0]));
    expect(stored[0]).toMatchObject({ protocol: 3, host: '10.9.9.9', port: 1080, username: 'u' });
    expect(stored[0]!.passwordEnc).not.toBe('p');
    // The same lines again store nothing new.
    expect(
      dataOf(await call('/api/steam-accounts/batch/proxies-from-lines', { lines })).addedProxyIds,
    ).toEqual([]);
  });

  it('sets stored proxies on many accounts; foreign accounts and proxies fail with 3', async () => {
    const [a, b] = accounts;
    const foreignProxy = (await seedProxies(t, other, 1, { first: 77 })).ids[0]!;
    const data = dataOf(
      await call('/api/steam-accounts/batch/proxies', {
        accountsToProxies: [
          { accountId: a!.id, proxyId: seeded[0] },
          { accountId: b!.id, proxyId: foreignProxy },
          { accountId: 99999999, proxyId: null },
        ],
      }),
    );
    expect(data.succeededIds).toEqual([a!.id]);
    expect(data.failed.map((f: { id: number; resultCode: number }) => [f.id, f.resultCode])).toEqual([
      [b!.id, 3],
      [99999999, 3],
    ]);
    const rowB = dataOf(await t.call('GET', `/api/steam-accounts/${b!.id}`, { token: user.accessToken }));
    expect(rowB.proxyId).not.toBe(foreignProxy);
  });
});
