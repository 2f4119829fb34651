import type { LightMyRequestResponse } from 'fastify';
import { sandboxMarketKey } from '../../src/integrations/market/index.ts';
import { type AuthTestApp, stepUp, type TestUser } from '../auth/helpers/auth-app.ts';
import { viewBeforeAttack } from '../security/view-before-attack.ts';
import type { AccountWalkTarget } from '../steam-accounts/tenant-walk.ts';

/** Tenant A's seller account, made from A's Steam account of the walk. */
export interface SellerWalkTarget {
  accountId: number;
}

interface Ctx {
  t: AuthTestApp;
  a: TestUser;
  b: TestUser;
  steamAccounts: AccountWalkTarget;
  seller: SellerWalkTarget;
}

const as = (t: AuthTestApp, user: TestUser, method: string, url: string, body?: unknown) =>
  t.call(method, url, { token: user.accessToken, ...(body !== undefined ? { body } : {}) });

export async function prepareSellerWalk(
  t: AuthTestApp,
  a: TestUser,
  steamAccounts: AccountWalkTarget,
): Promise<SellerWalkTarget> {
  // Connecting a key is API management: A passes the second factor first.
  await stepUp(t, a);
  const created = await as(t, a, 'POST', '/api/p2p/accounts', {
    steamAccountId: steamAccounts.accountId,
    apiKey: sandboxMarketKey(steamAccounts.login),
    paymentPassword: 'walk-pay-pass',
  });
  if (created.statusCode !== 200) throw new Error(`seller account: ${created.body}`);
  return { accountId: created.json().data.id as number };
}

/** What A sees of the seller account: its row and its deliveries. */
async function aView({ t, a, seller }: Ctx): Promise<string> {
  const row = await as(t, a, 'GET', `/api/p2p/accounts/${seller.accountId}`);
  const deliveries = await as(t, a, 'POST', `/api/p2p/accounts/${seller.accountId}/deliveries/query`, {});
  return JSON.stringify([row.json().data, deliveries.json().data]);
}

const seen = viewBeforeAttack(aView);

function attack(
  call: (ctx: Ctx, id: number) => Promise<LightMyRequestResponse>,
): (ctx: Ctx) => Promise<LightMyRequestResponse> {
  return async (ctx) => {
    await seen.take(ctx);
    return call(ctx, ctx.seller.accountId);
  };
}

async function unchanged(ctx: Ctx): Promise<void> {
  await seen.unchanged(ctx);
}

/** The tenant walk of the seller operations: user B names user A's seller (or Steam) account in each. */
export const sellerWalker = {
  'p2p.get': {
    expect: 3,
    attack: attack(({ t, b }, id) => as(t, b, 'GET', `/api/p2p/accounts/${id}`)),
    unchanged,
  },
  'p2p.create': {
    expect: 3,
    attack: attack(({ t, b, steamAccounts }) =>
      as(t, b, 'POST', '/api/p2p/accounts', {
        steamAccountId: steamAccounts.accountId,
        apiKey: sandboxMarketKey(steamAccounts.login),
        paymentPassword: 'stolen-pass',
      }),
    ),
    unchanged,
  },
  'p2p.update': {
    expect: 3,
    attack: attack(({ t, b }, id) =>
      as(t, b, 'PATCH', `/api/p2p/accounts/${id}`, {
        modules: ['marketScanner'],
        paymentPassword: 'hijacked',
      }),
    ),
    unchanged,
  },
  'p2p.changeCurrency': {
    expect: 3,
    attack: attack(({ t, b }, id) =>
      as(t, b, 'POST', `/api/p2p/accounts/${id}/currency`, { currency: 'EUR' }),
    ),
    unchanged,
  },
  'p2p.start': {
    expect: 3,
    attack: attack(({ t, b }, id) => as(t, b, 'POST', '/api/p2p/accounts/start', { ids: [id] })),
    unchanged,
  },
  'p2p.pause': {
    expect: 3,
    attack: attack(({ t, b }, id) => as(t, b, 'POST', '/api/p2p/accounts/pause', { ids: [id] })),
    unchanged,
  },
  'p2p.stop': {
    expect: 3,
    attack: attack(({ t, b }, id) => as(t, b, 'POST', '/api/p2p/accounts/stop', { ids: [id], force: true })),
    unchanged,
  },
  'p2p.remove': {
    expect: 3,
    attack: attack(({ t, b }, id) =>
      as(t, b, 'POST', '/api/p2p/accounts/remove', { ids: [id], force: true }),
    ),
    unchanged,
  },
  'p2p.resetError': {
    expect: 3,
    attack: attack(({ t, b }, id) => as(t, b, 'POST', '/api/p2p/accounts/reset-error', { ids: [id] })),
    unchanged,
  },
  'p2p.deliveries': {
    expect: 3,
    attack: attack(({ t, b }, id) => as(t, b, 'POST', `/api/p2p/accounts/${id}/deliveries/query`, {})),
    unchanged,
  },
  'p2p.sandboxSimulateSales': {
    expect: 3,
    attack: attack(({ t, b }, id) => as(t, b, 'POST', '/api/p2p/sandbox/simulate-sales', { ids: [id] })),
    unchanged,
  },
};
