import { api } from '@tradedeck/sdk/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import { useTableUrlState } from '../../shared/table/table-url-state.ts';
import { useServerList } from '../../shared/table/use-server-list.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import { LiveDot } from './live-dot.tsx';
import { ProgressHeader } from './progress-header.tsx';
import { type SessionActionHandlers, SessionActionsBar } from './session-actions-bar.tsx';
import { transactionColumns } from './transaction-columns.tsx';
import { TransactionFilterBar } from './transaction-filter-bar.tsx';
import {
  rowId,
  TX_FILTER_KEYS,
  toTransactionFilters,
  transactionIds,
  transactionRows,
} from './transaction-rows.ts';
import { useLiveTransactions } from './use-live-transactions.ts';

const DEFAULT_SORT = [{ propertyName: 'id', isDescending: false }];

/** One session tab: the live progress header with its actions, then its transactions (filters in the URL). */
export function SessionView({
  sessionId,
  actions,
  onSelectionChange,
}: {
  sessionId: number;
  actions: SessionActionHandlers;
  onSelectionChange(ids: number[]): void;
}) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const language = useLanguage();
  const session = useOperationQuery(api.harvester.getSession, { id: sessionId });
  const url = useTableUrlState(TX_FILTER_KEYS);
  const state = useMemo(
    () => ({ ...url.state, sort: url.state.sort.length > 0 ? url.state.sort : DEFAULT_SORT }),
    [url.state],
  );
  const list = useServerList(api.harvester.transactions, state, (filters) => ({
    id: sessionId,
    ...toTransactionFilters(filters),
  }));
  const live = useLiveTransactions(sessionId);
  const [selected, setSelected] = useState<string[]>([]);
  const grouped = url.state.filters.group === 'target';
  const rows = useMemo(() => transactionRows(list.data?.items ?? [], grouped), [list.data, grouped]);
  const columns = useMemo(() => transactionColumns(t, localeOf(language)), [t, language]);
  // A session update tells how many transactions there are: a failed or short page is read again.
  const sessionTotal = session.data ? Object.values(session.data.counts).reduce((sum, n) => sum + n, 0) : 0;
  const filtered = Boolean(url.state.filters.status || url.state.filters.account);
  const listTotal = list.data?.total;
  const refetchList = list.refetch;
  const listFailed = list.isError;
  useEffect(() => {
    if (listFailed || (!filtered && listTotal !== undefined && listTotal !== sessionTotal))
      void refetchList();
  }, [sessionTotal, filtered, listTotal, listFailed, refetchList]);
  const selection = useMemo(
    () => ({
      ids: selected,
      onChange: (ids: string[]) => {
        setSelected(ids);
        onSelectionChange(transactionIds(ids));
      },
    }),
    [selected, onSelectionChange],
  );

  if (session.isError) {
    return (
      <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
        {describe(session.error)}
      </p>
    );
  }
  if (!session.data) return <div className="card h-32 animate-pulse" />;
  return (
    <div className="space-y-3" data-session-id={sessionId}>
      <ProgressHeader
        session={session.data}
        actions={
          <SessionActionsBar
            session={session.data}
            selectedCount={transactionIds(selected).length}
            actions={actions}
          />
        }
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <TransactionFilterBar session={session.data} filters={url.state.filters} setFilter={url.setFilter} />
        <span className="flex items-center gap-3 text-xs text-muted">
          <span>
            {t('harvester.live.eventsReceived')} <span data-testid="events-received">{live.received}</span>
          </span>
          <LiveDot state={live.state} />
        </span>
      </div>
      {list.isError && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {describe(list.error)}
        </p>
      )}
      <DataTable
        id="harvester-transactions"
        label={t('harvester.transactions.label')}
        columns={columns}
        rows={rows}
        getRowId={rowId}
        loading={list.isFetching && !list.data}
        emptyText={t('harvester.transactions.empty')}
        sort={state.sort}
        onSortChange={url.setSort}
        paging={{
          page: url.state.page,
          pageSize: url.state.pageSize,
          total: list.data?.total ?? 0,
          totalCapped: list.data?.totalCapped,
          onPageChange: url.setPage,
          onPageSizeChange: url.setPageSize,
        }}
        selection={selection}
      />
    </div>
  );
}
