import type { LightMyRequestResponse } from 'fastify';
import type { WalkContext } from '../security/tenant-walker.ts';
import { viewBeforeAttack } from '../security/view-before-attack.ts';

const as = (ctx: WalkContext, url: string, body: unknown) =>
  ctx.t.call('POST', url, { token: ctx.b.accessToken, body });

/** What A sees of its portfolio: its accounts, its item groups and its totals. */
async function aView({ t, a }: WalkContext): Promise<string> {
  const accounts = await t.call('POST', '/api/portfolio/query', {
    token: a.accessToken,
    body: { by: 'account' },
  });
  const items = await t.call('POST', '/api/portfolio/query', {
    token: a.accessToken,
    body: { by: 'item' },
  });
  const totals = await t.call('POST', '/api/portfolio/totals', { token: a.accessToken, body: {} });
  return JSON.stringify([accounts.json().data, items.json().data, totals.json().data]);
}

const seen = viewBeforeAttack(aView);

function attack(
  call: (ctx: WalkContext) => Promise<LightMyRequestResponse>,
): (ctx: WalkContext) => Promise<LightMyRequestResponse> {
  return async (ctx) => {
    await seen.take(ctx);
    return call(ctx);
  };
}

async function unchanged(ctx: WalkContext): Promise<void> {
  await seen.unchanged(ctx);
}

/** The tenant walk of the portfolio: user B filters by A's accounts and tags, and asks for A's holding. */
export const portfolioWalker = {
  'portfolio.query': {
    expect: 3,
    attack: attack((ctx) => as(ctx, '/api/portfolio/query', { accountIds: [ctx.steamAccounts.accountId] })),
    unchanged,
  },
  'portfolio.totals': {
    expect: 3,
    attack: attack((ctx) => as(ctx, '/api/portfolio/totals', { tagIds: [ctx.steamAccounts.tagId] })),
    unchanged,
  },
  'portfolio.export': {
    expect: 3,
    attack: attack((ctx) =>
      as(ctx, '/api/portfolio/export', {
        assets: [{ accountId: ctx.steamAccounts.accountId, assetId: '1' }],
      }),
    ),
    unchanged,
  },
  'portfolio.saleLots': {
    expect: 3,
    attack: attack((ctx) =>
      as(ctx, '/api/portfolio/sale-lots', {
        assets: [{ accountId: ctx.steamAccounts.accountId, assetId: '1' }],
      }),
    ),
    unchanged,
  },
  'portfolio.holding': {
    expect: 3,
    attack: attack((ctx) =>
      as(ctx, '/api/portfolio/holding', { accountId: ctx.steamAccounts.accountId, assetId: '1' }),
    ),
    unchanged,
  },
};
