import type { SandboxAccount } from '../../src/integrations/steam/index.ts';
import { type AuthTestApp, createAuthTestApp, stepUp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { type FakeTm, startFakeTm } from '../market/helpers/fake-tm.ts';
import { type LoopbackProxy, startConnectProxy } from '../steam/helpers/loopback-proxies.ts';
import { addItem, type ProxyData } from '../steam-accounts/helpers.ts';
import { as, ok } from '../steam-trading/helpers.ts';

/** One user with one seller account on a fake TM v2, reached through the live market adapter. */
export interface FakeTmSeller {
  fake: FakeTm;
  /** The loopback proxy of the Steam account, when one was asked for. */
  proxy: LoopbackProxy | null;
  t: AuthTestApp;
  user: TestUser;
  steamAccountId: number;
}

export interface FakeTmSellerOptions {
  name: string;
  key: string;
  payPassword: string;
  /** The sandbox Steam account behind the seller account. */
  bot: SandboxAccount;
  /** Asset ids in its inventory. */
  inventory: string[];
  /** The proxy of its Steam account (its market calls leave through it): a loopback CONNECT proxy, or this one. */
  proxy: 'loopback' | ProxyData;
  /** Runs once the Steam account is added, before the seller account is. */
  beforeSellerAccount?: (parts: FakeTmSeller) => Promise<void>;
}

/** Starts the fake TM, the proxy and the real app (loopback proxies allowed), then adds the Steam and seller accounts. */
export async function startFakeTmSeller(options: FakeTmSellerOptions): Promise<FakeTmSeller> {
  const { bot, key, payPassword } = options;
  const fake = await startFakeTm([
    {
      key,
      currency: 'USD',
      money: 50_000,
      payPassword,
      steamId64: bot.steamId,
      inventory: options.inventory,
    },
  ]);
  const proxy =
    options.proxy === 'loopback'
      ? await startConnectProxy({ username: 'seller', password: 'proxy-pass' })
      : null;
  const proxyData: ProxyData = proxy
    ? { protocol: 'http', address: '127.0.0.1', port: proxy.port, username: 'seller', password: 'proxy-pass' }
    : (options.proxy as ProxyData);
  const t = await createAuthTestApp({
    marketMode: 'live',
    tmBaseUrl: fake.baseUrl,
    allowPrivateProxies: true,
  });
  const user = await signedInUser(t, options.name);
  const added = await ok<{ addedAccounts: { id: number }[] }>(
    as(t, user.accessToken, 'POST', '/api/steam-accounts', {
      accounts: { '0': addItem(bot, { proxyData }) },
    }),
  );
  const steamAccountId = added.addedAccounts[0]!.id;
  const parts = { fake, proxy, t, user, steamAccountId };
  await options.beforeSellerAccount?.(parts);
  await stepUp(t, user);
  await ok(
    as(t, user.accessToken, 'POST', '/api/p2p/accounts', {
      steamAccountId,
      apiKey: key,
      paymentPassword: payPassword,
      tmCurrency: 'USD',
    }),
  );
  return parts;
}
