import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type SandboxMarket, sandboxMarketKey } from '../../src/integrations/market/index.ts';
import type { SandboxAccount, SandboxWorld } from '../../src/integrations/steam/index.ts';
import { type AuthTestApp, createAuthTestApp, stepUp, type TestUser } from '../auth/helpers/auth-app.ts';
import { addSandboxAccounts, inventoryOf, refreshInventories } from '../steam-trading/helpers.ts';
import { signedInUser } from './signed-in.ts';

export type WorldItem = { appId: number; contextId: string; assetId: string; amount: number };

/**
 * A signed-in user ready to move items and money in the sandbox: the accounts added (each on its own proxy from
 * `firstProxy` on), the second factor just passed, the first two accounts connected to the market as sellers
 * (USD), and the first account's tradable Dota 2 items read.
 */
export interface WithdrawalWorld {
  t: AuthTestApp;
  user: TestUser;
  /** The added Steam accounts' ids, in the order of `accounts`. */
  ids: number[];
  /** The market accounts of the first two Steam accounts. */
  sellerIds: number[];
  /** The first account's tradable items. */
  items: WorldItem[];
  call(method: string, url: string, body?: unknown): Promise<LightMyRequestResponse>;
}

export async function withdrawalWorld(options: {
  sandbox: SandboxWorld;
  market: SandboxMarket;
  accounts: SandboxAccount[];
  userName: string;
  firstProxy: number;
}): Promise<WithdrawalWorld> {
  const { sandbox, market, accounts } = options;
  const t = await createAuthTestApp({}, undefined, {
    steam: { sandboxWorld: sandbox },
    market: { sandboxMarket: market },
  });
  const admin = await signedInUser(t, 'admin');
  const user = await signedInUser(t, options.userName, admin);
  const call = (method: string, url: string, body?: unknown) =>
    t.call(method, url, { token: user.accessToken, ...(body !== undefined ? { body } : {}) });
  const ids = await addSandboxAccounts(t, user.accessToken, accounts, options.firstProxy);
  await stepUp(t, user);
  const sellerIds: number[] = [];
  for (const [i, bot] of accounts.slice(0, 2).entries()) {
    const created = await okData(
      call('POST', '/api/p2p/accounts', {
        steamAccountId: ids[i],
        apiKey: sandboxMarketKey(bot.login),
        paymentPassword: 'pay-secret-1',
        tmCurrency: 'USD',
      }),
    );
    sellerIds.push(created.id as number);
  }
  await refreshInventories(t, user.accessToken, [ids[0]!], ['dota2']);
  const items = (await inventoryOf(t, user.accessToken, ids[0]!, 'dota2'))
    .filter((item) => item.tradable)
    .map(({ appId, contextId, assetId }) => ({ appId, contextId, assetId, amount: 1 }));
  return { t, user, ids, sellerIds, items, call };
}

/** The answer's data, once the status says it succeeded. */
export async function okData(response: Promise<LightMyRequestResponse>): Promise<Record<string, unknown>> {
  const res = await response;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown>;
}
