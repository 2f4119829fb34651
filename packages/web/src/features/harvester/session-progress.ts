import type { HarvesterSession } from '@tradedeck/sdk/contract';
import { type MoneyTotals, transactionTally } from '@tradedeck/sdk/domain';

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

/** The non-zero values per currency, or null when there is none (shown as a dash by `<Amount>`). */
export function nonZeroTotals(totals: MoneyTotals): MoneyTotals | null {
  const shown = totals.filter((value) => value.amount !== 0);
  return shown.length === 0 ? null : shown;
}
