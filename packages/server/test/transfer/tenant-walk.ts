import type { LightMyRequestResponse } from 'fastify';
import type { WalkContext } from '../security/tenant-walker.ts';
import { viewBeforeAttack } from '../security/view-before-attack.ts';

const as = (ctx: WalkContext, method: string, url: string, body?: unknown) =>
  ctx.t.call(method, url, { token: ctx.b.accessToken, ...(body !== undefined ? { body } : {}) });

/** What A sees of its TM accounts and transfers. */
async function aView({ t, a }: WalkContext): Promise<string> {
  const accounts = await t.call('GET', '/api/transfer/tm-accounts', { token: a.accessToken });
  const history = await t.call('POST', '/api/transfer/history/query', { token: a.accessToken, body: {} });
  return JSON.stringify([accounts.json().data, history.json().data]);
}

const seen = viewBeforeAttack(aView);

function attack(
  call: (ctx: WalkContext, id: number) => Promise<LightMyRequestResponse>,
): (ctx: WalkContext) => Promise<LightMyRequestResponse> {
  return async (ctx) => {
    await seen.take(ctx);
    return call(ctx, ctx.seller.accountId);
  };
}

async function unchanged(ctx: WalkContext): Promise<void> {
  await seen.unchanged(ctx);
}

/** The tenant walk of the transfer operations: user B names user A's TM account in each. */
export const transferWalker = {
  'transfer.balance': {
    expect: 3,
    attack: attack((ctx, id) => as(ctx, 'POST', `/api/transfer/tm-accounts/${id}/balance`, {})),
    unchanged,
  },
  'transfer.memberCheck': {
    expect: 3,
    attack: attack((ctx, id) =>
      as(ctx, 'POST', '/api/transfer/member-check', { toId: id, apiKey: 'walk-key-0123456789' }),
    ),
    unchanged,
  },
  'transfer.send': {
    expect: 3,
    attack: attack((ctx, id) =>
      as(ctx, 'POST', '/api/transfer', {
        fromId: id,
        toId: 999_999,
        amount: { currency: 'RUB', amount: 100 },
        apiKey: 'walk-key-0123456789',
        paymentPassword: 'walk-pay-pass',
      }),
    ),
    unchanged,
  },
  'transfer.history': {
    expect: 3,
    attack: attack((ctx, id) => as(ctx, 'POST', '/api/transfer/history/query', { accountId: id })),
    unchanged,
  },
  'transfer.revealKey': {
    expect: 3,
    attack: attack((ctx, id) => as(ctx, 'POST', `/api/transfer/tm-accounts/${id}/saved-key`, {})),
    unchanged,
  },
  'transfer.get': {
    expect: 3,
    attack: attack((ctx) => as(ctx, 'GET', '/api/transfer/1')),
    unchanged,
  },
  'transfer.check': {
    expect: 3,
    attack: attack((ctx) => as(ctx, 'POST', '/api/transfer/1/check', {})),
    unchanged,
  },
};
