/**
 * One Steam account selling on a fake TM v2 and a fake Waxpeer (both on loopback, reached through the account's
 * loopback CONNECT proxy), on the real app: the fakes, the app, the user, the account's two seller accounts and a
 * first lots sync. The lots tests of several markets start here.
 */
import { expect } from 'vitest';
import type { SandboxAccount, SandboxWorld } from '../../src/integrations/steam/index.ts';
import { type AuthTestApp, createAuthTestApp, stepUp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import type { MovableClock } from '../helpers/test-clock.ts';
import { type FakeTm, startFakeTm } from '../market/helpers/fake-tm.ts';
import { type FakeWaxpeer, startFakeWaxpeer } from '../market/helpers/fake-waxpeer.ts';
import { TEST_TIMING } from '../seller/helpers.ts';
import { type LoopbackProxy, startConnectProxy } from '../steam/helpers/loopback-proxies.ts';
import { addItem } from '../steam-accounts/helpers.ts';
import { as, ok } from '../steam-trading/helpers.ts';

export interface TwoMarketsInput {
  world: SandboxWorld;
  /** The Steam account that sells on both markets. */
  bot: SandboxAccount;
  tmKey: string;
  waxKey: string;
  payPassword: string;
  /** The account's items, in both markets' inventories. */
  items: readonly { assetId: string; name: string }[];
  /** The user's name prefix. */
  label: string;
  /** One clock for the app and the market port (tests that move time); the real one otherwise. */
  clock?: MovableClock;
  /** Start both seller accounts (their loops and Waxpeer's trade socket) before the sync. */
  start?: boolean;
  /** Done on the fakes before the app exists (a listing made outside Tradedeck). */
  prepare?: (markets: { tm: FakeTm; wax: FakeWaxpeer }) => Promise<void>;
}

export interface TwoMarkets {
  tm: FakeTm;
  wax: FakeWaxpeer;
  t: AuthTestApp;
  user: TestUser;
  sellerIds: { tm: number; waxpeer: number };
  close(): Promise<void>;
}

export async function startTwoMarkets(input: TwoMarketsInput): Promise<TwoMarkets> {
  const { bot, items } = input;
  const tm = await startFakeTm([
    {
      key: input.tmKey,
      currency: 'USD',
      money: 50_000,
      payPassword: input.payPassword,
      steamId64: bot.steamId,
      inventory: items.map((item) => item.assetId),
    },
  ]);
  const wax = await startFakeWaxpeer([
    {
      key: input.waxKey,
      steamId64: bot.steamId,
      wallet: 10_000,
      inventory: items.map((item) => ({ assetId: item.assetId, name: item.name })),
    },
  ]);
  let proxy: LoopbackProxy | undefined;
  let t: AuthTestApp | undefined;
  const close = async () => {
    await t?.close();
    await wax.close();
    await tm.close();
    await proxy?.close();
  };
  try {
    await input.prepare?.({ tm, wax });
    proxy = await startConnectProxy({ username: 'seller', password: 'proxy-pass' });
    t = await createAuthTestApp(
      { marketMode: 'live', tmBaseUrl: tm.baseUrl, allowPrivateProxies: true },
      undefined,
      {
        steam: { sandboxWorld: input.world },
        // Waxpeer's 3 s between calls of a key shortened; every other limit is the live one.
        market: {
          ...(input.clock ? { clock: input.clock } : {}),
          waxpeer: { baseUrl: wax.baseUrl, socketUrl: wax.socketUrl, live: { spacingMs: 300 } },
        },
        seller: { timing: TEST_TIMING },
      },
      input.clock,
    );
    const app = t;
    const user = await signedInUser(app, input.label);
    const added = await ok<{ addedAccounts: { id: number }[] }>(
      as(app, user.accessToken, 'POST', '/api/steam-accounts', {
        accounts: {
          '0': addItem(bot, {
            proxyData: {
              protocol: 'http' as const,
              address: '127.0.0.1',
              port: proxy.port,
              username: 'seller',
              password: 'proxy-pass',
            },
          }),
        },
      }),
    );
    const steamAccountId = added.addedAccounts[0]!.id;
    await stepUp(app, user);
    const sellerIds = { tm: 0, waxpeer: 0 };
    // TM first: a lookup of "the USD account" would find it before the Waxpeer one.
    for (const [platform, apiKey] of [
      ['tm', input.tmKey],
      ['waxpeer', input.waxKey],
    ] as const) {
      const row = await ok<{ id: number }>(
        as(app, user.accessToken, 'POST', '/api/p2p/accounts', {
          steamAccountId,
          apiKey,
          paymentPassword: input.payPassword,
          tmCurrency: 'USD',
          platform,
        }),
      );
      sellerIds[platform] = row.id;
    }
    if (input.start) {
      await ok(
        as(app, user.accessToken, 'POST', '/api/p2p/accounts/start', {
          ids: [sellerIds.tm, sellerIds.waxpeer],
        }),
      );
      await wax.authenticated(bot.steamId, 1);
    }
    const synced = await ok<{ accounts: number; failed: unknown[] }>(
      as(app, user.accessToken, 'POST', '/api/p2p/lots/sync', {}),
    );
    expect(synced).toMatchObject({ accounts: 2, failed: [] });
    return { tm, wax, t: app, user, sellerIds, close };
  } catch (cause) {
    await close();
    throw cause;
  }
}
