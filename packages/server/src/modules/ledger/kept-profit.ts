/**
 * Profit reports kept between requests (docs/ledger.md, Benchmark): a year by day sums thousands of day totals and
 * converts them, and a panel asks the same report on every visit and refresh although nothing was written. A
 * report is kept per user and filter with the snapshot it was read in, and answered again only while the change log
 * (db/list-totals.ts) shows no transaction that snapshot did not see has written to the ledger's tables of the
 * user, so it is right with several server processes on one database. The uncosted count is read every time.
 */
import type { ProfitRow } from '@tradedeck/sdk/contract';
import type { ExchangeRate } from '@tradedeck/sdk/domain';
import { KEPT_TOTAL_MS, KeptBySnapshot, type ListSource } from '../../db/list-totals.ts';
import type { RatesSnapshot } from '../../integrations/rates/index.ts';
import { dayOf, type EntryFilter } from './repo.ts';

/** The tables a profit report reads (tag reports also read the tag names, and are not kept). */
export const PROFIT_SOURCES: readonly ListSource[] = ['ledger_entries', 'ledger_days', 'ledger_sales'];

/** How many reports one process keeps at most; the least recently used go first. */
const MAX_KEPT = 256;

export interface KeptReport {
  snapshot: string;
  rows: ProfitRow[];
  total: ProfitRow;
  rates: ExchangeRate[];
}

export class KeptProfit extends KeptBySnapshot<KeptReport> {
  constructor(now: () => number = () => performance.now()) {
    // The change rows are purged a few lifetimes of a kept list total after they end: a report is kept no longer.
    super({ lifetimeMs: KEPT_TOTAL_MS, maxEntries: MAX_KEPT, now });
  }
}

/** What a report reads and how it is shown; null for a report that is not kept. */
export interface ProfitAsk {
  userId: string;
  by: string;
  method: string;
  currency: string;
  rates: RatesSnapshot | null;
  filter: EntryFilter;
  /** Read from the day totals: the period is whole days. */
  fromDays: boolean;
}

export function profitKey(ask: ProfitAsk): string | null {
  if (ask.by === 'tag') return null;
  const at = (date: Date | null) => (date === null ? '' : ask.fromDays ? dayOf(date) : date.toISOString());
  const rates = ask.rates ? `${ask.rates.source}@${ask.rates.fetchedAt.getTime()}` : 'none';
  const accounts = [...new Set(ask.filter.accountIds)].sort((a, b) => a - b).join(',');
  return [
    ask.userId,
    ask.by,
    ask.method,
    ask.currency,
    rates,
    at(ask.filter.from),
    at(ask.filter.to),
    accounts,
  ].join('|');
}
