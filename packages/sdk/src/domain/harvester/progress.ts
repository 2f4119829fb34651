import { HARVESTER_STEPS, type HarvesterTransactionStatus } from './schemas.ts';

/** A session's transactions by where they stand, from its counts per status (the web header and the CLI). */
export function transactionTally(counts: Partial<Record<HarvesterTransactionStatus, number>>) {
  const count = (status: HarvesterTransactionStatus) => counts[status] ?? 0;
  const active = HARVESTER_STEPS.reduce((sum, step) => sum + count(step), 0);
  const completed = count('completed');
  const errors = count('error');
  const cancelled = count('cancelled');
  const ended = completed + errors + cancelled;
  return { total: active + ended, active, completed, errors, cancelled, ended };
}
