import type { ColumnDef } from '@tanstack/react-table';
import type { SteamAccountRow } from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import type { TFunction } from 'i18next';
import type { TextKey } from '../../i18n/text-key.ts';
import { RestingCell } from '../../shared/pacing/resting-cell.tsx';
import { selectColumn } from '../../shared/table/data-table.tsx';
import { localeOf } from '../../shared/use-language.ts';
import { StatusBadge } from './status-badge.tsx';

/** Column ids are the sort properties of `steamAccounts.query`, so a header click sorts on the server. */
export function accountColumns(t: TFunction, language: Language): ColumnDef<SteamAccountRow, unknown>[] {
  const dateFormat = new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'short', timeStyle: 'short' });
  const column = (id: string, labelKey: TextKey, size: number) => ({
    id,
    header: t(labelKey),
    meta: t(labelKey),
    size,
  });
  return [
    selectColumn<SteamAccountRow>(),
    {
      ...column('avatar', 'steamAccounts.columns.avatar', 40),
      header: () => <span className="sr-only">{t('steamAccounts.columns.avatar')}</span>,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.avatarUri ? (
          <img src={row.original.avatarUri} alt="" loading="lazy" className="h-6 w-6 rounded" />
        ) : (
          <span aria-hidden className="block h-6 w-6 rounded bg-slate-200 dark:bg-slate-700" />
        ),
    },
    {
      ...column('login', 'steamAccounts.columns.login', 170),
      accessorKey: 'login',
      cell: ({ row }) => (
        <span className="font-medium" data-testid="account-login">
          {row.original.login}
        </span>
      ),
    },
    {
      ...column('steamId', 'steamAccounts.columns.steamId', 150),
      accessorKey: 'steamId',
      cell: ({ row }) => <span className="font-mono text-xs">{row.original.steamId ?? '—'}</span>,
    },
    {
      ...column('accountStatus', 'steamAccounts.columns.status', 170),
      accessorKey: 'accountStatus',
      cell: ({ row }) => (
        <StatusBadge status={row.original.accountStatus} lastError={row.original.lastError} inline />
      ),
    },
    {
      ...column('resting', 'pacing.resting', 150),
      enableSorting: false,
      cell: ({ row }) => <RestingCell rest={row.original.resting} />,
    },
    {
      ...column('proxy', 'steamAccounts.columns.proxy', 130),
      cell: ({ row }) =>
        row.original.proxy ? (
          <span className="font-mono text-xs" data-testid="account-proxy">
            {row.original.proxy.address}:{row.original.proxy.port}
          </span>
        ) : (
          <span className="text-xs text-muted">{t('steamAccounts.noProxy')}</span>
        ),
    },
    {
      ...column('tags', 'steamAccounts.columns.tags', 100),
      enableSorting: false,
      cell: ({ row }) => (
        <span className="flex gap-1 overflow-hidden">
          {row.original.tags.map((tag) => (
            <span
              key={tag.id}
              className="rounded-full bg-primary/10 px-2 py-0.5 text-xs whitespace-nowrap text-primary-ink"
            >
              {tag.name}
            </span>
          ))}
        </span>
      ),
    },
    {
      ...column('lastLoginAt', 'steamAccounts.columns.lastLogin', 140),
      accessorKey: 'lastLoginAt',
      cell: ({ row }) => (
        <span className="text-xs text-muted">
          {row.original.lastLoginAt
            ? dateFormat.format(new Date(row.original.lastLoginAt))
            : t('steamAccounts.never')}
        </span>
      ),
    },
  ];
}
