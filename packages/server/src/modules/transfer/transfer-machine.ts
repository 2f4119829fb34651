import { defineMachine, move } from '../../db/state-machine.ts';
import {
  OPEN_TRANSFER_STATUSES,
  type TransferDbRow,
  type TransferQueries,
  type TransferStatus,
} from './repo.ts';

export const TRANSFER_STATUSES = ['sending', 'sent', 'notSent', 'unknown'] as const;

/**
 * One balance transfer (docs/state-machines.md, Transfers): written sending before the money-send, it ends sent or
 * notSent on the market's answer or on positive evidence; a lost answer without evidence leaves it unknown, checked
 * again on request or at start-up, and closed as notSent only on the user's word. Nothing moves it back to sending:
 * a money send is never retried.
 */
export const transferMachine = defineMachine({
  name: 'transfer',
  statuses: TRANSFER_STATUSES,
  edges: {
    sending: ['sent', 'notSent', 'unknown'],
    unknown: ['sent', 'notSent', 'unknown'],
    sent: [],
    notSent: [],
  },
});

/** Records an outcome only while the transfer is still open, so a late answer never overwrites a settled one. */
export function settleTransfer(
  q: TransferQueries,
  row: TransferDbRow,
  values: Partial<TransferDbRow> & { status: TransferStatus },
): Promise<TransferDbRow | null> {
  const { status, ...set } = values;
  return move(q.transferStatus, transferMachine, row, OPEN_TRANSFER_STATUSES, status, { set });
}
