import type { ColumnDef } from '@tanstack/react-table';
import type { SellerAccountRow } from '@tradedeck/sdk/contract';
import type { TFunction } from 'i18next';
import type { TextKey } from '../../i18n/text-key.ts';
import { Amount } from '../../shared/money/amount.tsx';
import { selectColumn } from '../../shared/table/data-table.tsx';
import { PlatformBadge, SellerStatusBadge } from './seller-badges.tsx';

/** Column ids are the sort properties of `p2p.query`, so a header click sorts on the server. */
export function sellerColumns(t: TFunction): ColumnDef<SellerAccountRow, unknown>[] {
  const column = (id: string, labelKey: TextKey, size: number) => ({
    id,
    header: t(labelKey),
    meta: t(labelKey),
    size,
  });
  return [
    selectColumn<SellerAccountRow>(),
    {
      ...column('login', 'p2pAccounts.columns.login', 180),
      accessorKey: 'login',
      cell: ({ row }) => (
        <span className="flex min-w-0 flex-col leading-tight">
          <span className="truncate font-medium" data-testid="seller-login">
            {row.original.login}
          </span>
          <span className="truncate font-mono text-[11px] text-muted">{row.original.steamId ?? '—'}</span>
        </span>
      ),
    },
    {
      ...column('status', 'p2pAccounts.columns.status', 220),
      accessorKey: 'status',
      cell: ({ row }) => (
        <span className="flex items-center gap-1.5">
          <SellerStatusBadge status={row.original.status} />
          {row.original.activeDeliveries > 0 && (
            <span
              className="text-[11px] text-amber-700 dark:text-amber-300"
              data-testid="seller-active-trades"
            >
              {t('p2pAccounts.activeTrades', { count: row.original.activeDeliveries })}
            </span>
          )}
        </span>
      ),
    },
    {
      ...column('platformStatus', 'p2pAccounts.columns.platforms', 110),
      cell: ({ row }) => (
        <span className="flex gap-1">
          {row.original.platforms.map((state) => (
            <PlatformBadge key={state.platform} state={state} />
          ))}
        </span>
      ),
    },
    {
      ...column('proxy', 'p2pAccounts.columns.proxy', 130),
      enableSorting: false,
      cell: ({ row }) =>
        row.original.proxy ? (
          <span className="font-mono text-xs">
            {row.original.proxy.address}:{row.original.proxy.port}
          </span>
        ) : (
          <span className="text-xs text-muted">{t('p2pAccounts.noProxy')}</span>
        ),
    },
    {
      ...column('available', 'p2pAccounts.columns.available', 110),
      cell: ({ row }) => (
        <Amount className="tabular-nums" testId="seller-available" money={row.original.balances.available} />
      ),
    },
    {
      ...column('onHold', 'p2pAccounts.columns.onHold', 110),
      enableSorting: false,
      cell: ({ row }) => <Amount className="text-muted tabular-nums" money={row.original.balances.onHold} />,
    },
    {
      ...column('modules', 'p2pAccounts.columns.modules', 150),
      enableSorting: false,
      cell: ({ row }) => (
        <span className="flex gap-1 overflow-hidden">
          {row.original.modules.map((module) => (
            <span
              key={module}
              className="rounded-full bg-primary/10 px-2 py-0.5 text-xs whitespace-nowrap text-primary-ink"
            >
              {t(`p2pAccounts.modules.${module}`)}
            </span>
          ))}
        </span>
      ),
    },
    {
      ...column('ordersCount', 'p2pAccounts.columns.orders', 80),
      accessorKey: 'ordersCount',
      cell: ({ row }) => <span className="tabular-nums">{row.original.ordersCount}</span>,
    },
  ];
}
