import { expect } from 'vitest';
import type { WalkContext } from '../security/tenant-walker.ts';

const as = (ctx: WalkContext, url: string, body: unknown) =>
  ctx.t.call('POST', url, { token: ctx.b.accessToken, body });

/** A's own ledger, as A reads it: B's calls below must leave it as it was and show B none of it. */
async function aEntries({ t, a }: WalkContext): Promise<string> {
  const res = await t.call('POST', '/api/ledger/entries', { token: a.accessToken, body: {} });
  return JSON.stringify(res.json().data);
}

let snapshot: string | null = null;

const unchanged = async (ctx: WalkContext) => {
  snapshot ??= await aEntries(ctx);
  expect(await aEntries(ctx)).toBe(snapshot);
};

/** The tenant walk of the ledger: B names A's Steam and market accounts and A's entry; each is not found for B. */
export const ledgerWalker = {
  'ledger.profit': {
    expect: 3,
    attack: (ctx: WalkContext) =>
      as(ctx, '/api/ledger/profit', { accountIds: [ctx.steamAccounts.accountId] }),
    unchanged,
  },
  'ledger.entries': {
    expect: 3,
    attack: (ctx: WalkContext) =>
      as(ctx, '/api/ledger/entries', { accountIds: [ctx.steamAccounts.accountId] }),
    unchanged,
  },
  'ledger.export': {
    expect: 3,
    attack: (ctx: WalkContext) =>
      as(ctx, '/api/ledger/export', { accountIds: [ctx.steamAccounts.accountId], what: 'entries' }),
    unchanged,
  },
  'ledger.correct': {
    expect: 3,
    attack: (ctx: WalkContext) =>
      as(ctx, '/api/ledger/corrections', { entryId: 1, amount: 100, note: 'walk' }),
    unchanged,
  },
  'ledger.reconcile': {
    expect: 3,
    attack: (ctx: WalkContext) =>
      as(ctx, '/api/ledger/reconcile', { marketAccountIds: [ctx.seller.accountId] }),
    unchanged,
  },
};
