import type { HarvesterTransaction } from '@tradedeck/sdk/contract';
import {
  HARVESTER_TRANSACTION_STATUSES,
  type HarvesterTransactionStatus,
  isActiveTransactionStatus,
} from '@tradedeck/sdk/domain';

/** A row of the transactions table: a transaction, or (grouped by target) the head of one target's rows. */
export type TransactionListRow =
  | ({ kind: 'transaction' } & HarvesterTransaction)
  | { kind: 'group'; id: string; target: HarvesterTransaction['target']; count: number; items: number };

export const rowId = (row: TransactionListRow): string =>
  row.kind === 'group' ? `target-${row.target.id}` : String(row.id);

/** Filters of the transactions table in the URL. */
export const TX_FILTER_KEYS = ['status', 'account', 'group'] as const;

/** `status=error` or `status=active` (every step) ↔ the operation's status filter; `account` ↔ either side. */
export function toTransactionFilters(filters: Record<string, string>) {
  const status = filters.status;
  let withStatus: HarvesterTransactionStatus[] = [];
  if (status === 'active') withStatus = HARVESTER_TRANSACTION_STATUSES.filter(isActiveTransactionStatus);
  else if ((HARVESTER_TRANSACTION_STATUSES as readonly string[]).includes(status ?? '')) {
    withStatus = [status as HarvesterTransactionStatus];
  }
  const account = Number(filters.account);
  return {
    withStatus,
    accountIds: Number.isSafeInteger(account) && account > 0 ? [account] : [],
    sourceIds: [] as number[],
    targetIds: [] as number[],
  };
}

/** The page's rows, plain or grouped by target (targets by login, each headed by its count and items). */
export function transactionRows(
  items: readonly HarvesterTransaction[],
  grouped: boolean,
): TransactionListRow[] {
  const rows = items.map((item): TransactionListRow => ({ kind: 'transaction', ...item }));
  if (!grouped) return rows;
  const byTarget = new Map<number, HarvesterTransaction[]>();
  for (const item of items) {
    const list = byTarget.get(item.target.id) ?? [];
    list.push(item);
    byTarget.set(item.target.id, list);
  }
  const groups = [...byTarget.values()].sort((a, b) => a[0]!.target.login.localeCompare(b[0]!.target.login));
  return groups.flatMap((list): TransactionListRow[] => [
    {
      kind: 'group',
      id: `target-${list[0]!.target.id}`,
      target: list[0]!.target,
      count: list.length,
      items: list.reduce((sum, item) => sum + item.itemCount, 0),
    },
    ...list.map((item): TransactionListRow => ({ kind: 'transaction', ...item })),
  ]);
}

/** Transaction ids among table row ids (group heads are left out). */
export function transactionIds(ids: readonly string[]): number[] {
  return ids.filter((id) => /^\d+$/.test(id)).map(Number);
}
