import type { LightMyRequestResponse } from 'fastify';
import type { AuthTestApp, TestUser } from '../auth/helpers/auth-app.ts';
import { viewBeforeAttack } from '../security/view-before-attack.ts';
import type { AccountWalkTarget } from '../steam-accounts/tenant-walk.ts';

/** The tenant walk of the Steam trading operations: user B names user A's account in each. */
interface Ctx {
  t: AuthTestApp;
  a: TestUser;
  b: TestUser;
  steamAccounts: AccountWalkTarget;
}

const as = (t: AuthTestApp, user: TestUser, method: string, url: string, body?: unknown) =>
  t.call(method, url, { token: user.accessToken, ...(body !== undefined ? { body } : {}) });

/** What A sees of the trading side of the account: status, cached inventory and recorded intents. */
async function aView({ t, a, steamAccounts }: Ctx): Promise<string> {
  const id = steamAccounts.accountId;
  const row = await as(t, a, 'GET', `/api/steam-accounts/${id}`);
  const inventory = await as(t, a, 'POST', `/api/steam-accounts/${id}/inventory/query`, {});
  const intents = await as(t, a, 'GET', `/api/steam-accounts/${id}/trade-intents`);
  return JSON.stringify([row.json().data, inventory.json().data, intents.json().data]);
}

const seen = viewBeforeAttack(aView);

/** Each attack first takes A's view once (before any attack), then calls the route as B. */
function attack(
  call: (ctx: Ctx, id: number) => Promise<LightMyRequestResponse>,
): (ctx: Ctx) => Promise<LightMyRequestResponse> {
  return async (ctx) => {
    await seen.take(ctx);
    return call(ctx, ctx.steamAccounts.accountId);
  };
}

async function unchanged(ctx: Ctx): Promise<void> {
  await seen.unchanged(ctx);
}

const OFFER = '7000000001';

export const steamTradingWalker = {
  'steamTrading.inventory': {
    expect: 3,
    attack: attack(({ t, b }, id) => as(t, b, 'POST', `/api/steam-accounts/${id}/inventory/query`, {})),
    unchanged,
  },
  'steamTrading.refreshInventories': {
    expect: 3,
    attack: attack(({ t, b }, id) =>
      as(t, b, 'POST', '/api/steam-trading/inventory-refresh', { accountIds: [id] }),
    ),
    unchanged,
  },
  'steamTrading.offers': {
    expect: 3,
    attack: attack(({ t, b }, id) => as(t, b, 'POST', `/api/steam-accounts/${id}/offers/query`, {})),
    unchanged,
  },
  'steamTrading.getOffer': {
    expect: 3,
    attack: attack(({ t, b }, id) => as(t, b, 'GET', `/api/steam-accounts/${id}/offers/${OFFER}`)),
    unchanged,
  },
  'steamTrading.sendOffer': {
    expect: 3,
    attack: attack(({ t, b }, id) =>
      as(t, b, 'POST', `/api/steam-accounts/${id}/offers`, {
        partnerSteamId: '76561202255101001',
        tradeToken: 'abcdefgh',
        itemsToGive: [{ appId: 570, contextId: '2', assetId: '1', amount: 1 }],
        reference: 'walk-1',
      }),
    ),
    unchanged,
  },
  'steamTrading.acceptOffer': {
    expect: 3,
    attack: attack(({ t, b }, id) =>
      as(t, b, 'POST', `/api/steam-accounts/${id}/offers/${OFFER}/accept`, {}),
    ),
    unchanged,
  },
  'steamTrading.declineOffer': {
    expect: 3,
    attack: attack(({ t, b }, id) =>
      as(t, b, 'POST', `/api/steam-accounts/${id}/offers/${OFFER}/decline`, {}),
    ),
    unchanged,
  },
  'steamTrading.cancelOffer': {
    expect: 3,
    attack: attack(({ t, b }, id) =>
      as(t, b, 'POST', `/api/steam-accounts/${id}/offers/${OFFER}/cancel`, {}),
    ),
    unchanged,
  },
  'steamTrading.confirmOffers': {
    expect: 3,
    attack: attack(({ t, b }, id) =>
      as(t, b, 'POST', `/api/steam-accounts/${id}/confirmations`, { offerIds: [OFFER] }),
    ),
    unchanged,
  },
  'steamTrading.intents': {
    expect: 3,
    attack: attack(({ t, b }, id) => as(t, b, 'GET', `/api/steam-accounts/${id}/trade-intents`)),
    unchanged,
  },
  'steamTrading.sandboxEndSessions': {
    expect: 3,
    attack: attack(({ t, b }, id) => as(t, b, 'POST', `/api/steam-accounts/${id}/sandbox/end-sessions`, {})),
    unchanged,
  },
  'steamTrading.sandboxLiftTradeCase': {
    expect: 3,
    attack: attack(({ t, b }, id) =>
      as(t, b, 'POST', `/api/steam-accounts/${id}/sandbox/lift-trade-case`, {}),
    ),
    unchanged,
  },
};
