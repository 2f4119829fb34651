import { api } from '@tradedeck/sdk/contract';
import { MODAL_WIDTHS } from '@tradedeck/sdk/domain';
import type { JobHub } from '@tradedeck/sdk/hubs';
import { type RefObject, useEffect, useMemo } from 'react';
import { type AppServices, useServices } from '../../shared/app-services.tsx';
import { useCommandHandlers } from '../../shared/area/use-command-handlers.ts';
import { invalidateArea } from '../../shared/queries/operation-query.ts';
import type { SortItem } from '../../shared/table/table-url-state.ts';
import type { TagLike } from '../../shared/tags/tag-rules.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';
import { AddProxiesDialog } from './add-proxies-dialog.tsx';
import { BatchAddTagDialog, BatchRemoveTagDialog } from './batch-tag-dialogs.tsx';
import { ExportDialog } from './export-dialog.tsx';
import { type ProxyListRow, proxyAddress } from './proxy-columns.tsx';
import { SEARCH_INPUT_ID } from './proxy-filter-bar.tsx';
import type { ProxyFilters } from './proxy-filters.ts';
import { ProxyViewDialog } from './proxy-view-dialog.tsx';
import { runRemoveFlow } from './remove-dialogs.tsx';
import type { RunningChecks } from './running-checks.ts';

const ADD_DIALOG_WIDTH = 860;
/** The longest a check waits for the screen to follow its results (the live part loads after the first screen). */
export const FOLLOW_WAIT_MS = 5_000;

/** What the actions read from the screen at the moment they run. */
export interface ProxyScreen {
  rows: readonly ProxyListRow[];
  selectedIds: readonly number[];
  /** The row under the keyboard cursor. */
  activeId: number | null;
  filters: ProxyFilters;
  sort: SortItem[];
  total: number;
  tracker: RunningChecks;
  /** The screen's live results, on which its checks are followed. */
  hub: JobHub;
  clearSelection(): void;
}

type ProxyActions = ReturnType<typeof createActions>;

/**
 * Every action of the screen, for its buttons and as palette commands with hotkeys (registered while the
 * screen is mounted). Row actions take the selection, else the row under the cursor.
 */
export function useProxyActions(screen: RefObject<ProxyScreen>): ProxyActions {
  const services = useServices();
  const actions = useMemo(() => createActions(services, screen), [services, screen]);
  useCommandHandlers('proxies', 'screen', {
    add: actions.add,
    view: () => actions.open(),
    check: () => actions.check(),
    checkAll: actions.checkAll,
    export: actions.exportList,
    remove: actions.remove,
    addTag: actions.addTag,
    removeTag: actions.removeTag,
    search: actions.focusSearch,
    refresh: actions.refresh,
  });
  useEffect(() => {
    const { toasts, i18n, queryClient } = services;
    const tracker = screen.current.tracker;
    tracker.onFinished((batch) => {
      toasts.show({
        kind: 'success',
        text: i18n.t('proxies.progress.finished', { valid: batch.valid, invalid: batch.invalid }),
      });
      void invalidateArea(queryClient, api.proxies);
    });
    return () => tracker.onFinished(null);
  }, [services, screen]);
  return actions;
}

function createActions(services: AppServices, screen: RefObject<ProxyScreen>) {
  const { modals, client, toasts, i18n, queryClient } = services;
  const t = i18n.t.bind(i18n);

  /** The selection, else the row under the cursor; says so when there is neither. */
  const targets = (): number[] | null => {
    const { selectedIds, activeId } = screen.current;
    if (selectedIds.length > 0) return [...selectedIds];
    if (activeId !== null) return [activeId];
    toasts.show({ kind: 'info', text: t('proxies.nothingChosen') });
    return null;
  };
  const describe = (id: number) => {
    const row = screen.current.rows.find((item) => item.id === id);
    return row ? proxyAddress(row) : `#${id}`;
  };
  const refresh = () => void invalidateArea(queryClient, api.proxies);

  const runCheck = async (request: { ids: number[] } | { filters: ProxyFilters }, marked: number[]) => {
    const { tracker, hub } = screen.current;
    tracker.begin(marked);
    try {
      const { followCheck } = await import('./follow-check.ts');
      const started = await followCheck(hub, client, request, tracker);
      toasts.show({
        kind: 'info',
        text:
          started.total === 0
            ? t('proxies.progress.nothing')
            : t('proxies.progress.started', { count: started.total }),
      });
    } catch (error) {
      tracker.failed(marked);
      notifyError(services, error);
    }
  };

  const check = (ids?: number[]) => {
    const chosen = ids ?? targets();
    if (chosen && chosen.length > 0) void runCheck({ ids: chosen }, chosen);
  };

  const open = (id?: number) => {
    const chosen = id ?? targets()?.[0];
    if (chosen === undefined) return;
    void modals.open(
      (controls) => (
        <ProxyViewDialog
          controls={controls}
          id={chosen}
          tracker={screen.current.tracker}
          onCheck={(proxyId) => check([proxyId])}
        />
      ),
      { width: 680 },
    );
  };

  return {
    add: () => {
      void modals.open((controls) => <AddProxiesDialog controls={controls} />, { width: ADD_DIALOG_WIDTH });
    },
    open,
    check,
    checkAll: () => {
      const { filters, rows } = screen.current;
      void runCheck(
        { filters },
        rows.map((row) => row.id),
      );
    },
    exportList: () => {
      const { selectedIds, filters, total, sort } = screen.current;
      void modals.open(
        (controls) => (
          <ExportDialog controls={controls} scope={{ selectedIds: [...selectedIds], filters, total, sort }} />
        ),
        { width: 640 },
      );
    },
    remove: () => {
      const chosen = targets();
      if (!chosen) return;
      void runRemoveFlow(services, chosen, describe).then((removed) => {
        if (removed.length === 0) return;
        screen.current.clearSelection();
        refresh();
      });
    },
    addTag: () => {
      const chosen = targets();
      if (!chosen) return;
      void modals.open((controls) => <BatchAddTagDialog controls={controls} ids={chosen} />, {
        width: MODAL_WIDTHS.batchTags,
      });
    },
    removeTag: () => {
      const chosen = targets();
      if (!chosen) return;
      const tags = new Map<number, TagLike>();
      for (const row of screen.current.rows) {
        if (chosen.includes(row.id)) for (const tag of row.tags) tags.set(tag.id, tag);
      }
      void modals.open(
        (controls) => <BatchRemoveTagDialog controls={controls} ids={chosen} tags={[...tags.values()]} />,
        { width: MODAL_WIDTHS.batchTags },
      );
    },
    focusSearch: () => {
      const input = document.getElementById(SEARCH_INPUT_ID);
      if (input instanceof HTMLInputElement) {
        input.focus();
        input.select();
      }
    },
    refresh,
  };
}
