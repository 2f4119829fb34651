/**
 * `pacing.state`: the caller's busiest proxies with each class's budget and rest. A sign-in Steam rate-limits
 * (EResult 84) shows its proxy's login class resting for 30 minutes with the reason; another user, whose proxy
 * is elsewhere, sees only its own.
 */
import { RATE_LIMIT_COOL_DOWN_MS } from '@tradedeck/sdk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addAccounts, addItem, dataOf, proxyData, seedProxies, world } from '../steam-accounts/helpers.ts';

describe('pacing.state', () => {
  let t: AuthTestApp;
  let admin: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createAuthTestApp();
    admin = await signedInUser(t, 'pacing-admin');
    other = await signedInUser(t, 'pacing-other', admin);
  });
  afterAll(() => t.close());

  const state = (user: TestUser, query = '') =>
    t.call('GET', `/api/pacing${query}`, { token: user.accessToken });

  it('shows the login class of a proxy Steam rate-limited resting, with its reason, to its owner only', async () => {
    const before = t.clock.now();
    // A refused add keeps no proxy of its own: the account goes through one the admin already has.
    const { ids } = await seedProxies(t, admin, 1, { first: 201 });
    const limited = await addAccounts(t, admin, {
      accounts: { '0': addItem(world.find('sandbox_rate_limited')!, { proxyId: ids[0]! }) },
    });
    expect(dataOf(limited).errors['0'].reason).toBe('proxyError');
    const added = await addAccounts(t, other, {
      accounts: { '0': addItem(world.find('sandbox_bot_0042')!, { proxyData: proxyData(202) }) },
    });
    expect(added.statusCode).toBe(200);

    const mine = dataOf(await state(admin));
    expect(mine.proxies).toHaveLength(1);
    const [proxy] = mine.proxies;
    expect(proxy).toMatchObject({ proxyId: ids[0], address: '10.30.0.201:8080' });
    const login = proxy.classes.find((item: { class: string }) => item.class === 'login');
    expect(login).toMatchObject({ requests: 1, limits: 1, reason: 'login eresult 84' });
    expect(Date.parse(login.restingUntil) - before).toBeGreaterThanOrEqual(RATE_LIMIT_COOL_DOWN_MS - 1000);
    expect(proxy.restingUntil).toBe(login.restingUntil);

    const theirs = dataOf(await state(other));
    expect(theirs.proxies.map((item: { address: string }) => item.address)).toEqual(['10.20.0.202:3128']);
    expect(theirs.proxies[0].restingUntil).toBeNull();
    // Its password never shows.
    expect(JSON.stringify(theirs)).not.toContain('proxy-pass-202');
  });

  it('shows the rest on the proxy row and on the rows of its accounts, and lists resting proxies first', async () => {
    const user = await signedInUser(t, 'pacing-rows', admin);
    const { ids } = await seedProxies(t, user, 2, { first: 221 });
    const [calm, ...busy] = world.healthyAccounts(4, 3801);
    const stored = await addAccounts(t, user, {
      accounts: {
        '0': addItem(calm!, { proxyId: ids[0]! }),
        ...Object.fromEntries(
          busy.map((account, i) => [String(i + 1), addItem(account, { proxyId: ids[1]! })]),
        ),
      },
    });
    expect(dataOf(stored).errors).toEqual({});
    const limited = await addAccounts(t, user, {
      accounts: { '0': addItem(world.find('sandbox_rate_limited')!, { proxyId: ids[0]! }) },
    });
    expect(dataOf(limited).errors['0'].reason).toBe('proxyError');

    // The resting proxy leads though the other carried more calls; each counts the accounts it carries.
    const shown = dataOf(await state(user));
    expect(shown.proxies.map((row: { proxyId: number }) => row.proxyId)).toEqual([ids[0], ids[1]]);
    expect(shown.proxies.map((row: { requests: number }) => row.requests)).toEqual([2, 3]);
    expect(shown.proxies.map((row: { accounts: number }) => row.accounts)).toEqual([1, 3]);
    expect(shown.proxies[1].restingUntil).toBeNull();

    const rest = { until: shown.proxies[0].restingUntil, reason: 'login eresult 84' };
    const proxyRows = dataOf(
      await t.call('POST', '/api/proxies/query', {
        token: user.accessToken,
        body: { pages: { page: 1, pageSize: 10 } },
      }),
    ).items;
    const restOf = (rows: { id: number; resting: unknown }[], id: number) =>
      rows.find((row) => row.id === id)?.resting;
    expect(restOf(proxyRows, ids[0]!)).toEqual(rest);
    expect(restOf(proxyRows, ids[1]!)).toBeNull();
    const one = dataOf(await t.call('GET', `/api/proxies/${ids[0]}`, { token: user.accessToken }));
    expect(one.resting).toEqual(rest);

    const accountRows = dataOf(
      await t.call('POST', '/api/steam-accounts/query', {
        token: user.accessToken,
        body: { pages: { page: 1, pageSize: 10 } },
      }),
    ).items;
    expect(accountRows).toHaveLength(4);
    for (const row of accountRows) expect(row.resting).toEqual(row.login === calm!.login ? rest : null);
  });

  it('refuses a limit out of range with a clear error', async () => {
    const res = await state(admin, '?limit=0');
    expect(res.statusCode).toBe(400);
  });
});
