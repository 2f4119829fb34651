import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addAccounts, addItem, dataOf, seedProxies, world } from './helpers.ts';

interface Row {
  id: number;
  login: string;
  steamId: string;
  proxyId: number | null;
  accountStatus: number;
  tags: { id: number; name: string }[];
  createdAt: string;
  lastLoginAt: string | null;
  lastError: string | null;
}

describe('steamAccounts query, counters, querySpec, get, listTags and the search source', () => {
  let t: AuthTestApp;
  let user: TestUser;
  let other: TestUser;
  let rows: Row[];
  let tagA: number;
  let tagB: number;

  const query = async (body: Record<string, unknown>, who = user) => {
    const res = await t.call('POST', '/api/steam-accounts/query', { token: who.accessToken, body });
    expect(res.statusCode, res.body).toBe(200);
    return dataOf(res) as { items: Row[]; total: number; page: number; pageSize: number };
  };

  beforeAll(async () => {
    t = await createAuthTestApp();
    const admin = await signedInUser(t, 'admin');
    user = await signedInUser(t, 'query', admin);
    other = await signedInUser(t, 'query-other', admin);
    const { ids } = await seedProxies(t, user, 2);
    const bots = world.healthyAccounts(12, 401);
    const accounts = Object.fromEntries(
      bots.map((bot, i) => [String(i), addItem(bot, { proxyId: i < 8 ? ids[i % 2]! : null })]),
    );
    // Rows without a proxy fail (noProxy): give them one, then remove it, so the list holds both kinds.
    for (const i of [8, 9, 10, 11]) accounts[String(i)]!.proxyId = ids[0]!;
    const added = dataOf(await addAccounts(t, user, { accounts }));
    expect(added.addedAccounts).toHaveLength(12);
    rows = (await query({ pages: { page: 1, pageSize: 100 }, sort: [{ propertyName: 'login' }] })).items;
    for (const row of rows.slice(8))
      await t.call('PUT', `/api/steam-accounts/${row.id}/proxy`, {
        token: user.accessToken,
        body: { proxyId: null },
      });
    const tagged = await t.call('POST', '/api/steam-accounts/batch/tags/add', {
      token: user.accessToken,
      body: { accountIds: rows.slice(0, 4).map((r) => r.id), tag: { id: 0, name: 'Farm A' } },
    });
    tagA = dataOf(tagged).tag.id;
    const taggedB = await t.call('POST', '/api/steam-accounts/batch/tags/add', {
      token: user.accessToken,
      body: { accountIds: rows.slice(2, 6).map((r) => r.id), tag: { id: 0, name: 'Farm B' } },
    });
    tagB = dataOf(taggedB).tag.id;
    // Another user's account with a similar login never shows up.
    const [foreign] = world.healthyAccounts(1, 499);
    const { ids: otherProxies } = await seedProxies(t, other, 1, { first: 90 });
    await addAccounts(t, other, { accounts: { '0': addItem(foreign!, { proxyId: otherProxies[0]! }) } });
  });
  afterAll(() => t.close());

  it('pages and sorts, with the total of all matches', async () => {
    const page = await query({ pages: { page: 2, pageSize: 10 }, sort: [{ propertyName: 'login' }] });
    expect(page.total).toBe(12);
    expect(page.page).toBe(2);
    expect(page.pageSize).toBe(10);
    expect(page.items.map((r) => r.login)).toEqual(rows.slice(10).map((r) => r.login));
    const descending = await query({ sort: [{ propertyName: 'steamId', isDescending: true }] });
    expect(descending.pageSize).toBe(50);
    const steamIds = descending.items.map((r) => r.steamId);
    expect(steamIds).toEqual([...steamIds].sort().reverse());
    expect(descending.items.every((r) => r.lastLoginAt !== null && r.lastError === null)).toBe(true);
    const pastTheEnd = await query({ pages: { page: 3, pageSize: 10 } });
    expect(pastTheEnd.items).toEqual([]);
    expect(pastTheEnd.total).toBe(12);
  });

  it('lists each row with its tags sorted by name', async () => {
    const page = await query({ pages: { page: 1, pageSize: 100 }, sort: [{ propertyName: 'login' }] });
    const names = page.items.map((r) => r.tags.map((tag) => tag.name));
    expect(names.slice(0, 7)).toEqual([
      ['Farm A'],
      ['Farm A'],
      ['Farm A', 'Farm B'],
      ['Farm A', 'Farm B'],
      ['Farm B'],
      ['Farm B'],
      [],
    ]);
    expect(page.items[2]!.tags.map((tag) => tag.id)).toEqual([tagA, tagB]);
  });

  it('filters by tags (any of / none of), proxy presence, status and text', async () => {
    const withA = await query({ withTagIds: [tagA] });
    expect(withA.total).toBe(4);
    const withAorB = await query({ withTagIds: [tagA, tagB] });
    expect(withAorB.total).toBe(6);
    const exceptB = await query({ exceptTagIds: [tagB] });
    expect(exceptB.total).toBe(8);
    expect((await query({ hasProxy: true })).total).toBe(8);
    const noProxy = await query({ hasProxy: false });
    expect(noProxy.items.every((r) => r.proxyId === null)).toBe(true);
    expect(noProxy.total).toBe(4);
    expect((await query({ withStatus: [0] })).total).toBe(12);
    expect((await query({ exceptStatus: [0] })).total).toBe(0);
    const text = await query({ searchString: rows[3]!.login.slice(-4) });
    expect(text.items.map((r) => r.login)).toContain(rows[3]!.login);
    const bySteamId = await query({ searchString: rows[5]!.steamId });
    expect(bySteamId.items.map((r) => r.id)).toEqual([rows[5]!.id]);
    expect((await query({ searchString: '%' })).total).toBe(0);
    // The proxy's address matches too, and only the user's own proxies count.
    const byProxy = await query({ searchString: '10.30.0.2' });
    const proxyOfFirstMatch = byProxy.items[0]!.proxyId;
    expect(byProxy.total).toBe(4);
    expect(byProxy.items.every((r) => r.proxyId === proxyOfFirstMatch)).toBe(true);
    expect((await query({ searchString: '10.30.0.9' })).total).toBe(0);
    expect((await query({ searchString: 'sandbox_bot_0499' })).total).toBe(0);
  });

  it('refuses a sort property the spec does not list', async () => {
    const res = await t.call('POST', '/api/steam-accounts/query', {
      token: user.accessToken,
      body: { sort: [{ propertyName: 'passwordEnc' }] },
    });
    expect(res.json().error.resultCode).toBe(10);
  });

  it('counts accounts by status', async () => {
    const res = await t.call('GET', '/api/steam-accounts/counters', { token: user.accessToken });
    expect(dataOf(res)).toEqual({ total: 12, byStatus: { '0': 12, '1': 0, '2': 0 } });
  });

  it('describes the query', async () => {
    const spec = dataOf(await t.call('GET', '/api/steam-accounts/query-spec', { token: user.accessToken }));
    expect(spec.sortable).toContain('lastLoginAt');
    expect(spec.filters).toEqual([
      'withTagIds',
      'exceptTagIds',
      'hasProxy',
      'searchString',
      'withStatus',
      'exceptStatus',
    ]);
    expect(spec.pageSizes).toEqual([10, 25, 50, 100]);
    expect(spec.defaultPageSize).toBe(50);
  });

  it('gets one account with its tags; another user gets 3', async () => {
    const row = dataOf(
      await t.call('GET', `/api/steam-accounts/${rows[2]!.id}`, { token: user.accessToken }),
    );
    expect(row.tags.map((tag: { name: string }) => tag.name)).toEqual(['Farm A', 'Farm B']);
    expect(row).not.toHaveProperty('passwordEnc');
    const foreign = await t.call('GET', `/api/steam-accounts/${rows[2]!.id}`, { token: other.accessToken });
    expect(foreign.json().error.resultCode).toBe(3);
  });

  it('lists tags with their counts', async () => {
    const tags = dataOf(await t.call('GET', '/api/steam-accounts/tags', { token: user.accessToken }));
    expect(tags).toEqual([
      { id: tagA, name: 'Farm A', count: 4 },
      { id: tagB, name: 'Farm B', count: 4 },
    ]);
    expect(dataOf(await t.call('GET', '/api/steam-accounts/tags', { token: other.accessToken }))).toEqual([]);
  });

  it('feeds the global search by login and SteamID', async () => {
    const res = await t.call('POST', '/api/search/global', {
      token: user.accessToken,
      body: { searchString: rows[1]!.steamId },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res).steamAccounts).toEqual([
      { id: rows[1]!.id, login: rows[1]!.login, steamId: rows[1]!.steamId },
    ]);
    const foreign = await t.call('POST', '/api/search/global', {
      token: other.accessToken,
      body: { searchString: rows[1]!.steamId },
    });
    expect(dataOf(foreign).steamAccounts).toEqual([]);
  });
});
