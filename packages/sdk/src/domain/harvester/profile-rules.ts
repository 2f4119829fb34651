/**
 * Rules of a profile beyond its shape (docs/product-trading.md §5 "Game profile"): a white or black list
 * names at least one game, and the give-back threshold and total limit are in one currency. Both front ends
 * and the server check them.
 */
import type { HarvesterSettings } from './schemas.ts';

export type HarvesterProfileProblem = 'noGameSelected' | 'giveBackCurrencyMismatch';

export interface HarvesterProfileIssue {
  /** The field as the form names it. */
  field: string;
  problem: HarvesterProfileProblem;
}

export function harvesterProfileIssues(settings: HarvesterSettings): HarvesterProfileIssue[] {
  const issues: HarvesterProfileIssue[] = [];
  if (settings.games.mode !== 'all' && settings.games.list.length === 0) {
    issues.push({ field: 'games.list', problem: 'noGameSelected' });
  }
  const { itemValueThreshold, totalReturnValueLimit } = settings.giveBack;
  if (itemValueThreshold.currency !== totalReturnValueLimit.currency) {
    issues.push({ field: 'giveBack.totalReturnValueLimit', problem: 'giveBackCurrencyMismatch' });
  }
  return issues;
}
