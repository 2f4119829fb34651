/**
 * One Steam account selling on TM and Waxpeer (the sandbox of each, over one sandbox Steam world), run by the one
 * delivery engine: an item that sells on both markets in the same instant is delivered once (the sale recorded
 * first), the other sale is held back (no offer) and the user is told; a Waxpeer sale with a minute or less
 * before its `send_until` gets no offer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxMarket, sandboxMarketKey } from '../../src/integrations/market/index.ts';
import { type SandboxAccount, SandboxWorld } from '../../src/integrations/steam/index.ts';
import { type AuthTestApp, createAuthTestApp, stepUp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { addSandboxAccounts, as, deliveriesOf, ok, TEST_TIMING, waitFor } from './helpers.ts';

type Platform = 'tm' | 'waxpeer';

describe('one delivery engine for TM and Waxpeer', () => {
  let t: AuthTestApp;
  let user: TestUser;
  const world = new SandboxWorld();
  const markets: Record<Platform, SandboxMarket> = {
    tm: new SandboxMarket(world),
    waxpeer: new SandboxMarket(world),
  };

  beforeAll(async () => {
    t = await createAuthTestApp({}, undefined, {
      steam: { sandboxWorld: world },
      market: { sandboxMarket: markets.tm, waxpeerSandboxMarket: markets.waxpeer },
      seller: { timing: TEST_TIMING },
    });
    user = await signedInUser(t, 'two-markets');
  }, 60_000);
  afterAll(() => t.close());

  /** Connects the Steam account to one market and starts it; answers the seller account id. */
  async function connect(
    steamAccountId: number,
    account: SandboxAccount,
    platform: Platform,
  ): Promise<number> {
    const create = () =>
      as(t, user.accessToken, 'POST', '/api/p2p/accounts', {
        steamAccountId,
        apiKey: sandboxMarketKey(account.login),
        paymentPassword: 'pay-secret-1',
        tmCurrency: 'USD',
        platform,
      });
    let res = await create();
    if (res.statusCode === 403) {
      await stepUp(t, user);
      res = await create();
    }
    const row = await ok<{ id: number; platforms: { platform: string }[] }>(Promise.resolve(res));
    expect(row.platforms.map((p) => p.platform)).toEqual([platform]);
    await ok(as(t, user.accessToken, 'POST', '/api/p2p/accounts/start', { ids: [row.id] }));
    return row.id;
  }

  async function bothOnline(ids: number[]): Promise<void> {
    await waitFor(async () => {
      const page = await ok<{ items: { id: number; platforms: { status: string }[] }[] }>(
        as(t, user.accessToken, 'POST', '/api/p2p/accounts/query', {}),
      );
      return ids.every((id) => page.items.find((row) => row.id === id)?.platforms[0]?.status === 'online');
    }, 60_000);
  }

  /** Lists one tradable item of the account on a market; answers the market's item id. */
  function list(platform: Platform, account: SandboxAccount, assetId?: string) {
    const market = markets[platform];
    const seller = market.account(sandboxMarketKey(account.login), 'USD')!;
    const now = t.clock.now();
    const items = market.steamItems(seller, now);
    const item = assetId ? items.find((entry) => entry.asset.assetId === assetId)! : items[0]!;
    const itemId = market.list(seller, item.asset, item.game, { currency: 'USD', amount: 5_000 }, now);
    return { itemId, assetId: item.asset.assetId };
  }

  function offersOf(account: SandboxAccount, assetId: string) {
    const listed = world.trading.list(
      account.steamId,
      { sent: true, received: false, since: new Date(0) },
      t.clock.now(),
    );
    if (!listed.ok) throw new Error(listed.reason);
    return listed.offers.filter((offer) => offer.itemsToGive.some((item) => item.assetId === assetId));
  }

  it('delivers an item sold on both markets at once exactly once, holds the other sale back and tells the user', async () => {
    const [account] = world.healthyAccounts(1, 6101);
    const [steamAccountId] = await addSandboxAccounts(t, user.accessToken, [account!], 60);
    const tmId = await connect(steamAccountId!, account!, 'tm');
    const waxId = await connect(steamAccountId!, account!, 'waxpeer');
    await bothOnline([tmId, waxId]);

    const onTm = list('tm', account!);
    const onWax = list('waxpeer', account!, onTm.assetId);
    const now = t.clock.now();
    expect(markets.tm.sellNow(onTm.itemId, now)).toBe(true);
    expect(markets.waxpeer.sellNow(onWax.itemId, now)).toBe(true);

    const settled = await waitFor(async () => {
      const all = [
        ...(await deliveriesOf(t, user.accessToken, tmId)),
        ...(await deliveriesOf(t, user.accessToken, waxId)),
      ];
      return all.length === 2 &&
        all.some((d) => d.status === 'ready') &&
        all.some((d) => d.status === 'failed')
        ? all
        : null;
    }, 60_000);
    const held = settled.find((d) => d.status === 'failed')!;
    expect(held.failure).toBe('soldElsewhere');
    expect(held.offerId).toBeNull();
    // One offer for the item in the whole trade book.
    expect(offersOf(account!, onTm.assetId)).toHaveLength(1);
    const notes = await ok<{ items: { kind: string; params: { platform: string; items: number } }[] }>(
      as(t, user.accessToken, 'POST', '/api/notifications/query', {}),
    );
    expect(notes.items.filter((n) => n.kind === 'saleHeldBack')).toHaveLength(1);
  }, 150_000);

  it('starts no offer for a Waxpeer sale with a minute or less before send_until', async () => {
    const [account] = world.healthyAccounts(1, 6201);
    const [steamAccountId] = await addSandboxAccounts(t, user.accessToken, [account!], 60);
    const waxId = await connect(steamAccountId!, account!, 'waxpeer');
    await bothOnline([waxId]);
    const onWax = list('waxpeer', account!);
    // Sold 5 minutes 5 seconds ago: 55 s are left of Waxpeer's 6 minutes.
    expect(markets.waxpeer.sellNow(onWax.itemId, t.clock.now() - 305_000)).toBe(true);
    const [delivery] = await waitFor(async () => {
      const all = await deliveriesOf(t, user.accessToken, waxId);
      return all.length === 1 && all[0]!.status === 'failed' ? all : null;
    }, 60_000);
    expect(delivery!.failure).toBe('tooLate');
    expect(offersOf(account!, onWax.assetId)).toHaveLength(0);
  }, 120_000);
});
