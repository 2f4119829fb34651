import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { type AuthTestApp, createAuthTestApp, stepUp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { FAKE_TM_QUICK_CLIENT, type FakeTm, startFakeTm } from '../market/helpers/fake-tm.ts';
import { addSandboxAccounts, as, ok } from './helpers.ts';

/** Seller accounts on a fake TM v2 on loopback (live market mode): the currency change and its refusals. */
describe('changing a seller account’s market currency', () => {
  let t: AuthTestApp;
  let fake: FakeTm;
  let user: TestUser;
  const world = new SandboxWorld();
  const [first, second] = world.healthyAccounts(2, 7301);
  const keyOf = (login: string) => `tm-key-${login}-0123456789`;
  const ids: number[] = [];

  const change = (id: number, currency: string, lang = 'en-US') =>
    t.call('POST', `/api/p2p/accounts/${id}/currency`, {
      token: user.accessToken,
      body: { currency },
      headers: { 'accept-language': lang },
    });

  beforeAll(async () => {
    fake = await startFakeTm(
      [first!, second!].map((account) => ({
        key: keyOf(account.login),
        currency: 'RUB' as const,
        money: 150_00,
        steamId64: account.steamId,
        inventory: ['9001'],
      })),
    );
    t = await createAuthTestApp({ marketMode: 'live', tmBaseUrl: fake.baseUrl }, undefined, {
      steam: { sandboxWorld: world },
      market: { live: FAKE_TM_QUICK_CLIENT },
    });
    user = await signedInUser(t, 'currency');
    const steamIds = await addSandboxAccounts(t, user.accessToken, [first!, second!], 120);
    await stepUp(t, user);
    for (const [i, account] of [first!, second!].entries()) {
      const row = await ok<{ id: number }>(
        as(t, user.accessToken, 'POST', '/api/p2p/accounts', {
          steamAccountId: steamIds[i],
          apiKey: keyOf(account.login),
          paymentPassword: 'pay-secret-1',
          tmCurrency: 'RUB',
        }),
      );
      ids.push(row.id);
    }
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sums the accounts’ balances per currency for the dashboard', async () => {
    const counters = await ok<{ balances: unknown }>(
      as(t, user.accessToken, 'GET', '/api/p2p/accounts/counters'),
    );
    expect(counters.balances).toEqual({
      available: [{ currency: 'RUB', amount: 300_00 }],
      onHold: [{ currency: 'RUB', amount: 0 }],
    });
  });

  it('calls change-currency once when nothing is listed and stores the new currency', async () => {
    const before = fake.countOf('change-currency');
    const res = await change(ids[0]!, 'USD');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: ids[0], currency: 'USD' });
    expect(fake.countOf('change-currency') - before).toBe(1);
    expect(fake.requests.at(-1)!.path).toBe('/api/v2/change-currency/USD');
    expect(fake.accounts.get(keyOf(first!.login))!.currency).toBe('USD');
  });

  it('refuses the currency it already has as invalid values, without asking the market', async () => {
    const before = fake.countOf('change-currency');
    const res = await change(ids[0]!, 'USD');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: 'Invalid values',
      errorDetails: { marketCode: '1004' },
    });
    expect(fake.countOf('change-currency')).toBe(before);
  });

  it('never asks the market while something is listed: failed to update', async () => {
    fake.accounts.get(keyOf(second!.login))!.listings.push({
      itemId: '1',
      asset: '9001',
      price: 100_00,
      currency: 'RUB',
    });
    const before = fake.countOf('change-currency');
    const res = await change(ids[1]!, 'EUR', 'ru-RU');
    expect(res.json().error.message).toMatch(/^Не удалось обновить валюту\./);
    expect(fake.countOf('change-currency')).toBe(before);
    fake.accounts.get(keyOf(second!.login))!.listings.length = 0;
  });

  it('shows the market’s refusal codes as the spec’s errors', async () => {
    fake.script('change-currency', { status: 200, body: JSON.stringify({ success: false, error: '1007' }) });
    const tooSoon = await change(ids[1]!, 'EUR');
    expect(tooSoon.json().error).toMatchObject({ errorDetails: { marketCode: '1007' } });
    expect(tooSoon.json().error.message).toMatch(/^Failed to update the currency\./);
    fake.script('change-currency', { status: 200, body: JSON.stringify({ success: false, error: '1005' }) });
    const bad = await change(ids[1]!, 'EUR', 'ru-RU');
    expect(bad.json().error).toMatchObject({
      message: 'Некорректные значения',
      errorDetails: { marketCode: '1005' },
    });
  });

  it('answers network error when the market cannot be reached, and keeps the stored currency', async () => {
    fake.script('change-currency', { status: 502 }, { status: 502 }, { status: 502 });
    const res = await change(ids[1]!, 'EUR');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('Network error');
    const row = await ok<{ currency: string }>(as(t, user.accessToken, 'GET', `/api/p2p/accounts/${ids[1]}`));
    expect(row.currency).toBe('RUB');
  });
});
