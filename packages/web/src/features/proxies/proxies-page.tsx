import { api } from '@tradedeck/sdk/contract';
import { PROXY_COUNTRY_DATA_ATTRIBUTION } from '@tradedeck/sdk/domain';
import type { HubLiveState } from '@tradedeck/sdk/hubs';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewParam } from '../../shared/entity-links.ts';
import { ViewJobHub } from '../../shared/hubs/view-job-hub.ts';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import { useTableUrlState } from '../../shared/table/table-url-state.ts';
import { useServerList } from '../../shared/table/use-server-list.ts';
import { useUrlParams } from '../../shared/url-params.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { useStore } from '../../shared/use-store.ts';
import { ActButton } from '../../shared/workspace/act-gate.tsx';
import { CheckProgress } from './check-progress.tsx';
import { type ProxyListRow, proxyColumns } from './proxy-columns.tsx';
import { ProxyFilterBar } from './proxy-filter-bar.tsx';
import { FILTER_KEYS, formatIdList, parseIdList, SELECTION_KEY, toProxyFilters } from './proxy-filters.ts';
import { RunningChecks } from './running-checks.ts';
import { useLiveChecks } from './use-live-checks.ts';
import { FOLLOW_WAIT_MS, type ProxyScreen, useProxyActions } from './use-proxy-actions.tsx';

const NO_ROWS: never[] = [];
const getRowId = (row: ProxyListRow) => String(row.id);

/** Main → Proxies: the list with filters, live checks and every proxy action (also as palette commands). */
export function ProxiesPage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const url = useTableUrlState(FILTER_KEYS);
  const [params, setParams] = useUrlParams();
  const filters = useMemo(() => toProxyFilters(url.state.filters), [url.state.filters]);
  const list = useServerList(api.proxies.query, url.state, toProxyFilters);
  const tags = useOperationQuery(api.proxies.listTags);
  const spec = useOperationQuery(api.proxies.querySpec);
  const counters = useOperationQuery(api.proxies.counters);

  const [tracker] = useState(() => new RunningChecks());
  const [hub] = useState(() => new ViewJobHub(FOLLOW_WAIT_MS));
  const checks = useStore(tracker.subscribe, () => tracker.state);
  const live = useLiveChecks(hub);

  const items = list.data?.items ?? NO_ROWS;
  const rows = useMemo<ProxyListRow[]>(
    () => items.map((row) => ({ ...row, pending: checks.pending.has(row.id) })),
    [items, checks.pending],
  );

  const selectionParam = params.get(SELECTION_KEY) ?? '';
  const selectedIds = useMemo(() => parseIdList(selectionParam), [selectionParam]);
  const selection = useMemo(
    () => ({
      ids: selectedIds.map(String),
      onChange: (ids: string[]) =>
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            const value = formatIdList(ids);
            if (value) next.set(SELECTION_KEY, value);
            else next.delete(SELECTION_KEY);
            return next;
          },
          { replace: true },
        ),
    }),
    [selectedIds, setParams],
  );
  const [activeId, setActiveId] = useState<number | null>(null);
  const onActiveRowChange = useCallback(
    (id: string | null) => setActiveId(id === null ? null : Number(id)),
    [],
  );

  const screen: ProxyScreen = {
    rows,
    selectedIds,
    activeId,
    filters,
    sort: url.state.sort,
    total: list.data?.total ?? 0,
    tracker,
    hub,
    clearSelection: () => selection.onChange([]),
  };
  const screenRef = useRef(screen);
  screenRef.current = screen;
  const actions = useProxyActions(screenRef);
  useViewParam((id) => actions.open(id));

  const columns = useMemo(
    () => proxyColumns(t, { check: (row) => actions.check([row.id]), open: (row) => actions.open(row.id) }),
    [t, actions],
  );
  const resetFilters = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of [...FILTER_KEYS, 'page', SELECTION_KEY]) next.delete(key);
        return next;
      },
      { replace: true },
    );

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('proxies.title')}</h1>
          <p className="text-sm text-muted">{t('proxies.subtitle')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LiveDot state={live} />
          <ActButton className="btn-ghost" onClick={() => actions.checkAll()}>
            {t('proxies.actions.checkAll')}
          </ActButton>
          <ActButton needs="secrets" className="btn-ghost" onClick={() => actions.exportList()}>
            {t('proxies.actions.export')}
          </ActButton>
          <ActButton
            className="rounded-md bg-primary-strong px-3 py-1 text-sm font-semibold text-white hover:bg-primary-deep disabled:opacity-50"
            onClick={() => actions.add()}
          >
            {t('proxies.actions.add')}
          </ActButton>
        </div>
      </header>
      <ProxyFilterBar
        filters={url.state.filters}
        setFilter={url.setFilter}
        resetFilters={resetFilters}
        tags={tags.data ?? []}
        countries={spec.data?.countries ?? []}
        statusCounts={counters.data?.byStatus}
      />
      {list.isError && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {describe(list.error)}
        </p>
      )}
      {checks.batch && <CheckProgress batch={checks.batch} />}
      <DataTable
        id="proxies"
        label={t('proxies.title')}
        columns={columns}
        rows={rows}
        getRowId={getRowId}
        loading={list.isFetching && !list.data}
        sort={url.state.sort}
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
        onActiveRowChange={onActiveRowChange}
        onOpenRow={(row) => actions.open(row.id)}
        bulkActions={() => (
          <>
            <ActButton className="btn-ghost" onClick={() => actions.check()}>
              {t('proxies.actions.checkSelected')}
            </ActButton>
            <ActButton needs="secrets" className="btn-ghost" onClick={() => actions.exportList()}>
              {t('proxies.actions.export')}
            </ActButton>
            <ActButton className="btn-ghost" onClick={() => actions.addTag()}>
              {t('proxies.actions.addTag')}
            </ActButton>
            <ActButton className="btn-ghost" onClick={() => actions.removeTag()}>
              {t('proxies.actions.removeTag')}
            </ActButton>
            <ActButton className="btn-danger" onClick={() => actions.remove()}>
              {t('proxies.actions.remove')}
            </ActButton>
          </>
        )}
      />
      <p className="text-xs text-muted">
        {t('proxies.attribution')}{' '}
        <a href={PROXY_COUNTRY_DATA_ATTRIBUTION.url} target="_blank" rel="noreferrer" className="underline">
          {PROXY_COUNTRY_DATA_ATTRIBUTION.text}
        </a>{' '}
        ({PROXY_COUNTRY_DATA_ATTRIBUTION.licence})
      </p>
    </div>
  );
}

function LiveDot({ state }: { state: HubLiveState }) {
  const { t } = useTranslation();
  const live = state === 'live';
  return (
    <span className="flex items-center gap-1.5 text-xs text-muted" data-live-state={state}>
      <span aria-hidden className={`h-2 w-2 rounded-full ${live ? 'bg-emerald-500' : 'bg-amber-500'}`} />
      {t(`proxies.live.${state}`)}
    </span>
  );
}
