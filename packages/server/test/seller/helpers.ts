import { type SandboxListing, SandboxMarket, sandboxMarketKey } from '../../src/integrations/market/index.ts';
import { type SandboxAccount, SandboxWorld } from '../../src/integrations/steam/index.ts';
import type { SellerTiming } from '../../src/modules/seller/index.ts';
import { type AuthTestApp, createAuthTestApp, stepUp, type TestUser } from '../auth/helpers/auth-app.ts';
import { addSandboxAccounts, as, ok, waitFor } from '../steam-trading/helpers.ts';

export { addSandboxAccounts, as, ok, waitFor };

export interface SellerTestApp extends AuthTestApp {
  world: SandboxWorld;
  market: SandboxMarket;
}

/** A fast loop for tests: deliveries looked for every 500 ms, a sync every 2 s. */
export const TEST_TIMING: Partial<SellerTiming> = {
  pingEveryMs: 30_000,
  deliveryPollMs: 500,
  syncEveryMs: 2_000,
};

/** The real app in sandbox mode: one simulated Steam that the sandbox market sells from, both open to the test. */
export async function createSellerTestApp(
  timing: Partial<SellerTiming> = TEST_TIMING,
  logLines?: string[],
): Promise<SellerTestApp> {
  const world = new SandboxWorld();
  const market = new SandboxMarket(world);
  const t = await createAuthTestApp({}, logLines, {
    steam: { sandboxWorld: world },
    market: { sandboxMarket: market },
    seller: { timing },
  });
  return Object.assign(t, { world, market });
}

/** Connects Steam accounts to the sandbox market with their sandbox keys; answers the seller account ids. */
export async function addSellerAccounts(
  t: SellerTestApp,
  user: TestUser,
  steamAccountIds: number[],
  accounts: SandboxAccount[],
  options: { currency?: 'RUB' | 'USD' | 'EUR' } = {},
): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, account] of accounts.entries()) {
    const create = () =>
      as(t, user.accessToken, 'POST', '/api/p2p/accounts', {
        steamAccountId: steamAccountIds[i],
        apiKey: sandboxMarketKey(account.login),
        paymentPassword: 'pay-secret-1',
        tmCurrency: options.currency ?? 'USD',
      });
    let res = await create();
    // Connecting a key is API management: a session that has not passed the second factor does so first.
    if (res.statusCode === 403) {
      await stepUp(t, user);
      res = await create();
    }
    const row = await ok<{ id: number }>(Promise.resolve(res));
    ids.push(row.id);
  }
  return ids;
}

export interface DeliveryView {
  id: number;
  hash: string;
  status: string;
  offerId: string | null;
  reference: string;
  failure: string | null;
  createdAt: string;
  sentAt: string | null;
  readyAt: string | null;
}

export async function deliveriesOf(t: AuthTestApp, token: string, id: number): Promise<DeliveryView[]> {
  const data = await ok<{ items: DeliveryView[] }>(
    as(t, token, 'POST', `/api/p2p/accounts/${id}/deliveries/query`, { pages: { page: 1, pageSize: 100 } }),
  );
  return data.items;
}

/** The offers an account sent in the sandbox trade book whose message carries `[td:<reference>]`. */
export function offersWithReference(t: SellerTestApp, sellerSteamId: string, reference: string) {
  const listed = t.world.trading.list(
    sellerSteamId,
    { sent: true, received: false, since: new Date(0) },
    t.clock.now(),
  );
  if (!listed.ok) throw new Error(`trade book: ${listed.reason}`);
  return listed.offers.filter((offer) => offer.message.includes(`[td:${reference}]`));
}

/**
 * The sandbox market's listings of accounts (by market key) as they are now: each keeps its sale (hash and time)
 * once a buyer takes it, even after the market completes the sale and drops the listing.
 */
export function listingsOf(t: SellerTestApp, keys: string[]): SandboxListing[] {
  return keys.flatMap((key) => {
    const account = t.market.existing(key);
    return account ? t.market.listingsOf(account) : [];
  });
}
