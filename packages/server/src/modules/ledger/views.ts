import type { LedgerEntry } from '@tradedeck/sdk/contract';
import type { Currency } from '@tradedeck/sdk/domain';
import type { EntryRow } from './repo.ts';

export function toEntry(row: EntryRow): LedgerEntry {
  return {
    id: row.id,
    kind: row.kind as LedgerEntry['kind'],
    effect: row.effect as LedgerEntry['effect'],
    realised: row.realised,
    account: { id: row.accountId, login: row.accountLogin },
    marketAccountId: row.marketAccountId,
    bucket: row.bucket as LedgerEntry['bucket'],
    saleId: row.saleId,
    marketHashName: row.marketHashName,
    game: row.game,
    quantity: row.quantity,
    method: row.method as LedgerEntry['method'],
    amount: { currency: row.currency as Currency, amount: row.amount },
    rate: row.rate,
    correctsId: row.correctsId,
    note: row.note,
    occurredAt: row.occurredAt.toISOString(),
  };
}
