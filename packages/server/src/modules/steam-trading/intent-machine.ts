import { TRADE_INTENT_STATUSES, type TradeIntent } from '@tradedeck/sdk/contract';
import { defineMachine, move } from '../../db/state-machine.ts';
import { intentFields } from '../../intent-log.ts';
import type { IntentRow, TradingQueries } from './repo.ts';

export type IntentStatus = TradeIntent['status'];

/**
 * A trade action that moves items (docs/state-machines.md, Offers): written pending before Steam is called, it ends
 * done, failed (Steam refused: nothing moved) or notSent (reconciliation proved nothing moved). Only those last two
 * may be claimed again under the same reference; a done one whose trade Steam rolls back ends reversed.
 */
export const intentMachine = defineMachine({
  name: 'trade offer',
  statuses: TRADE_INTENT_STATUSES,
  edges: {
    pending: ['done', 'failed', 'notSent'],
    done: ['reversed'],
    failed: ['pending'],
    notSent: ['pending'],
    reversed: [],
  },
});

/** What became of a pending intent's call. */
export type IntentOutcome = { status: Exclude<IntentStatus, 'pending' | 'reversed'> } & Partial<
  Pick<IntentRow, 'offerId' | 'offerState' | 'needsConfirmation' | 'errorReason' | 'partnerSteamId'>
>;

/**
 * Records the outcome of the pending claim `row` read; null when that claim no longer stands (another writer
 * settled it, or it was settled and claimed again since: its outcome is not this answer's).
 */
export function finishIntent(q: TradingQueries, row: IntentRow, outcome: IntentOutcome, at: Date) {
  const { status, ...set } = outcome;
  return move(q.claimStatus(row), intentMachine, row, 'pending', status, {
    set: { ...set, completedAt: at },
  });
}

/** The fields of a log line about an intent's outcome, its reference first (docs/operations.md). */
export function outcomeLogFields(row: IntentRow, outcome: IntentOutcome) {
  return {
    ...intentFields('trade', row.reference),
    accountId: row.accountId,
    intentId: row.id,
    status: outcome.status,
    offerId: outcome.offerId ?? row.offerId,
  };
}

/**
 * Writes a new intent, or claims again one whose earlier attempt is known to have moved nothing (failed or
 * notSent); `claimed` is false when the reference already has a call under way or done.
 */
export async function claimIntent(
  q: TradingQueries,
  values: Parameters<TradingQueries['insertIntent']>[0],
): Promise<{ row: IntentRow; claimed: boolean }> {
  const inserted = await q.insertIntent(values);
  if (inserted) return { row: inserted, claimed: true };
  const existing = (await q.intent(values.accountId, values.kind, values.reference))!;
  const again = await move(q.intentStatus, intentMachine, existing, ['failed', 'notSent'], 'pending', {
    set: {
      owner: values.owner,
      // Later than the earlier claim's, so each claim of the reference is told apart (`finishIntent`).
      leaseUntil: new Date(Math.max(values.leaseUntil.getTime(), existing.leaseUntil.getTime() + 1)),
      request: values.request,
      partnerSteamId: values.partnerSteamId ?? null,
      errorReason: null,
      completedAt: null,
      createdAt: new Date(),
    },
  });
  return again ? { row: again, claimed: true } : { row: existing, claimed: false };
}
