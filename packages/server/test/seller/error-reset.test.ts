import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxMarketKey } from '../../src/integrations/market/index.ts';
import { stepUp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import {
  addSandboxAccounts,
  addSellerAccounts,
  as,
  createSellerTestApp,
  ok,
  type SellerTestApp,
  waitFor,
} from './helpers.ts';

interface PlatformView {
  status: string;
  reason: string | null;
}

/**
 * The market's checks run once when a loop starts and then only every ten minutes: a lifted ban shows up that
 * soon only through the reset.
 */
const SLOW_SYNC = { pingEveryMs: 30_000, deliveryPollMs: 500, syncEveryMs: 600_000 };

describe('resetting a marketplace error', () => {
  let t: SellerTestApp;
  let user: TestUser;
  let other: TestUser;
  let key: string;
  let sellerId: number;

  const platformOf = async (token: string, id: number): Promise<PlatformView> =>
    (await ok<{ platforms: PlatformView[] }>(as(t, token, 'GET', `/api/p2p/accounts/${id}`))).platforms[0]!;
  const reset = (token: string, ids: number[], lang = 'en-US') =>
    as(t, token, 'POST', '/api/p2p/accounts/reset-error', { ids }, lang);

  beforeAll(async () => {
    t = await createSellerTestApp(SLOW_SYNC);
    user = await signedInUser(t, 'error-reset');
    other = await signedInUser(t, 'error-reset-other', user);
    const [account] = t.world.healthyAccounts(1, 5501);
    const steamIds = await addSandboxAccounts(t, user.accessToken, [account!], 81);
    await stepUp(t, user);
    [sellerId] = (await addSellerAccounts(t, user, steamIds, [account!])) as [number];
    key = sandboxMarketKey(account!.login);
    // The market banned the account from selling: its first sync puts the platform in status error.
    t.market.setSellingBan(key, true);
    await ok(as(t, user.accessToken, 'POST', '/api/p2p/accounts/start', { ids: [sellerId] }));
    await waitFor(async () => (await platformOf(user.accessToken, sellerId)).status === 'error', 30_000);
  }, 90_000);
  afterAll(() => t.close());

  it('keeps the error and says "Marketplace error reset failed" while the market still refuses', async () => {
    const refused = await ok(reset(user.accessToken, [sellerId]));
    expect(refused).toEqual({
      succeededIds: [],
      failed: [{ id: sellerId, resultCode: 8, message: 'Marketplace error reset failed', reason: 'failed' }],
      message: 'Some accounts could not be processed',
    });
    const ru = await ok(reset(user.accessToken, [sellerId], 'ru-RU'));
    expect(ru.failed[0].message).toBe('Не удалось сбросить ошибку маркетплейса');
    expect(await platformOf(user.accessToken, sellerId)).toMatchObject({
      status: 'error',
      reason: 'marketBanned',
    });
  });

  it("answers another user's account exactly as a missing one, and leaves it in error", async () => {
    const foreign = await ok(reset(other.accessToken, [sellerId]));
    const missing = await ok(reset(other.accessToken, [999_999]));
    expect(foreign.failed).toEqual([{ ...missing.failed[0], id: sellerId }]);
    expect(foreign.failed[0]).toMatchObject({ resultCode: 3, reason: 'notFound' });
    expect((await platformOf(user.accessToken, sellerId)).status).toBe('error');
  });

  it('clears the error once the market lifted the ban, and the account goes online at once; again is a no-op', async () => {
    t.market.setSellingBan(key, false);
    const done = await ok(reset(user.accessToken, [sellerId]));
    expect(done).toEqual({ succeededIds: [sellerId], failed: [], message: null });
    expect((await platformOf(user.accessToken, sellerId)).status).not.toBe('error');
    // The account's loop starts over: it pings and checks with the market now, not at the next sync.
    await waitFor(async () => (await platformOf(user.accessToken, sellerId)).status === 'online', 30_000);
    expect(await ok(reset(user.accessToken, [sellerId]))).toEqual({
      succeededIds: [sellerId],
      failed: [],
      message: null,
    });
    expect((await platformOf(user.accessToken, sellerId)).status).toBe('online');
    // Put back for a run of the file in another order.
    t.market.setSellingBan(key, true);
    await ok(as(t, user.accessToken, 'POST', '/api/p2p/accounts/stop', { ids: [sellerId], force: true }));
    await ok(as(t, user.accessToken, 'POST', '/api/p2p/accounts/start', { ids: [sellerId] }));
    await waitFor(async () => (await platformOf(user.accessToken, sellerId)).status === 'error', 30_000);
  }, 90_000);
});
