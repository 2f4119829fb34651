import { useQueryClient } from '@tanstack/react-query';
import { api, type contract, type OperationOutput, type SteamAccountRow } from '@tradedeck/sdk/contract';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { useCommandHandlers } from '../../shared/area/use-command-handlers.ts';
import { useViewParam } from '../../shared/entity-links.ts';
import { Hotkey } from '../../shared/palette/kbd.tsx';
import { invalidateArea, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import { ListHeader } from '../../shared/table/list-header.tsx';
import { ListLoadFailed, useListPage } from '../../shared/table/list-page.tsx';
import { listTableProps, useListCursor } from '../../shared/table/list-table.ts';
import { useLanguage } from '../../shared/use-language.ts';
import { ActButton } from '../../shared/workspace/act-gate.tsx';
import { accountColumns } from './account-columns.tsx';
import { useAccountDialogs } from './account-dialogs.tsx';
import { AccountFilters } from './account-filters.tsx';
import { FILTER_KEYS, toQueryFilters } from './filter-url.ts';
import { startInventoryRefresh } from './inventory/start-inventory-refresh.ts';
import { useFilterPatch } from './use-filter-patch.ts';
import { useLiveAccountStatus } from './use-live-account-status.ts';

const getRowId = (row: SteamAccountRow) => String(row.id);

/** The counters under the title: accounts, and those active and in error (Steam account statuses 1 and 2). */
const accountCounts = (data: OperationOutput<typeof contract.steamAccounts.counters> | undefined) =>
  data && { total: data.total, active: data.byStatus['1'] ?? 0, error: data.byStatus['2'] ?? 0 };

/**
 * The Steam accounts screen: the data table over `steamAccounts.query` (filters, sort and paging in the URL),
 * the add wizard, the view dialog, batch proxies and tags, removal and the Steam Guard code. Every action is a
 * palette command with a hotkey, live while the screen is open.
 */
export function SteamAccountsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const services = useServices();
  const queryClient = useQueryClient();
  const listPage = useListPage(api.steamAccounts.query, FILTER_KEYS, toQueryFilters);
  const { state, list } = listPage;
  const setFilters = useFilterPatch();
  const searchRef = useRef<HTMLInputElement>(null);
  const cursor = useListCursor();
  const { activeId, selectedIds } = cursor;

  const counters = useOperationQuery(api.steamAccounts.counters);
  const tags = useOperationQuery(api.steamAccounts.listTags);

  const rows = list.data?.items ?? [];
  const refresh = useCallback(() => void invalidateArea(queryClient, api.steamAccounts), [queryClient]);
  const dialogs = useAccountDialogs(refresh);
  useViewParam(dialogs.openView);
  useLiveAccountStatus();

  // Commands act on the selection, else on the row under the cursor.
  const targets = useRef<{ selected: number[]; focused: SteamAccountRow | null; rows: SteamAccountRow[] }>({
    selected: [],
    focused: null,
    rows: [],
  });
  targets.current = {
    selected: selectedIds.map(Number),
    focused: rows.find((row) => String(row.id) === activeId) ?? null,
    rows,
  };

  const focusedOrSingle = (): SteamAccountRow | null => {
    const { focused, selected, rows: shown } = targets.current;
    if (focused) return focused;
    return selected.length === 1 ? (shown.find((row) => row.id === selected[0]) ?? null) : null;
  };
  const chosenIds = (): number[] => {
    const { selected } = targets.current;
    if (selected.length > 0) return selected;
    const one = focusedOrSingle();
    return one ? [one.id] : [];
  };
  const needAccount = () => services.toasts.show({ kind: 'info', text: t('steamAccounts.guard.noAccount') });
  useCommandHandlers('steamAccounts', 'screen', {
    add: dialogs.openWizard,
    view: () => {
      const one = focusedOrSingle();
      if (one) dialogs.openView(one.id);
      else needAccount();
    },
    copyGuardCode: () => {
      const one = focusedOrSingle();
      if (one) dialogs.copyCode(one);
      else needAccount();
    },
    assignProxies: () => dialogs.openBatchProxy(),
    tags: () => {
      const ids = chosenIds();
      if (ids.length > 0) dialogs.openBatchTags(ids);
      else needAccount();
    },
    remove: () => {
      const ids = chosenIds();
      if (ids.length > 0) dialogs.openRemove(ids);
      else needAccount();
    },
    openInventory: () => {
      const one = focusedOrSingle();
      if (one) dialogs.openView(one.id, 'inventory');
      else needAccount();
    },
    refreshInventory: () => {
      const ids = chosenIds();
      if (ids.length > 0) void startInventoryRefresh(services, ids);
      else needAccount();
    },
    search: () => searchRef.current?.focus(),
    refresh: refresh,
  });

  const columns = useMemo(() => accountColumns(t, language), [t, language]);

  return (
    <div className="space-y-4">
      <ListHeader texts="steamAccounts" counts={accountCounts(counters.data)} countsTestId="account-counters">
        <ActButton className="btn-ghost" onClick={() => dialogs.openBatchProxy()}>
          {t('steamAccounts.actions.assignProxies')}{' '}
          <span aria-hidden>
            <Hotkey hotkey="p" />
          </span>
        </ActButton>
        <ActButton
          onClick={dialogs.openWizard}
          className="inline-flex items-center gap-2 rounded-md bg-primary-strong px-3 py-1.5 text-sm font-semibold text-white hover:bg-primary-deep disabled:opacity-50"
        >
          {t('steamAccounts.actions.add')}{' '}
          <span aria-hidden>
            <Hotkey hotkey="n" />
          </span>
        </ActButton>
      </ListHeader>
      <AccountFilters
        ref={searchRef}
        filters={state.filters}
        setFilters={setFilters}
        tags={tags.data ?? []}
      />
      <ListLoadFailed failed={list.isError} text={t('steamAccounts.loadFailed')} />
      <DataTable<SteamAccountRow>
        {...listTableProps(listPage, 'steam-accounts', t, { columns, rows, getRowId, cursor })}
        onOpenRow={(row) => dialogs.openView(row.id)}
        bulkActions={(ids) => (
          <>
            <ActButton className="btn-ghost" onClick={() => dialogs.openBatchTags(ids.map(Number))}>
              {t('steamAccounts.actions.tags')}
            </ActButton>
            <ActButton className="btn-ghost" onClick={() => dialogs.openBatchProxy()}>
              {t('steamAccounts.actions.assignProxies')}
            </ActButton>
            <ActButton className="btn-danger" onClick={() => dialogs.openRemove(ids.map(Number))}>
              {t('steamAccounts.actions.remove')}
            </ActButton>
          </>
        )}
      />
    </div>
  );
}
