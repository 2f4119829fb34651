import type { ColumnDef } from '@tanstack/react-table';
import { TRADE_GAMES } from '@tradedeck/sdk/domain';
import type { TFunction } from 'i18next';
import { Amount } from '../../shared/money/amount.tsx';
import { selectColumn } from '../../shared/table/data-table.tsx';
import { nonZeroTotals } from './session-progress.ts';
import { TransactionStatusBadge } from './status-badges.tsx';
import type { harvesterTexts } from './texts.ts';
import { rowId, type TransactionListRow } from './transaction-rows.ts';

type Column = ColumnDef<TransactionListRow, unknown>;

/** Columns of a session's transactions; ids that are sortable properties of `harvester.transactions` sort. */
export function transactionColumns(t: TFunction, locale: string): Column[] {
  const label = (key: keyof typeof harvesterTexts.ru.transactions.columns) =>
    t(`harvester.transactions.columns.${key}`);
  const plain = (
    id: string,
    size: number,
    render: (row: TransactionListRow & { kind: 'transaction' }) => React.ReactNode,
    sortable = false,
  ): Column => ({
    id,
    header: label(id as keyof typeof harvesterTexts.ru.transactions.columns),
    meta: label(id as keyof typeof harvesterTexts.ru.transactions.columns),
    size,
    enableSorting: sortable,
    accessorFn: rowId,
    cell: ({ row }) => (row.original.kind === 'transaction' ? render(row.original) : null),
  });
  return [
    selectColumn<TransactionListRow>(),
    plain('id', 60, (row) => <span className="font-mono text-xs">{row.id}</span>, true),
    plain('run', 80, (row) => row.run, true),
    plain('source', 170, (row) => <span title={row.source.login}>{row.source.login}</span>),
    {
      id: 'target',
      header: label('target'),
      meta: label('target'),
      size: 170,
      enableSorting: false,
      accessorFn: (row) => row.target.login,
      cell: ({ row }) => {
        const data = row.original;
        if (data.kind === 'group') {
          return (
            <strong className="text-primary-ink" data-testid="target-group">
              {t('harvester.transactions.group', {
                target: data.target.login,
                count: data.count,
                items: data.items,
              })}
            </strong>
          );
        }
        return <span title={data.target.login}>{data.target.login}</span>;
      },
    },
    plain('game', 150, (row) => TRADE_GAMES[row.game].name),
    plain('status', 170, (row) => <TransactionStatusBadge status={row.status} />, true),
    plain('itemCount', 100, (row) => row.itemCount, true),
    plain('value', 130, (row) => <Amount money={nonZeroTotals(row.value)} />, true),
    plain('giveBack', 100, (row) =>
      row.giveBackCount === 0 ? (
        '—'
      ) : (
        <>
          {row.giveBackCount} · <Amount money={nonZeroTotals(row.giveBackValue)} />
        </>
      ),
    ),
    plain('error', 240, (row) =>
      row.errorReason === null ? null : (
        <span className="text-rose-700 dark:text-rose-300" title={row.error ?? ''} data-testid="tx-error">
          {row.errorStep
            ? t('harvester.transactions.atStep', {
                reason: row.error ?? row.errorReason,
                step: t(`harvester.txStatuses.${row.errorStep}`),
              })
            : (row.error ?? row.errorReason)}
        </span>
      ),
    ),
    plain(
      'updatedAt',
      120,
      (row) => (
        <time dateTime={row.updatedAt} title={row.updatedAt}>
          {new Date(row.updatedAt).toLocaleTimeString(locale)}
        </time>
      ),
      true,
    ),
  ];
}
