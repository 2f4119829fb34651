import type { WalkContext } from '../security/tenant-walker.ts';
import { viewBeforeAttack } from '../security/view-before-attack.ts';

/** A's own ledger, as A reads it: B's calls below must leave it as it was and show B none of it. */
async function aEntries({ t, a }: WalkContext): Promise<string> {
  const res = await t.call('POST', '/api/ledger/entries', { token: a.accessToken, body: {} });
  return JSON.stringify(res.json().data);
}

const seen = viewBeforeAttack(aEntries);
const unchanged = (ctx: WalkContext) => seen.unchanged(ctx);

/** B's call, after A's entries are read. */
const as = async (ctx: WalkContext, url: string, body: unknown) => {
  await seen.take(ctx);
  return ctx.t.call('POST', url, { token: ctx.b.accessToken, body });
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
