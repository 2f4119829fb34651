import type { ColumnDef } from '@tanstack/react-table';
import type { ConfirmationRow } from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import type { TFunction } from 'i18next';
import type { TextKey } from '../../i18n/text-key.ts';
import { localeOf } from '../../shared/use-language.ts';
import { ConfirmationValue } from './confirmation-value.tsx';

/** The columns of the centre; the list is read from Steam in full and sorted here. */
export function confirmationColumns(t: TFunction, language: Language): ColumnDef<ConfirmationRow, unknown>[] {
  const locale = localeOf(language);
  const column = (id: string, labelKey: TextKey, size: number) => ({
    id,
    header: t(labelKey),
    meta: t(labelKey),
    size,
    enableSorting: false,
  });
  return [
    {
      ...column('account', 'confirmations.columns.account', 150),
      cell: ({ row }) => <span className="truncate font-medium">{row.original.login}</span>,
    },
    {
      ...column('kind', 'confirmations.columns.kind', 140),
      cell: ({ row }) => (
        <span className="text-xs" data-kind={row.original.kind}>
          {t(`confirmations.kinds.${row.original.kind}`)}
        </span>
      ),
    },
    {
      ...column('origin', 'confirmations.columns.origin', 110),
      cell: ({ row }) => (
        <span className={row.original.ours ? 'text-xs text-success' : 'text-xs text-warning'}>
          {t(row.original.ours ? 'confirmations.ours' : 'confirmations.foreign')}
        </span>
      ),
    },
    {
      ...column('partner', 'confirmations.columns.partner', 180),
      cell: ({ row }) => <span className="truncate text-xs">{row.original.partner ?? ''}</span>,
    },
    {
      ...column('items', 'confirmations.columns.items', 280),
      cell: ({ row }) => (
        <span className="truncate text-xs">{row.original.items.join('; ') || row.original.headline}</span>
      ),
    },
    {
      ...column('value', 'confirmations.columns.value', 220),
      cell: ({ row }) => <ConfirmationValue row={row.original} t={t} locale={locale} />,
    },
    {
      ...column('created', 'confirmations.columns.created', 140),
      cell: ({ row }) => (
        <span className="text-xs">
          {new Date(row.original.createdAt).toLocaleString(locale, {
            dateStyle: 'short',
            timeStyle: 'short',
          })}
        </span>
      ),
    },
  ];
}
