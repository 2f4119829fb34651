import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { steamAccounts } from '../../src/db/schema.ts';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addAccounts, addItem, dataOf, proxyData, seedProxies, world } from './helpers.ts';

describe('steamAccounts.add in sandbox mode', () => {
  let t: AuthTestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await signedInUser(t, 'admin');
  });
  afterAll(() => t.close());

  it('multiple mode: signs each account in through its proxy, stores it idle, answers errors by index', async () => {
    const user = await signedInUser(t, 'add-multiple', admin);
    const { ids } = await seedProxies(t, user, 1, { first: 1 });
    const [one, two, three] = world.healthyAccounts(3, 101);
    const res = await addAccounts(t, user, {
      mode: 'multiple',
      accounts: {
        '0': addItem(one!, { proxyId: ids[0]! }),
        '1': addItem(two!, { proxyData: proxyData(7) }),
        '2': addItem(three!),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = dataOf(res);
    expect(data.addedAccounts.map((a: { login: string }) => a.login).sort()).toEqual([
      one!.login,
      two!.login,
    ]);
    const first = data.addedAccounts.find((a: { login: string }) => a.login === one!.login);
    expect(first).toMatchObject({ steamId: one!.steamId, proxyId: ids[0], accountStatus: 0, tags: [] });
    expect(first.avatarUri).toMatch(/^data:image\/svg\+xml/);
    const second = data.addedAccounts.find((a: { login: string }) => a.login === two!.login);
    expect(second.proxy).toEqual({ address: '10.20.0.7', port: 3128 });
    expect(data.errors).toEqual({ '2': { reason: 'noProxy', message: 'No proxy' } });

    // The inline proxy is stored once: a second account with the same proxy data reuses it.
    const [four] = world.healthyAccounts(1, 104);
    const again = dataOf(
      await addAccounts(t, user, { accounts: { '5': addItem(four!, { proxyData: proxyData(7) }) } }),
    );
    expect(again.addedAccounts[0].proxyId).toBe(second.proxyId);
  });

  it('answers a stored account sent again with the same password and maFile as unchanged, another one as alreadyAdded', async () => {
    const user = await signedInUser(t, 'add-again', admin);
    const [bot] = world.healthyAccounts(1, 201);
    const item = addItem(bot!, { proxyData: proxyData(9) });
    const first = dataOf(await addAccounts(t, user, { accounts: { '0': item } }));
    expect(first.addedAccounts).toHaveLength(1);
    expect(first.unchanged).toEqual([]);

    // A rerun of an import cut short: success, nothing stored twice; a second row of one login is refused.
    const rerun = dataOf(
      await addAccounts(t, user, {
        accounts: { '0': item, '1': { ...item, login: bot!.login.toUpperCase() } },
      }),
    );
    expect(rerun.addedAccounts).toEqual([]);
    expect(rerun.unchanged).toEqual(['0']);
    expect(Object.keys(rerun.errors)).toEqual(['1']);
    expect(rerun.errors['1'].reason).toBe('alreadyAdded');

    // The same login with another password is a different account: refused as already added.
    const other = dataOf(
      await addAccounts(t, user, { accounts: { '0': { ...item, password: 'another-password' } } }, 'ru-RU'),
    );
    expect(other.unchanged).toEqual([]);
    expect(other.errors['0']).toEqual({ reason: 'alreadyAdded', message: 'Аккаунт уже добавлен' });
    const stored = await t.testDb.database.db
      .select({ id: steamAccounts.id })
      .from(steamAccounts)
      .where(eq(steamAccounts.userId, user.id));
    expect(stored).toHaveLength(1);
  });

  it('answers invalidMafile for a maFile of another login or an unreadable one', async () => {
    const user = await signedInUser(t, 'add-mafile', admin);
    const [a, b] = world.healthyAccounts(2, 301);
    const res = dataOf(
      await addAccounts(t, user, {
        accounts: {
          '0': { ...addItem(a!, { proxyData: proxyData(3) }), mafile: addItem(b!).mafile },
          '1': { ...addItem(b!, { proxyData: proxyData(3) }), mafile: '{"shared_secret": "nope"}' },
        },
      }),
    );
    expect(res.errors['0'].reason).toBe('invalidMafile');
    expect(res.errors['1'].reason).toBe('invalidMafile');
  });
});
