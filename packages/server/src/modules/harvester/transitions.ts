import type { HarvesterErrorReason, HarvesterStep, HarvesterTransactionStatus } from '@tradedeck/sdk/domain';
import { move } from '../../db/state-machine.ts';
import type { HarvesterDeps } from './deps.ts';
import type { TransactionHead, TransactionRow } from './repo.ts';
import { transactionMachine } from './transaction-machine.ts';

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
  deps: Pick<HarvesterDeps, 'repo' | 'events' | 'now' | 'ledger'>,
  userId: string,
  row: TransactionRow,
  transition: Transition,
  extra: { attempt?: number } = {},
): Promise<TransactionRow | null> {
  const set: Partial<TransactionHead> = { updatedAt: new Date(deps.now()), ...extra };
  if (transition.to === 'error') {
    set.errorStep = transition.step;
    set.errorReason = transition.reason;
  } else if (transition.to === 'cancelled') {
    set.errorStep = transition.step;
    set.errorReason = null;
  } else {
    set.errorStep = null;
    set.errorReason = null;
    if (transition.offerId) set.offerId = transition.offerId;
  }
  // The item lists never change: the moved row keeps the ones it was read with.
  const whole = (head: TransactionHead): TransactionRow => ({
    ...head,
    items: row.items,
    giveBack: row.giveBack,
  });
  return deps.repo.run(userId, async (q, tx) => {
    const from = row.status as HarvesterTransactionStatus;
    const moved = await move(q.transactionStatus, transactionMachine, row, from, transition.to, {
      set,
      event: async (head) => {
        await deps.events.transactions(userId, row.sessionId, [whole(head)], tx);
        // The items moved between own accounts: the ledger records it with the step that says so.
        if (transition.to === 'completed' && deps.ledger)
          await deps.ledger.write(tx, userId, (writer) => writer.itemMove(harvesterItemMove(whole(head))));
      },
    });
    return moved ? whole(moved) : null;
  });
}

/** A completed transaction as the ledger records it: what went from the source to the target. */
export function harvesterItemMove(
  row: Pick<
    TransactionRow,
    | 'id'
    | 'sourceId'
    | 'sourceLogin'
    | 'targetId'
    | 'targetLogin'
    | 'game'
    | 'items'
    | 'giveBack'
    | 'updatedAt'
  >,
) {
  const items = (row.items as { name: string; amount: number }[]).map((item) => ({
    name: item.name,
    amount: item.amount,
  }));
  const back = (row.giveBack as { name: string; amount: number }[]).map((item) => ({
    name: item.name,
    amount: -item.amount,
  }));
  return {
    id: row.id,
    sourceId: row.sourceId,
    sourceLogin: row.sourceLogin,
    targetId: row.targetId,
    targetLogin: row.targetLogin,
    game: row.game,
    items: [...items, ...back],
    at: row.updatedAt,
  };
}
