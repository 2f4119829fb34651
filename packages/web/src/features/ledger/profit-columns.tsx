import type { ColumnDef } from '@tanstack/react-table';
import type { ProfitRow } from '@tradedeck/sdk/contract';
import { formatMoney } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { TFunction } from 'i18next';
import type { TextKey } from '../../i18n/text-key.ts';
import type { SortItem } from '../../shared/table/table-url-state.ts';
import { localeOf } from '../../shared/use-language.ts';

export const MONEY_COLUMNS = ['revenue', 'cost', 'fees', 'profit', 'realised', 'pending', 'held'] as const;
type MoneyColumn = (typeof MONEY_COLUMNS)[number];

/**
 * The report's lines in the order the table's sort asks (the whole report is loaded, so the page sorts it):
 * by the line's key, or by one of its amounts; the server's order (periods oldest first) when none is asked.
 */
export function sortProfitRows(rows: readonly ProfitRow[], sort: readonly SortItem[]): ProfitRow[] {
  const first = sort[0];
  if (!first) return [...rows];
  const column = MONEY_COLUMNS.find((name) => name === first.propertyName);
  if (!column && first.propertyName !== 'key') return [...rows];
  const sign = first.isDescending ? -1 : 1;
  return [...rows].sort((a, b) => {
    const order = column ? a[column].amount - b[column].amount : a.key.localeCompare(b.key);
    return sign * (order || a.key.localeCompare(b.key));
  });
}

/** The profit report's columns: the line's key, then every amount in the displayed currency. */
export function profitColumns(t: TFunction, language: Language): ColumnDef<ProfitRow, unknown>[] {
  const locale = localeOf(language);
  const column = (id: string, labelKey: TextKey, size: number) => ({
    id,
    header: t(labelKey),
    meta: t(labelKey),
    size,
    enableSorting: true,
  });
  const money = (id: MoneyColumn): ColumnDef<ProfitRow, unknown> => ({
    ...column(id, `ledger.columns.${id}`, 120),
    cell: ({ row }) => {
      const value = row.original[id];
      const negative = id === 'profit' && value.amount < 0;
      return (
        <span
          className={`tabular-nums ${negative ? 'text-rose-700 dark:text-rose-300' : ''} ${id === 'profit' ? 'font-medium' : ''}`}
          data-testid={`profit-${id}`}
        >
          {formatMoney(value, locale)}
        </span>
      );
    },
  });
  return [
    {
      ...column('key', 'ledger.columns.key', 240),
      cell: ({ row }) => (
        <span className="truncate font-medium" data-testid="profit-key">
          {row.original.key}
        </span>
      ),
    },
    ...MONEY_COLUMNS.map(money),
  ];
}
