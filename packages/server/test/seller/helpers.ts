import { SandboxMarket, sandboxMarketKey } from '../../src/integrations/market/index.ts';
import { type SandboxAccount, SandboxWorld } from '../../src/integrations/steam/index.ts';
import type { SellerTiming } from '../../src/modules/seller/index.ts';
import { type AuthTestApp, createAuthTestApp } from '../auth/helpers/auth-app.ts';
import { addSandboxAccounts, as, ok, waitFor } from '../steam-trading/helpers.ts';

export { addSandboxAccounts, as, ok, waitFor };

export interface SellerTestApp extends AuthTestApp {
  world: SandboxWorld;
  market: SandboxMarket;
}

/** A fast loop for tests: deliveries looked for every 500 ms, a sync every 2 s. */
export const TEST_TIMING: Partial<SellerTiming> = { pingEveryMs: 30_000, deliveryPollMs: 500, syncEveryMs: 2_000 };

/** The real app in sandbox mode: one simulated Steam that the sandbox market sells from, both open to the test. */
export async function createSellerTestApp(timing: Partial<SellerTiming> = TEST_TIMING): Promise<SellerTestApp> {
  const world = new SandboxWorld();
  const market = new SandboxMarket(world);
  const t = await createAuthTestApp({}, undefined, {
    steam: { sandboxWorld: world },
    market: { sandboxMarket: market },
    seller: { timing },
  });
  return Object.assign(t, { world, market });
}

/** Connects Steam accounts to the sandbox market with their sandbox keys; answers the seller account ids. */
export async function addSellerAccounts(
  t: SellerTestApp,
  token: string,
  steamAccountIds: number[],
  accounts: SandboxAccount[],
  options: { currency?: 'RUB' | 'USD' | 'EUR' } = {},
): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, account] of accounts.entries()) {
    const row = await ok<{ id: number }>(
      as(t, token, 'POST', '/api/p2p/accounts', {
        steamAccountId: steamAccountIds[i],
        apiKey: sandboxMarketKey(account.login),
        paymentPassword: 'pay-secret-1',
        tmCurrency: options.currency ?? 'USD',
      }),
    );
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
