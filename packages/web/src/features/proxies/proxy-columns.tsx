import type { ColumnDef } from '@tanstack/react-table';
import type { ProxyRow } from '@tradedeck/sdk/contract';
import { hostForLine } from '@tradedeck/sdk/domain';
import type { TFunction } from 'i18next';
import { RestingCell } from '../../shared/pacing/resting-cell.tsx';
import { selectColumn } from '../../shared/table/data-table.tsx';
import { ActButton } from '../../shared/workspace/act-gate.tsx';
import { CountryCell, protocolName, RelativeTime, StatusBadge } from './proxy-cells.tsx';
import type { proxiesTexts } from './texts.ts';

/** A list row plus whether a check of it is running. */
export type ProxyListRow = ProxyRow & { pending: boolean };

interface RowActions {
  check(row: ProxyListRow): void;
  open(row: ProxyListRow): void;
}

export const proxyAddress = (row: Pick<ProxyRow, 'identity'>) =>
  `${hostForLine(row.identity.address)}:${row.identity.port}`;

/** Columns of the proxies table; ids are the sortable properties of `proxies.query` where they sort. */
export function proxyColumns(t: TFunction, actions: RowActions): ColumnDef<ProxyListRow, unknown>[] {
  const label = (key: keyof typeof proxiesTexts.ru.columns) => t(`proxies.columns.${key}`);
  return [
    selectColumn<ProxyListRow>(),
    {
      id: 'proxyName',
      accessorFn: (row) => row.proxyName ?? '',
      header: label('name'),
      meta: label('name'),
      size: 90,
      cell: ({ row }) =>
        row.original.proxyName ? (
          <span title={row.original.proxyName}>{row.original.proxyName}</span>
        ) : (
          <span className="text-muted">—</span>
        ),
    },
    {
      id: 'protocol',
      accessorFn: (row) => row.identity.protocol,
      header: label('protocol'),
      meta: label('protocol'),
      size: 95,
      cell: ({ row }) => (
        <span className="font-mono text-xs">{protocolName(row.original.identity.protocol)}</span>
      ),
    },
    {
      id: 'address',
      accessorFn: proxyAddress,
      header: label('address'),
      meta: label('address'),
      size: 150,
      cell: ({ row }) => (
        <span className="font-mono text-xs" data-testid="proxy-address">
          {proxyAddress(row.original)}
        </span>
      ),
    },
    {
      id: 'login',
      accessorFn: (row) => row.credentials?.username ?? '',
      header: label('login'),
      meta: label('login'),
      enableSorting: false,
      size: 95,
      cell: ({ row }) => row.original.credentials?.username ?? <span className="text-muted">—</span>,
    },
    {
      id: 'countryCode',
      accessorFn: (row) => row.metadata.countryCode ?? '',
      header: label('country'),
      meta: label('country'),
      size: 80,
      cell: ({ row }) => <CountryCell code={row.original.metadata.countryCode} />,
    },
    {
      id: 'status',
      accessorFn: (row) => row.status,
      header: label('status'),
      meta: label('status'),
      size: 145,
      cell: ({ row }) => <StatusBadge status={row.original.status} pending={row.original.pending} />,
    },
    {
      id: 'resting',
      accessorFn: (row) => row.resting?.until ?? '',
      header: t('pacing.resting'),
      meta: t('pacing.resting'),
      enableSorting: false,
      size: 150,
      cell: ({ row }) => <RestingCell rest={row.original.resting} />,
    },
    {
      id: 'latencyMs',
      accessorFn: (row) => row.lastCheck?.latencyMs ?? null,
      header: label('latency'),
      meta: label('latency'),
      size: 75,
      cell: ({ row }) => {
        const check = row.original.lastCheck;
        if (!check || check.latencyMs === null || !check.valid) return <span className="text-muted">—</span>;
        return t('proxies.latencyMs', { value: Math.round(check.latencyMs) });
      },
    },
    {
      id: 'checkedAt',
      accessorFn: (row) => row.lastCheck?.checkedAt ?? '',
      header: label('lastCheck'),
      meta: label('lastCheck'),
      size: 110,
      cell: ({ row }) => {
        const check = row.original.lastCheck;
        const reason =
          check && !check.valid && check.errorClass ? t(`proxies.errorClasses.${check.errorClass}`) : '';
        return (
          <span title={reason || undefined}>
            <RelativeTime iso={check?.checkedAt} />
          </span>
        );
      },
    },
    {
      id: 'tags',
      accessorFn: (row) => row.tags.map((tag) => tag.name).join(', '),
      header: label('tags'),
      meta: label('tags'),
      enableSorting: false,
      size: 90,
      cell: ({ row }) => (
        <span className="flex gap-1 overflow-hidden">
          {row.original.tags.map((tag) => (
            <span
              key={tag.id}
              className="rounded bg-primary/10 px-1.5 py-0.5 text-xs whitespace-nowrap text-primary-ink"
            >
              {tag.name}
            </span>
          ))}
        </span>
      ),
    },
    {
      id: 'accounts',
      accessorFn: (row) => row.steamAccounts.length,
      header: label('accounts'),
      meta: label('accounts'),
      enableSorting: false,
      size: 85,
      cell: ({ row }) => {
        const accounts = row.original.steamAccounts;
        return accounts.length === 0 ? (
          <span className="text-muted">0</span>
        ) : (
          <span title={accounts.map((account) => account.login).join(', ')}>{accounts.length}</span>
        );
      },
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{label('actions')}</span>,
      meta: label('actions'),
      enableSorting: false,
      enableHiding: false,
      size: 64,
      cell: ({ row }) => (
        <span className="flex gap-0.5">
          <ActButton
            title={t('proxies.actions.check')}
            aria-label={t('proxies.actions.check')}
            className="rounded px-1.5 py-0.5 text-primary-ink hover:bg-primary/10 disabled:opacity-40"
            disabled={row.original.pending}
            onClick={() => actions.check(row.original)}
          >
            <span aria-hidden>⟳</span>
          </ActButton>
          <button
            type="button"
            title={t('proxies.actions.view')}
            aria-label={t('proxies.actions.view')}
            className="rounded px-1.5 py-0.5 text-primary-ink hover:bg-primary/10"
            onClick={() => actions.open(row.original)}
          >
            <span aria-hidden>✎</span>
          </button>
        </span>
      ),
    },
  ];
}
