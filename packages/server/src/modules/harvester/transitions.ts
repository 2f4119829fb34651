import type { HarvesterErrorReason, HarvesterStep, HarvesterTransactionStatus } from '@tradedeck/sdk/domain';
import type { HarvesterDeps } from './deps.ts';
import type { HarvesterQueries, TransactionRow } from './repo.ts';

/** Where a transaction goes next: a step (persisted before its call), or an end. */
export type Transition =
  | { to: HarvesterStep | 'completed'; offerId?: string }
  | { to: 'error'; step: HarvesterStep; reason: HarvesterErrorReason }
  | { to: 'cancelled'; step: HarvesterStep };

/**
 * Moves a transaction from the status it was read in and announces it in the same database transaction. Null when
 * someone else moved it meanwhile (a cancel), so the caller stops working on it.
 */
export async function moveTransaction(
  deps: Pick<HarvesterDeps, 'repo' | 'events' | 'now'>,
  userId: string,
  row: TransactionRow,
  transition: Transition,
  extra: { attempt?: number } = {},
): Promise<TransactionRow | null> {
  const values: Parameters<HarvesterQueries['moveTransaction']>[2] = {
    status: transition.to as HarvesterTransactionStatus,
    updatedAt: new Date(deps.now()),
    ...extra,
  };
  if (transition.to === 'error') {
    values.errorStep = transition.step;
    values.errorReason = transition.reason;
  } else if (transition.to === 'cancelled') {
    values.errorStep = transition.step;
    values.errorReason = null;
  } else {
    values.errorStep = null;
    values.errorReason = null;
    if (transition.offerId) values.offerId = transition.offerId;
  }
  return deps.repo.run(userId, async (q, tx) => {
    const changed = await q.moveTransaction(row.id, row.status, values);
    if (!changed) return null;
    const moved: TransactionRow = { ...changed, items: row.items, giveBack: row.giveBack };
    await deps.events.transactions(userId, row.sessionId, [moved], tx);
    return moved;
  });
}
