import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';

let t: AuthTestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createAuthTestApp();
  alice = await signedInUser(t, 'alice');
  bob = await signedInUser(t, 'bob', alice);
});
afterAll(() => t.close());

describe('settings.get and settings.update', () => {
  it('follow the language until the user chooses: Russian shows RUB, English USD', async () => {
    await t.call('POST', '/api/user/language', { token: alice.accessToken, body: { language: 'ru' } });
    const res = await t.call('GET', '/api/settings', { token: alice.accessToken });
    expect(res.json()).toEqual({
      success: true,
      data: { displayedCurrency: 'RUB', tmPreferredCurrency: 'RUB', chosen: false },
      error: null,
    });
    await t.call('POST', '/api/user/language', { token: bob.accessToken, body: { language: 'en' } });
    const english = await t.call('GET', '/api/settings', { token: bob.accessToken });
    expect(english.json().data).toEqual({
      displayedCurrency: 'USD',
      tmPreferredCurrency: 'USD',
      chosen: false,
    });
  });

  it('store a change for the caller only, which then holds whatever the language', async () => {
    const res = await t.call('PUT', '/api/settings', {
      token: alice.accessToken,
      body: { displayedCurrency: 'USD', tmPreferredCurrency: 'EUR' },
    });
    expect(res.json().data).toEqual({ displayedCurrency: 'USD', tmPreferredCurrency: 'EUR', chosen: true });
    const again = await t.call('GET', '/api/settings', { token: alice.accessToken });
    expect(again.json().data).toEqual({ displayedCurrency: 'USD', tmPreferredCurrency: 'EUR', chosen: true });
    const other = await t.call('GET', '/api/settings', { token: bob.accessToken });
    expect(other.json().data).toEqual({
      displayedCurrency: 'USD',
      tmPreferredCurrency: 'USD',
      chosen: false,
    });
    await t.call('POST', '/api/user/language', { token: alice.accessToken, body: { language: 'ru' } });
    await t.call('PUT', '/api/settings', {
      token: alice.accessToken,
      body: { displayedCurrency: 'EUR', tmPreferredCurrency: 'RUB' },
    });
    await t.call('POST', '/api/user/language', { token: alice.accessToken, body: { language: 'en' } });
    const chosen = await t.call('GET', '/api/settings', { token: alice.accessToken });
    expect(chosen.json().data).toEqual({
      displayedCurrency: 'EUR',
      tmPreferredCurrency: 'RUB',
      chosen: true,
    });
  });

  it('refuse a currency outside RUB, EUR, USD with a field error', async () => {
    const res = await t.call('PUT', '/api/settings', {
      token: alice.accessToken,
      body: { displayedCurrency: 'CNY', tmPreferredCurrency: 'EUR' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.resultCode).toBe(10);
    expect(Object.keys(res.json().error.errorDetails.fields)).toEqual(['displayedCurrency']);
  });

  it('need a signed-in user', async () => {
    const res = await t.call('GET', '/api/settings');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.resultCode).toBe(11);
  });
});

describe('search.global', () => {
  it('answers empty lists while no area has rows to search', async () => {
    const res = await t.call('POST', '/api/search/global', {
      token: alice.accessToken,
      body: { searchString: 'px' },
    });
    expect(res.json().data).toEqual({ proxies: [], steamAccounts: [] });
  });

  it('asks every registered source for the caller’s own hits, at most 8 per kind', async () => {
    const asked: Array<{ userId: string; text: string; limit: number }> = [];
    t.app.services.search.addProxySource({
      async search(userId, text, limit) {
        asked.push({ userId, text, limit });
        return Array.from({ length: 12 }, (_, i) => ({
          id: i + 1,
          proxyName: null,
          address: '10.0.0.1',
          port: 8000 + i,
        }));
      },
    });
    const res = await t.call('POST', '/api/search/global', {
      token: bob.accessToken,
      body: { searchString: '  10.0 ' },
    });
    expect(asked).toEqual([{ userId: bob.id, text: '10.0', limit: 8 }]);
    expect(res.json().data.proxies).toHaveLength(8);
  });

  it('refuses an empty search string', async () => {
    const res = await t.call('POST', '/api/search/global', {
      token: alice.accessToken,
      body: { searchString: '  ' },
    });
    expect(res.json().error.resultCode).toBe(10);
  });
});
