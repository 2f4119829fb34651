import { useQueryClient } from '@tanstack/react-query';
import { api, type contract, type OperationOutput, type SellerAccountRow } from '@tradedeck/sdk/contract';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { useCommandHandlers } from '../../shared/area/use-command-handlers.ts';
import { Hotkey } from '../../shared/palette/kbd.tsx';
import { invalidateArea, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import { ListHeader } from '../../shared/table/list-header.tsx';
import { ListLoadFailed, useListPage } from '../../shared/table/list-page.tsx';
import { listTableProps, useListCursor } from '../../shared/table/list-table.ts';
import { useLanguage } from '../../shared/use-language.ts';
import type { BulkAction } from './bulk-run.ts';
import { FILTER_KEYS, toQueryFilters } from './filter-url.ts';
import { PRIMARY_BUTTON } from './form-fields.tsx';
import { sellerColumns } from './seller-columns.tsx';
import { useSellerDialogs } from './seller-dialogs.tsx';
import { SellerFilters } from './seller-filters.tsx';
import { useLiveSellers } from './use-live-sellers.ts';

const getRowId = (row: SellerAccountRow) => String(row.id);

/** The counters under the title: accounts, running ones, and their platforms online and in error. */
function sellerCounts(data: OperationOutput<typeof contract.p2p.counters> | undefined) {
  if (!data) return undefined;
  const { byStatus, byPlatformStatus } = data;
  return {
    total: data.total,
    running: byStatus?.running ?? 0,
    online: byPlatformStatus?.online ?? 0,
    error: byPlatformStatus?.error ?? 0,
  };
}

/** Which accounts an action can apply to; pause needs a running account (spec: "No active accounts selected"). */
const applies: Record<BulkAction, (row: SellerAccountRow) => boolean> = {
  start: (row) => row.status !== 'running',
  pause: (row) => row.status === 'running',
  stop: (row) => row.status !== 'stopped',
  remove: () => true,
};

/**
 * The P2P seller accounts screen: the data table over `p2p.query` (filters, sort and paging in the URL), live
 * rows from `seller-hub`, the add and view dialogs and the bulk flow for start, pause, stop and delete. Every
 * action is a palette command with a hotkey, live while the screen is open.
 */
export function P2pAccountsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const services = useServices();
  const { toasts } = services;
  const queryClient = useQueryClient();
  const listPage = useListPage(api.p2p.query, FILTER_KEYS, toQueryFilters);
  const { state, setFilter, list } = listPage;
  const searchRef = useRef<HTMLInputElement>(null);
  const cursor = useListCursor();
  const { activeId, selectedIds } = cursor;

  const counters = useOperationQuery(api.p2p.counters);
  const settings = useOperationQuery(api.settings.get);
  const rows = list.data?.items ?? [];
  const refresh = useCallback(() => void invalidateArea(queryClient, api.p2p), [queryClient]);
  const defaultCurrency = settings.data?.tmPreferredCurrency ?? (language === 'en' ? 'USD' : 'RUB');
  const dialogs = useSellerDialogs(refresh, defaultCurrency);
  useLiveSellers();

  // Commands act on the selection, else on the row under the cursor.
  const targets = useRef<{ selected: number[]; focused: SellerAccountRow | null; rows: SellerAccountRow[] }>({
    selected: [],
    focused: null,
    rows: [],
  });
  targets.current = {
    selected: selectedIds.map(Number),
    focused: rows.find((row) => String(row.id) === activeId) ?? null,
    rows,
  };

  const bulk = useCallback(
    (action: BulkAction, ids?: number[]) => {
      const { selected, focused, rows: shown } = targets.current;
      const chosenIds = ids ?? (selected.length > 0 ? selected : focused ? [focused.id] : []);
      const chosen = shown.filter((row) => chosenIds.includes(row.id));
      const eligible = chosen.filter(applies[action]);
      if (eligible.length === 0) {
        toasts.show({ kind: 'info', text: t('p2pAccounts.errors.noActiveAccounts') });
        return;
      }
      dialogs.openBulk(
        action,
        eligible.map((row) => row.id),
        new Map(eligible.map((row) => [row.id, row.login])),
      );
    },
    [dialogs, toasts, t],
  );

  const view = () => {
    const { focused, selected } = targets.current;
    const id = focused?.id ?? (selected.length === 1 ? selected[0] : undefined);
    if (id !== undefined) dialogs.openView(id);
    else toasts.show({ kind: 'info', text: t('p2pAccounts.errors.noActiveAccounts') });
  };
  useCommandHandlers('p2pAccounts', 'screen', {
    add: dialogs.openAdd,
    view: view,
    start: () => bulk('start'),
    pause: () => bulk('pause'),
    stop: () => bulk('stop'),
    remove: () => bulk('remove'),
    search: () => searchRef.current?.focus(),
    refresh: refresh,
  });

  const resetFilters = listPage.resetFilters;

  const columns = useMemo(() => sellerColumns(t), [t]);

  return (
    <div className="space-y-4">
      <ListHeader texts="p2pAccounts" counts={sellerCounts(counters.data)} countsTestId="seller-counters">
        <button
          type="button"
          onClick={() => services.commands.run('transfer.open')}
          className="rounded-md border border-line px-3 py-1.5 text-sm font-semibold"
          data-testid="open-transfer"
        >
          {t('transfer.commands.open')}
        </button>
        <button
          type="button"
          onClick={dialogs.openAdd}
          className={`inline-flex items-center gap-2 ${PRIMARY_BUTTON}`}
        >
          {t('p2pAccounts.actions.add')}{' '}
          <span aria-hidden>
            <Hotkey hotkey="n" />
          </span>
        </button>
      </ListHeader>
      <SellerFilters ref={searchRef} filters={state.filters} setFilter={setFilter} onReset={resetFilters} />
      <ListLoadFailed failed={list.isError} text={t('p2pAccounts.loadFailed')} />
      <DataTable<SellerAccountRow>
        {...listTableProps(listPage, 'p2p-accounts', t, { columns, rows, getRowId, cursor })}
        onOpenRow={(row) => dialogs.openView(row.id)}
        bulkActions={(ids) => (
          <>
            {(['start', 'pause', 'stop'] as const).map((action) => (
              <button
                key={action}
                type="button"
                className="btn-ghost"
                onClick={() => bulk(action, ids.map(Number))}
              >
                {t(`p2pAccounts.actions.${action}`)}
              </button>
            ))}
            <button type="button" className="btn-danger" onClick={() => bulk('remove', ids.map(Number))}>
              {t('p2pAccounts.actions.remove')}
            </button>
          </>
        )}
      />
    </div>
  );
}
