import type { HarvesterSession } from '@tradedeck/sdk/contract';
import { formatMoney, type MoneyTotals, transactionTally } from '@tradedeck/sdk/domain';

/** Transactions of a session by where they stand, for the progress header, the list and the CLI alike. */
export interface SessionProgress {
  total: number;
  completed: number;
  errors: number;
  cancelled: number;
  active: number;
  /** Ended transactions (completed, cancelled or error) in whole percent. */
  percent: number;
}

export function sessionProgress(session: Pick<HarvesterSession, 'counts'>): SessionProgress {
  const tally = transactionTally(session.counts);
  const percent = tally.total === 0 ? 0 : Math.floor((tally.ended * 100) / tally.total);
  return { ...tally, percent };
}

/** Value per currency, never added across currencies: "1 234,50 ₽ + $12.34"; a dash when there is none. */
export function formatTotals(totals: MoneyTotals, locale: string): string {
  const shown = totals.filter((value) => value.amount !== 0);
  return shown.length === 0 ? '—' : shown.map((value) => formatMoney(value, locale)).join(' + ');
}
