import type { ColumnDef } from '@tanstack/react-table';
import type { LotGroup, LotRow } from '@tradedeck/sdk/contract';
import { lotIssueMessages, lotStatusMessages, type Money, TRADE_GAMES } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import type { TFunction } from 'i18next';
import type { TextKey } from '../../i18n/text-key.ts';
import { MarketChip } from '../../shared/market-chip.tsx';
import { Amount } from '../../shared/money/amount.tsx';
import { selectColumn } from '../../shared/table/data-table.tsx';
import { localeOf } from '../../shared/use-language.ts';
import type { LotTableRow } from './lot-rows.ts';

type Column = ColumnDef<LotTableRow, unknown>;

/** A lot's market, beside its account. */

const ISSUE_TONE =
  'rounded-full bg-amber-100 px-1.5 py-0.5 text-[11px] text-amber-800 dark:bg-amber-500/15 dark:text-amber-200';

/**
 * Columns of the lots table. A group row shows the item, its game, how many orders and items it holds, its lowest
 * price per currency and every issue of its children; a child row shows the lot's own account, prices, bounds,
 * profile, status and issues. Sortable column ids are the sort properties of `lots.groups`.
 */
export function lotColumns(t: TFunction, language: Language, onToggle: (key: string) => void): Column[] {
  const locale = localeOf(language);
  // In the displayed currency, marked when converted.
  const money = (value: Money | null) => <Amount money={value} />;
  const column = (id: string, labelKey: TextKey, size: number, sortable = false) => ({
    id,
    header: t(labelKey),
    meta: t(labelKey),
    size,
    enableSorting: sortable,
  });
  const lotCell =
    (render: (lot: LotRow) => React.ReactNode, group: (group: LotGroup) => React.ReactNode = () => '') =>
    ({ row }: { row: { original: LotTableRow } }) =>
      row.original.kind === 'lot' ? render(row.original.lot) : group(row.original.group);

  return [
    selectColumn<LotTableRow>(),
    {
      ...column('name', 'lots.columns.item', 280, true),
      cell: ({ row }) => {
        const item = row.original;
        if (item.kind === 'lot') {
          return (
            <span className="truncate ps-7 text-slate-600 dark:text-slate-300" data-testid="lot-name">
              {item.lot.name}
            </span>
          );
        }
        return (
          <span className="flex min-w-0 items-center gap-1.5">
            <button
              type="button"
              className="w-5 shrink-0 rounded text-muted hover:bg-slate-100 dark:hover:bg-slate-800"
              aria-expanded={item.expanded}
              aria-label={t(item.expanded ? 'lots.collapse' : 'lots.expand')}
              onClick={(event) => {
                event.stopPropagation();
                onToggle(item.group.key);
              }}
            >
              {item.expanded ? '▾' : '▸'}
            </button>
            <span className="truncate font-medium" data-testid="group-name">
              {item.group.name}
            </span>
            {item.group.exterior && (
              <span className="truncate text-[11px] text-muted">{item.group.exterior}</span>
            )}
          </span>
        );
      },
    },
    {
      ...column('game', 'lots.columns.game', 110, true),
      cell: ({ row }) => {
        const game = row.original.kind === 'lot' ? row.original.lot.game : row.original.group.game;
        return <span className="truncate text-xs">{TRADE_GAMES[game].name}</span>;
      },
    },
    {
      ...column('account', 'lots.columns.account', 140),
      cell: lotCell(
        (lot) => (
          <span className="flex items-center gap-1 overflow-hidden">
            <MarketChip
              platform={lot.platform}
              label={t(`lots.markets.${lot.platform}`)}
              testId="lot-market"
            />
            <span className="truncate">{lot.account.login}</span>
          </span>
        ),
        (group) => <span className="text-xs text-muted">{t('lots.orders', { count: group.lotsCount })}</span>,
      ),
    },
    {
      ...column('quantity', 'lots.columns.quantity', 60, true),
      cell: ({ row }) => (
        <span className="tabular-nums">
          {row.original.kind === 'lot' ? row.original.lot.quantity : row.original.group.quantity}
        </span>
      ),
    },
    {
      ...column('lowestPrice', 'lots.columns.price', 110, true),
      cell: lotCell(
        (lot) => (
          <span className="font-medium tabular-nums" data-testid="lot-price">
            {money(lot.price)}
          </span>
        ),
        (group) => (
          <span className="tabular-nums" data-testid="group-price">
            {group.lowestPrice.length === 0
              ? '—'
              : group.lowestPrice.map((price, i) => (
                  <span key={price.currency}>
                    {i > 0 ? ' · ' : ''}
                    {money(price)}
                  </span>
                ))}
          </span>
        ),
      ),
    },
    {
      ...column('purchasePrice', 'lots.columns.purchasePrice', 100),
      cell: lotCell((lot) => <span className="text-muted tabular-nums">{money(lot.purchasePrice)}</span>),
    },
    {
      ...column('minPrice', 'lots.columns.min', 90),
      cell: lotCell((lot) => (
        <span className="tabular-nums" data-testid="lot-min">
          {money(lot.minPrice)}
        </span>
      )),
    },
    {
      ...column('maxPrice', 'lots.columns.max', 90),
      cell: lotCell((lot) => (
        <span className="tabular-nums" data-testid="lot-max">
          {money(lot.maxPrice)}
        </span>
      )),
    },
    {
      ...column('profile', 'lots.columns.profile', 120),
      cell: lotCell((lot) => <span className="text-xs">{t(`lots.profiles.${lot.profile}`)}</span>),
    },
    {
      ...column('status', 'lots.columns.status', 120),
      cell: lotCell(
        (lot) => (
          <span className="text-xs" data-testid="lot-status" data-status={lot.status}>
            {lotStatusMessages[language][lot.status]}
          </span>
        ),
        (group) => (
          <span className="truncate text-[11px] text-muted">
            {Object.entries(group.byStatus)
              .filter(([, count]) => count > 0)
              .map(
                ([status, count]) => `${lotStatusMessages[language][status as LotRow['status']]}: ${count}`,
              )
              .join(' · ')}
          </span>
        ),
      ),
    },
    {
      ...column('listedAt', 'lots.columns.onSale', 110),
      cell: lotCell((lot) => (
        <span className="text-xs text-muted">
          {lot.listedAt ? new Date(lot.listedAt).toLocaleDateString(locale) : '—'}
        </span>
      )),
    },
    {
      ...column('issues', 'lots.columns.issues', 160),
      cell: ({ row }) => {
        const issues = row.original.kind === 'lot' ? row.original.lot.issues : row.original.group.issues;
        return (
          <span className="flex gap-1 overflow-hidden" data-testid="lot-issues">
            {issues.map((issue) => (
              <span
                key={issue}
                className={ISSUE_TONE}
                title={lotIssueMessages[language][issue]}
                data-issue={issue}
              >
                {t(`lots.issues.${issue}`)}
              </span>
            ))}
          </span>
        );
      },
    },
  ];
}
