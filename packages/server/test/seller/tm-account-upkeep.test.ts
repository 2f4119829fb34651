/**
 * The running seller loop keeps TM able to deliver and to list, against the fake TM v2 on loopback, every market
 * call leaving through the Steam account's loopback CONNECT proxy: it gives TM the Steam account's trade token with
 * `set-trade-token` when TM holds none or holds another one (a changed trade link), and asks TM to read the
 * inventory again (`update-inventory`) once per accepted trade that brings items in, and not otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { type AuthTestApp, createAuthTestApp, stepUp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { type FakeTm, type SeenRequest, startFakeTm } from '../market/helpers/fake-tm.ts';
import { EGRESS_ADDRESS, type LoopbackProxy, startConnectProxy } from '../steam/helpers/loopback-proxies.ts';
import { addItem } from '../steam-accounts/helpers.ts';
import { as, ok, TEST_TIMING, waitFor } from './helpers.ts';

const world = new SandboxWorld();
const [missing, stale, plain] = world.healthyAccounts(3, 7611);
const keyOf = (login: string) => `tm-upkeep-${login}-0123456789`;
const MISSING_KEY = keyOf(missing!.login);
const STALE_KEY = keyOf(stale!.login);
/** The token TM holds for the stale account: the one of a trade link changed since on Steam. */
const OLD_TOKEN = 'OldTok12';

let fake: FakeTm;
let proxy: LoopbackProxy;
let t: AuthTestApp;
let user: TestUser;
const steamIds: Record<string, number> = {};

/** TM's ledger of one method as one key called it. */
const callsOf = (method: string, key: string): SeenRequest[] =>
  fake.requests.filter((request) => request.path === `/api/v2/${method}` && request.query.get('key') === key);

/** A tradable CS2 item of a sandbox account, as an offer names it. */
function cs2Item(steamId: string, skip: number) {
  const now = Date.now();
  const items = [...world.trading.inventories.context(steamId, 730, '2', now).values()].filter((item) =>
    world.trading.inventories.isTradable(item, now),
  );
  const item = items[skip]!;
  return { appId: 730, contextId: '2', assetId: item.assetId, amount: 1 };
}

/** `from` offers items to `to` (or asks for them), and `to` accepts: one accepted trade on `to`'s account. */
async function trade(
  from: typeof plain,
  to: typeof plain,
  items: { give?: ReturnType<typeof cs2Item>[]; receive?: ReturnType<typeof cs2Item>[] },
): Promise<void> {
  const sent = await ok<{ offerId: string }>(
    as(t, user.accessToken, 'POST', `/api/steam-accounts/${steamIds[from!.login]}/offers`, {
      partnerSteamId: to!.steamId,
      tradeToken: world.trading.tradeToken(to!.steamId),
      itemsToGive: items.give ?? [],
      itemsToReceive: items.receive ?? [],
    }),
  );
  const accepted = await ok<{ status: string; needsConfirmation: boolean }>(
    as(
      t,
      user.accessToken,
      'POST',
      `/api/steam-accounts/${steamIds[to!.login]}/offers/${sent.offerId}/accept`,
      {},
    ),
  );
  expect(accepted).toMatchObject({ status: 'done', needsConfirmation: false });
}

/**
 * Waits until the loop of `key` has made `passes` more syncs (each reads the balance once). The loop waits for its
 * next sync on the app's clock, which the test moves on to it; the market calls keep TM's live spacing.
 */
async function syncsOf(key: string, passes: number): Promise<void> {
  const mark = callsOf('get-money', key).length;
  await waitFor(async () => {
    if (callsOf('get-money', key).length >= mark + passes) return true;
    t.clock.advance(TEST_TIMING.syncEveryMs!);
    await new Promise((resolve) => setTimeout(resolve, 250));
    return false;
  }, 30_000);
}

