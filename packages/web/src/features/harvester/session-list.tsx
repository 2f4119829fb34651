import type { ColumnDef } from '@tanstack/react-table';
import { api, HARVESTER_SESSION_SORT, type HarvesterSession } from '@tradedeck/sdk/contract';
import { DEFAULT_PAGE_SIZE, type PageSize } from '@tradedeck/sdk/domain';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../shared/money/amount.tsx';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import type { SortItem } from '../../shared/table/table-url-state.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import { nonZeroTotals, sessionProgress } from './session-progress.ts';
import { displayStatus } from './session-rules.ts';
import { SessionStatusBadge } from './status-badges.tsx';

const getRowId = (row: HarvesterSession) => String(row.id);

type SessionSort = SortItem & { propertyName: (typeof HARVESTER_SESSION_SORT)[number] };
const isSessionSort = (item: SortItem): item is SessionSort =>
  (HARVESTER_SESSION_SORT as readonly string[]).includes(item.propertyName);

/** Every session of the user, newest first; Enter or a double click opens it in a tab. */
export function SessionList({ onOpen }: { onOpen(id: number): void }) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<SessionSort[]>([{ propertyName: 'id', isDescending: true }]);
  const list = useOperationQuery(api.harvester.listSessions, {
    withStatus: [],
    includeCompleted: true,
    pages: { page, pageSize },
    sort,
  });
  const columns = useMemo(() => sessionColumns(t, localeOf(language), onOpen), [t, language, onOpen]);
  return (
    <div className="space-y-2">
      {list.isError && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {describe(list.error)}
        </p>
      )}
      <DataTable
        id="harvester-sessions"
        label={t('harvester.tabs.sessions')}
        columns={columns}
        rows={list.data?.items ?? []}
        getRowId={getRowId}
        loading={list.isFetching && !list.data}
        emptyText={t('harvester.sessions.empty')}
        sort={sort}
        onSortChange={(next) => {
          setSort(next.filter(isSessionSort));
          setPage(1);
        }}
        paging={{
          page,
          pageSize,
          total: list.data?.total ?? 0,
          onPageChange: setPage,
          onPageSizeChange: (size) => {
            setPageSize(size);
            setPage(1);
          },
        }}
        onOpenRow={(row) => onOpen(row.id)}
      />
    </div>
  );
}

function sessionColumns(
  t: TFunction,
  locale: string,
  onOpen: (id: number) => void,
): ColumnDef<HarvesterSession, unknown>[] {
  const header = (key: 'name' | 'status' | 'profile' | 'accounts' | 'progress' | 'moved' | 'createdAt') =>
    t(`harvester.sessions.columns.${key}`);
  return [
    {
      id: 'name',
      accessorFn: (row) => row.name,
      header: header('name'),
      meta: header('name'),
      size: 160,
      cell: ({ row }) => (
        <button
          type="button"
          className="text-primary-ink hover:underline"
          onClick={() => onOpen(row.original.id)}
        >
          {row.original.name}
        </button>
      ),
    },
    {
      id: 'status',
      accessorFn: (row) => row.status,
      header: header('status'),
      meta: header('status'),
      size: 110,
      cell: ({ row }) => <SessionStatusBadge status={displayStatus(row.original)} />,
    },
    {
      id: 'profile',
      accessorFn: (row) => row.profile.name,
      header: header('profile'),
      meta: header('profile'),
      size: 120,
      enableSorting: false,
    },
    {
      id: 'accounts',
      accessorFn: (row) => row.sources.length,
      header: header('accounts'),
      meta: header('accounts'),
      size: 110,
      enableSorting: false,
      cell: ({ row }) =>
        t('harvester.sessions.accounts', {
          sources: row.original.sources.length,
          targets: row.original.targets.length,
        }),
    },
    {
      id: 'progress',
      accessorFn: (row) => sessionProgress(row).percent,
      header: header('progress'),
      meta: header('progress'),
      size: 150,
      enableSorting: false,
      cell: ({ row }) => {
        const progress = sessionProgress(row.original);
        return (
          <span className="flex items-center gap-2">
            <span className="h-1.5 w-20 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
              <span className="block h-full bg-emerald-500" style={{ width: `${progress.percent}%` }} />
            </span>
            <span className="text-xs">
              {progress.total - progress.active}/{progress.total}
              {progress.errors > 0 && (
                <span className="ms-1 text-rose-700 dark:text-rose-300">⚠ {progress.errors}</span>
              )}
            </span>
          </span>
        );
      },
    },
    {
      id: 'moved',
      accessorFn: (row) => row.itemsMoved,
      header: header('moved'),
      meta: header('moved'),
      size: 140,
      enableSorting: false,
      cell: ({ row }) => (
        <>
          {row.original.itemsMoved} · <Amount money={nonZeroTotals(row.original.valueMoved)} />
        </>
      ),
    },
    {
      id: 'createdAt',
      accessorFn: (row) => row.createdAt,
      header: header('createdAt'),
      meta: header('createdAt'),
      size: 130,
      cell: ({ row }) => new Date(row.original.createdAt).toLocaleString(locale),
    },
  ];
}
