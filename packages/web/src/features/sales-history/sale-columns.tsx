import type { ColumnDef } from '@tanstack/react-table';
import type { SaleRow } from '@tradedeck/sdk/contract';
import { TRADE_GAMES } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { TFunction } from 'i18next';
import type { TextKey } from '../../i18n/text-key.ts';
import { MarketChip } from '../../shared/market-chip.tsx';
import { Amount } from '../../shared/money/amount.tsx';
import { localeOf } from '../../shared/use-language.ts';

/** Column ids are the sort properties of `sales.query` where the server sorts on them. */
export function saleColumns(t: TFunction, language: Language): ColumnDef<SaleRow, unknown>[] {
  const locale = localeOf(language);
  const date = (iso: string) =>
    new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });
  const column = (id: string, labelKey: TextKey, size: number, sortable = true) => ({
    id,
    header: t(labelKey),
    meta: t(labelKey),
    size,
    enableSorting: sortable,
  });
  return [
    {
      ...column('name', 'salesHistory.columns.item', 260),
      cell: ({ row }) => <span className="truncate font-medium">{row.original.name}</span>,
    },
    {
      ...column('game', 'salesHistory.columns.game', 110),
      cell: ({ row }) => <span className="text-xs">{TRADE_GAMES[row.original.game].name}</span>,
    },
    {
      ...column('platform', 'salesHistory.columns.platform', 110, false),
      cell: ({ row }) => (
        <MarketChip
          platform={row.original.platform}
          label={t(`salesHistory.markets.${row.original.platform}`)}
          testId="sale-market"
        />
      ),
    },
    {
      ...column('account', 'salesHistory.columns.account', 140),
      cell: ({ row }) => <span className="truncate">{row.original.account.login}</span>,
    },
    {
      ...column('soldAt', 'salesHistory.columns.soldAt', 130),
      cell: ({ row }) => <span className="text-xs tabular-nums">{date(row.original.soldAt)}</span>,
    },
    {
      ...column('price', 'salesHistory.columns.price', 110),
      cell: ({ row }) => (
        <span className="font-medium tabular-nums" data-testid="sale-price">
          <Amount money={row.original.price} />
        </span>
      ),
    },
    {
      ...column('holdReleaseAt', 'salesHistory.columns.holdUntil', 130),
      cell: ({ row }) => (
        <span className="text-xs text-muted tabular-nums">
          {row.original.holdReleaseAt ? date(row.original.holdReleaseAt) : t('salesHistory.noHold')}
        </span>
      ),
    },
    {
      ...column('state', 'salesHistory.columns.state', 150, false),
      cell: ({ row }) => (
        <span
          className={`text-xs ${row.original.state === 'reversed' ? 'font-medium text-amber-700 dark:text-amber-300' : ''}`}
          data-sale-state={row.original.state}
        >
          {t(`salesHistory.states.${row.original.state}`)}
        </span>
      ),
    },
  ];
}