beforeAll(async () => {
  fake = await startFakeTm([
    { key: MISSING_KEY, currency: 'USD', money: 0, steamId64: missing!.steamId, userToken: false },
    { key: STALE_KEY, currency: 'USD', money: 0, steamId64: stale!.steamId, tradeToken: OLD_TOKEN },
  ]);
  proxy = await startConnectProxy({ username: 'upkeep', password: 'proxy-pass' });
  t = await createAuthTestApp(
    { marketMode: 'live', tmBaseUrl: fake.baseUrl, allowPrivateProxies: true },
    undefined,
    { steam: { sandboxWorld: world }, seller: { timing: TEST_TIMING } },
  );
  user = await signedInUser(t, 'upkeep');
  const proxyData = {
    protocol: 'http' as const,
    address: '127.0.0.1',
    port: proxy.port,
    username: 'upkeep',
    password: 'proxy-pass',
  };
  const added = await ok<{ addedAccounts: { id: number; login: string }[] }>(
    as(t, user.accessToken, 'POST', '/api/steam-accounts', {
      accounts: Object.fromEntries(
        [missing!, stale!, plain!].map((bot, i) => [String(i), addItem(bot, { proxyData })]),
      ),
    }),
  );
  for (const row of added.addedAccounts) steamIds[row.login] = row.id;
  await stepUp(t, user);
  const ids: number[] = [];
  for (const bot of [missing!, stale!]) {
    const row = await ok<{ id: number }>(
      as(t, user.accessToken, 'POST', '/api/p2p/accounts', {
        steamAccountId: steamIds[bot.login],
        apiKey: keyOf(bot.login),
        paymentPassword: 'pay-secret-1',
        tmCurrency: 'USD',
      }),
    );
    ids.push(row.id);
  }
  await ok(as(t, user.accessToken, 'POST', '/api/p2p/accounts/start', { ids }));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
  await proxy?.close();
});

describe('the seller loop’s upkeep of the TM account', { timeout: 90_000 }, () => {
  it('gives TM the trade token when it holds none, through the account’s proxy', async () => {
    const set = await waitFor(async () => callsOf('set-trade-token', MISSING_KEY)[0]);
    expect(set.query.get('token')).toBe(world.trading.tradeToken(missing!.steamId));
    expect(set.remoteAddress).toBe(EGRESS_ADDRESS);
    expect(fake.accounts.get(MISSING_KEY)).toMatchObject({ userToken: true });
    // TM holds it now: the next passes give it no more.
    await syncsOf(MISSING_KEY, 2);
    expect(callsOf('set-trade-token', MISSING_KEY)).toHaveLength(1);
  });

  it('replaces a trade token TM holds that is no longer the account’s (a changed trade link)', async () => {
    const set = await waitFor(async () => callsOf('set-trade-token', STALE_KEY)[0]);
    expect(callsOf('get-token', STALE_KEY).length).toBeGreaterThanOrEqual(1);
    expect(set.query.get('token')).toBe(world.trading.tradeToken(stale!.steamId));
    expect(set.remoteAddress).toBe(EGRESS_ADDRESS);
    expect(fake.accounts.get(STALE_KEY)!.tradeToken).toBe(world.trading.tradeToken(stale!.steamId));
    await syncsOf(STALE_KEY, 2);
    expect(callsOf('set-trade-token', STALE_KEY)).toHaveLength(1);
  });

  it('asks TM to read the inventory once per accepted trade that brings items in, and not otherwise', async () => {
    await syncsOf(MISSING_KEY, 1);
    // No trade yet: no call.
    expect(callsOf('update-inventory', MISSING_KEY)).toHaveLength(0);

    // An offer the seller's Steam account sends to another own account, accepted there: nothing came in.
    await trade(missing, plain, { give: [cs2Item(missing!.steamId, 0)] });
    await syncsOf(MISSING_KEY, 2);
    expect(callsOf('update-inventory', MISSING_KEY)).toHaveLength(0);

    // A move from another own account into the seller account, accepted by it: one call.
    await trade(plain, missing, { give: [cs2Item(plain!.steamId, 0)] });
    const first = await waitFor(async () => callsOf('update-inventory', MISSING_KEY)[0]);
    expect(first.remoteAddress).toBe(EGRESS_ADDRESS);
    await syncsOf(MISSING_KEY, 2);
    expect(callsOf('update-inventory', MISSING_KEY)).toHaveLength(1);

    // A second accepted trade into it: one more call, and the other seller account (no trade) never asks.
    await trade(plain, missing, { give: [cs2Item(plain!.steamId, 1)] });
    await waitFor(async () => callsOf('update-inventory', MISSING_KEY).length === 2);
    await syncsOf(MISSING_KEY, 2);
    expect(callsOf('update-inventory', MISSING_KEY)).toHaveLength(2);
    expect(callsOf('update-inventory', STALE_KEY)).toHaveLength(0);
    expect(fake.rateViolations).toEqual([]);
  });
});
