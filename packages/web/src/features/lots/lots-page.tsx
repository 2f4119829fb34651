import { useQueryClient } from '@tanstack/react-query';
import { api } from '@tradedeck/sdk/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { useCommandHandlers } from '../../shared/area/use-command-handlers.ts';
import type { CommandId } from '../../shared/commands/command-ids.ts';
import { APPLY_BUTTON } from '../../shared/form-styles.ts';
import { Hotkey } from '../../shared/palette/kbd.tsx';
import { invalidateArea, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import { ListHeader } from '../../shared/table/list-header.tsx';
import { ListLoadFailed, useListPage } from '../../shared/table/list-page.tsx';
import { listTableProps, useListCursor } from '../../shared/table/list-table.ts';
import { useLanguage } from '../../shared/use-language.ts';
import { lotColumns } from './lot-columns.tsx';
import { LotFilterBar } from './lot-filter-bar.tsx';
import { FILTER_KEYS, toLotFilters } from './lot-filters.ts';
import { currencyOf, type LotTableRow, lotsIn, selectionOf, tableRows } from './lot-rows.ts';
import { useLiveLots } from './use-live-lots.ts';
import { type LotTarget, useLotActions } from './use-lot-actions.tsx';

const getRowId = (row: LotTableRow) => row.id;

/**
 * The lots screen: groups of the same item across the seller accounts over `lots.groups` (filters, sort and
 * paging in the URL), each expandable into its orders; prices, statuses and issues follow `lots-hub` live. The
 * reprice (with preview), thresholds, delete, copy and sync actions are palette commands with hotkeys, acting
 * on the selection (groups and orders), else on the row under the cursor.
 */
export function LotsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { commands, toasts } = useServices();
  const queryClient = useQueryClient();
  const listPage = useListPage(api.lots.groups, FILTER_KEYS, toLotFilters);
  const { state, setFilter, list } = listPage;
  const searchRef = useRef<HTMLInputElement>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const cursor = useListCursor();
  const { activeId, selectedIds } = cursor;

  const counters = useOperationQuery(api.lots.counters, {});
  const settings = useOperationQuery(api.settings.get);
  const fallbackCurrency = settings.data?.tmPreferredCurrency ?? (language === 'en' ? 'USD' : 'RUB');
  const rows = useMemo(() => tableRows(list.data?.items ?? [], expanded), [list.data, expanded]);
  const refresh = useCallback(() => void invalidateArea(queryClient, api.lots), [queryClient]);
  const actions = useLotActions(refresh);
  useLiveLots();

  const toggle = useCallback(
    (key: string) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );

  // Commands act on the selection, else on the row under the cursor.
  const targets = useRef({ selected: selectedIds, activeId, rows });
  targets.current = { selected: selectedIds, activeId, rows };

  const chosen = (): LotTableRow[] => {
    const { selected, activeId: active, rows: shown } = targets.current;
    const ids = selected.length > 0 ? selected : active ? [active] : [];
    return shown.filter((row) => ids.includes(row.id));
  };
  const target = (): { target: LotTarget; rows: LotTableRow[] } | null => {
    const picked = chosen();
    const selection = selectionOf(picked.map((row) => row.id));
    if (!selection) {
      toasts.show({ kind: 'info', text: t('lots.errors.noItemsSelected') });
      return null;
    }
    const only = picked.length === 1 ? picked[0] : undefined;
    return {
      rows: picked,
      target: {
        selection,
        count: lotsIn(picked),
        currency: currencyOf(picked, fallbackCurrency),
        groupName: only?.kind === 'group' ? only.group.name : null,
      },
    };
  };
  const reprice = () => {
    const found = target();
    if (!found) return;
    if (found.target.count === 0) toasts.show({ kind: 'info', text: t('lots.errors.noOrdersInGroup') });
    else actions.reprice(found.target);
  };
  const thresholds = () => {
    const found = target();
    if (!found) return;
    const only = found.rows.length === 1 ? found.rows[0] : undefined;
    const lot = only?.kind === 'lot' ? only.lot : null;
    actions.thresholds(found.target, { min: lot?.minPrice ?? null, max: lot?.maxPrice ?? null });
  };
  const copy = () => {
    const { activeId: active, selected, rows: shown } = targets.current;
    const source = shown.find((row) => row.id === active);
    const selection = selectionOf(selected.filter((id) => id !== active));
    if (source?.kind !== 'lot' || !selection) {
      toasts.show({ kind: 'info', text: t('lots.copyNeedsSource') });
      return;
    }
    actions.copy(source.lot.id, selection);
  };
  const expand = () => {
    const { activeId: active, rows: shown } = targets.current;
    const row = shown.find((item) => item.id === active);
    if (row) toggle(row.kind === 'group' ? row.group.key : row.groupKey);
  };
  useCommandHandlers('lots', 'screen', {
    reprice: reprice,
    thresholds: thresholds,
    remove: () => {
      const found = target();
      if (found) actions.remove(found.target);
    },
    copy: copy,
    sync: actions.sync,
    expand: expand,
    search: () => searchRef.current?.focus(),
    refresh: refresh,
  });

  const columns = useMemo(() => lotColumns(t, language, toggle), [t, language, toggle]);
  const run = (id: CommandId) => () => commands.run(id);

  return (
    <div className="space-y-4">
      <ListHeader
        texts="lots"
        counts={counters.data && { groups: counters.data.groups, lots: counters.data.total }}
        countsTestId="lot-counters"
      >
        <button type="button" className="btn-ghost" onClick={run('lots.sync')}>
          {t('lots.actions.sync')} <Hotkey hotkey="s" />
        </button>
        <button type="button" className={APPLY_BUTTON} onClick={run('lots.reprice')}>
          {t('lots.actions.reprice')} <Hotkey hotkey="p" />
        </button>
      </ListHeader>
      <LotFilterBar ref={searchRef} filters={state.filters} setFilter={setFilter} />
      <ListLoadFailed failed={list.isError} text={t('lots.loadFailed')} />
      <DataTable<LotTableRow>
        {...listTableProps(listPage, 'lots', t, { columns, rows, getRowId, cursor })}
        onOpenRow={(row) => toggle(row.kind === 'group' ? row.group.key : row.groupKey)}
        bulkActions={() => (
          <>
            <button type="button" className="btn-ghost" onClick={run('lots.reprice')}>
              {t('lots.actions.reprice')}
            </button>
            <button type="button" className="btn-ghost" onClick={run('lots.thresholds')}>
              {t('lots.actions.thresholds')}
            </button>
            <button type="button" className="btn-ghost" onClick={run('lots.copy')}>
              {t('lots.actions.copy')}
            </button>
            <button type="button" className="btn-danger" onClick={run('lots.remove')}>
              {t('lots.actions.remove')}
            </button>
          </>
        )}
      />
    </div>
  );
}
