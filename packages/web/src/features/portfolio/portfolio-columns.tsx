import type { ColumnDef } from '@tanstack/react-table';
import type { PortfolioGrouping, PortfolioRow } from '@tradedeck/sdk/contract';
import { TRADE_GAMES } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { TFunction } from 'i18next';
import type { TextKey } from '../../i18n/text-key.ts';
import { ageText } from '../../shared/money/age-text.ts';
import { Amount } from '../../shared/money/amount.tsx';
import { selectColumn } from '../../shared/table/data-table.tsx';
import { localeOf } from '../../shared/use-language.ts';

type Valuation = Extract<PortfolioRow, { kind: 'item' }>['unitValue'];
type Row<K extends PortfolioRow['kind']> = Extract<PortfolioRow, { kind: K }>;

/**
 * A price with its source and age; a stale price and an outlier say so beside the amount (the age line stays short
 * enough for the column). An outlier left out of the totals is struck through; once outliers count, it is not.
 */
function PriceCell({ value, t, locale }: { value: Valuation; t: TFunction; locale: string }) {
  if (!value) return <span className="text-muted">—</span>;
  return (
    <span
      className="flex flex-col"
      data-testid="portfolio-price"
      data-outlier={value.outlier}
      data-stale={value.stale}
      data-counted={value.counted}
    >
      <span className="flex items-baseline gap-1 whitespace-nowrap">
        <span className={`tabular-nums ${value.counted ? 'font-medium' : 'line-through text-muted'}`}>
          <Amount money={value.price} />
        </span>
        {value.outlier && (
          <span className="text-xs text-rose-700 dark:text-rose-300">{t('portfolio.price.outlier')}</span>
        )}
        {value.stale && (
          <span className="text-xs text-amber-700 dark:text-amber-300">{t('portfolio.price.stale')}</span>
        )}
      </span>
      <span className="text-xs text-muted whitespace-nowrap" title={value.observedAt}>
        {t(`portfolio.price.sources.${value.source}`)} · {ageText(value.ageSeconds, locale)}
      </span>
    </span>
  );
}

/** The columns of one grouping; ids are the sort properties where the server sorts on them. */
export function portfolioColumns(
  by: PortfolioGrouping,
  t: TFunction,
  language: Language,
): ColumnDef<PortfolioRow, unknown>[] {
  const locale = localeOf(language);
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : '—';
  const column = (id: string, labelKey: TextKey, size: number, sortable = false) => ({
    id,
    header: t(labelKey),
    meta: t(labelKey),
    size,
    enableSorting: sortable,
  });
  const as = <K extends PortfolioRow['kind']>(row: PortfolioRow) => row as Row<K>;
  if (by === 'account')
    return [
      {
        ...column('name', 'portfolio.columns.account', 200, true),
        cell: ({ row }) => <span className="font-medium">{as<'account'>(row.original).login}</span>,
      },
      {
        ...column('count', 'portfolio.columns.count', 90, true),
        cell: ({ row }) => <span className="tabular-nums">{as<'account'>(row.original).count}</span>,
      },
      {
        ...column('tradable', 'portfolio.columns.tradable', 140),
        cell: ({ row }) => <span className="tabular-nums">{as<'account'>(row.original).tradableCount}</span>,
      },
      {
        ...column('protected', 'portfolio.columns.protected', 110),
        cell: ({ row }) => <span className="tabular-nums">{as<'account'>(row.original).protectedCount}</span>,
      },
      {
        ...column('lastRead', 'portfolio.columns.lastRead', 150),
        cell: ({ row }) => <span className="text-xs">{date(as<'account'>(row.original).lastScannedAt)}</span>,
      },
      {
        ...column('error', 'portfolio.columns.error', 220),
        cell: ({ row }) => (
          <span className="text-xs text-rose-700 dark:text-rose-300">
            {as<'account'>(row.original).lastError ?? ''}
          </span>
        ),
      },
    ];
  if (by === 'flat')
    return [
      // Assets are picked across accounts for an action (the CSV export).
      selectColumn<PortfolioRow>(),
      {
        ...column('name', 'portfolio.columns.item', 260, true),
        cell: ({ row }) => <span className="truncate font-medium">{as<'asset'>(row.original).name}</span>,
      },
      {
        ...column('account', 'portfolio.columns.account', 140),
        cell: ({ row }) => <span className="truncate">{as<'asset'>(row.original).login}</span>,
      },
      {
        ...column('protectedUntil', 'portfolio.columns.protectedUntil', 140),
        cell: ({ row }) => {
          const asset = as<'asset'>(row.original);
          return (
            <span className="text-xs" data-protected={asset.protected}>
              {asset.protected ? date(asset.protectedUntil) : ''}
            </span>
          );
        },
      },
      {
        ...column('tradableAfter', 'portfolio.columns.tradableAfter', 140),
        cell: ({ row }) => {
          const asset = as<'asset'>(row.original);
          return <span className="text-xs">{asset.tradable ? '' : date(asset.tradableAfter)}</span>;
        },
      },
      {
        ...column('price', 'portfolio.columns.price', 190),
        cell: ({ row }) => <PriceCell value={as<'asset'>(row.original).unitValue} t={t} locale={locale} />,
      },
    ];
  return [
    {
      ...column('name', 'portfolio.columns.item', 260, true),
      cell: ({ row }) => <span className="truncate font-medium">{as<'item'>(row.original).name}</span>,
    },
    {
      ...column('game', 'portfolio.columns.game', 110),
      cell: ({ row }) => <span className="text-xs">{TRADE_GAMES[as<'item'>(row.original).game].name}</span>,
    },
    {
      ...column('count', 'portfolio.columns.count', 80, true),
      cell: ({ row }) => <span className="tabular-nums">{as<'item'>(row.original).count}</span>,
    },
    {
      ...column('accounts', 'portfolio.columns.accounts', 90),
      cell: ({ row }) => <span className="tabular-nums">{as<'item'>(row.original).accounts}</span>,
    },
    {
      ...column('tradable', 'portfolio.columns.tradable', 140),
      cell: ({ row }) => <span className="tabular-nums">{as<'item'>(row.original).tradableCount}</span>,
    },
    {
      ...column('protected', 'portfolio.columns.protected', 150),
      cell: ({ row }) => {
        const item = as<'item'>(row.original);
        return (
          <span className="text-xs tabular-nums">
            {item.protectedCount}
            {item.protectedUntil ? ` · ${date(item.protectedUntil)}` : ''}
          </span>
        );
      },
    },
    {
      ...column('price', 'portfolio.columns.price', 190),
      cell: ({ row }) => <PriceCell value={as<'item'>(row.original).unitValue} t={t} locale={locale} />,
    },
    {
      ...column('value', 'portfolio.columns.value', 120),
      cell: ({ row }) => (
        <span className="tabular-nums">
          <Amount money={as<'item'>(row.original).totalValue} />
        </span>
      ),
    },
  ];
}
