/**
 * Reconciliation (docs/ledger.md): each market account's balance in the ledger (its entries with a bucket) against
 * the balance the market reports, read fresh. The first look at an account records what the market held beyond
 * the ledger as its opening entries. A gap is explained when transfers of the account whose outcome is not known yet add up to it, or
 * when only the split between available and held differs by releases the ledger has not seen yet; otherwise it is
 * unexplained, and the user decides (a correction entry).
 */
import type { ReconcileAccount } from '@tradedeck/sdk/contract';
import type { Currency, Money } from '@tradedeck/sdk/domain';
import type { LedgerDeps } from './deps.ts';
import type { LedgerQueries, MarketAccountFacts } from './repo.ts';
import { LedgerWriter } from './writer.ts';

const money = (currency: string, amount: number): Money => ({ currency: currency as Currency, amount });

export async function reconcileAccount(
  deps: LedgerDeps,
  userId: string,
  account: MarketAccountFacts,
): Promise<ReconcileAccount> {
  const read = await deps.balances(userId, account.id).catch(() => null);
  const market = read?.ok ? read : null;
  const now = new Date(deps.now());
  // Settling and the opening entries record the market's answer: a viewer's look records them too.
  return deps.repo.record(userId, async (q) => {
    const writer = new LedgerWriter(q);
    // Held money whose release time has come is settled before the balances are compared.
    await writer.settleDue(now);
    let ledger = await ledgerBalance(q, account.id);
    if (market && !(await q.hasOpening(account.id))) {
      // What the account held before the ledger followed it: recorded once, so the two start equal.
      const cur = market.currency;
      await writer.opening(
        account,
        market.balance.available.amount - (ledger.available.get(cur) ?? 0),
        market.balance.onHold.amount - (ledger.held.get(cur) ?? 0),
        cur,
        now,
      );
      ledger = await ledgerBalance(q, account.id);
    }
    const currency = market?.currency ?? account.currency;
    const ledgerPart = {
      available: money(currency, ledger.available.get(currency) ?? 0),
      held: money(currency, ledger.held.get(currency) ?? 0),
    };
    if (!market)
      return {
        marketAccountId: account.id,
        login: account.login,
        currency: currency as Currency,
        ledger: ledgerPart,
        market: null,
        gap: money(currency, 0),
        status: 'unread',
        explanations: [],
      };
    const marketPart = { available: market.balance.available, held: market.balance.onHold };
    const gap =
      marketPart.available.amount +
      marketPart.held.amount -
      ledgerPart.available.amount -
      ledgerPart.held.amount;
    const explanations: ReconcileAccount['explanations'] = [];
    let status: ReconcileAccount['status'] = 'matched';
    if (gap !== 0) {
      let explained = 0;
      for (const transfer of await q.openTransfers(account.id)) {
        const out = transfer.fromAccountId === account.id;
        const amount = out ? -transfer.amount : (transfer.receivedAmount ?? 0);
        const inCurrency = out ? transfer.currency : transfer.receivedCurrency;
        if (inCurrency !== currency || amount === 0) continue;
        explained += amount;
        explanations.push({
          kind: 'openTransfer',
          reference: transfer.customId,
          amount: money(currency, amount),
        });
      }
      status = explained === gap ? 'explained' : 'unexplained';
      if (status === 'unexplained') explanations.length = 0;
    } else if (marketPart.held.amount !== ledgerPart.held.amount) {
      // The same money, split otherwise: held sales the market released before the ledger saw their time.
      status = 'explained';
      explanations.push({
        kind: 'releasePending',
        reference: 'held',
        amount: money(currency, ledgerPart.held.amount - marketPart.held.amount),
      });
    }
    return {
      marketAccountId: account.id,
      login: account.login,
      currency: currency as Currency,
      ledger: ledgerPart,
      market: marketPart,
      gap: money(currency, gap),
      status,
      explanations,
    };
  });
}

async function ledgerBalance(q: LedgerQueries, marketAccountId: number) {
  const available = new Map<string, number>();
  const held = new Map<string, number>();
  for (const row of await q.balances(marketAccountId)) {
    const target = row.bucket === 'held' ? held : available;
    target.set(row.currency, (target.get(row.currency) ?? 0) + Number(row.amount));
  }
  return { available, held };
}
