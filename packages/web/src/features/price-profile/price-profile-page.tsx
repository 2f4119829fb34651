import { useQueryClient } from '@tanstack/react-query';
import { api, type PriceRow } from '@tradedeck/sdk/contract';
import { MODAL_WIDTHS } from '@tradedeck/sdk/domain';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { useCommandHandlers } from '../../shared/area/use-command-handlers.ts';
import { APPLY_BUTTON } from '../../shared/form-styles.ts';
import { Hotkey } from '../../shared/palette/kbd.tsx';
import { invalidateArea, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import { ListHeader } from '../../shared/table/list-header.tsx';
import { ListLoadFailed, useListPage } from '../../shared/table/list-page.tsx';
import { listTableProps, useListCursor } from '../../shared/table/list-table.ts';
import { useLanguage } from '../../shared/use-language.ts';
import { type ImportOutcome, PasteDialog } from './paste-dialog.tsx';
import { priceColumns } from './price-columns.tsx';
import { PriceHistoryDialog } from './price-history.tsx';

const FILTER_KEYS = ['q'] as const;
const getRowId = (row: PriceRow) => String(row.id);
const toPriceFilters = (filters: Record<string, string>) => {
  const search = filters.q?.trim();
  return search ? { searchString: search.slice(0, 200) } : {};
};

/**
 * The price profile: the reference prices per item the repricing strategies read (the user's custom price, the
 * providers' prices with their age) over `priceProfile.query`, a bulk paste of `name;price` lines and the price
 * history chart of the item under the cursor (in a dialog, `h` or Enter). Every action is a palette command with a hotkey.
 */
export function PriceProfilePage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const services = useServices();
  const { modals, client, toasts } = services;
  const queryClient = useQueryClient();
  const listPage = useListPage(api.priceProfile.query, FILTER_KEYS, toPriceFilters);
  const { state, setFilter, list } = listPage;
  const searchRef = useRef<HTMLInputElement>(null);
  const cursor = useListCursor(false);
  const { activeId } = cursor;

  const settings = useOperationQuery(api.settings.get);
  const rows = list.data?.items ?? [];
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const refresh = useCallback(() => void invalidateArea(queryClient, api.priceProfile), [queryClient]);
  const active = useRef(activeId);
  active.current = activeId;
  const showHistory = useCallback(
    (id: string | null) => {
      const item = rowsRef.current.find((row) => String(row.id) === id);
      if (!item) return;
      void modals
        .open((controls) => <PriceHistoryDialog controls={controls} item={item} />, {
          width: MODAL_WIDTHS.batchProxy,
        })
        .catch(() => {});
    },
    [modals],
  );

  const defaultCurrency = settings.data?.tmPreferredCurrency ?? (language === 'en' ? 'USD' : 'RUB');
  const paste = useCallback(() => {
    const importPrices = async (text: string, currency: typeof defaultCurrency): Promise<ImportOutcome> => {
      const answer = await client.priceProfile.import({ text, currency });
      refresh();
      return {
        imported: answer.imported,
        failed: answer.lines
          .filter((line) => !line.ok)
          .map((line) => ({ line: line.line, name: line.name, message: line.message })),
      };
    };
    void modals
      .open(
        (controls) => (
          <PasteDialog controls={controls} defaultCurrency={defaultCurrency} importPrices={importPrices} />
        ),
        { width: MODAL_WIDTHS.viewAccount },
      )
      .then((result) => {
        const outcome = result as ImportOutcome | null;
        if (outcome)
          toasts.show({
            kind: 'success',
            text: t('priceProfile.paste.imported', { saved: outcome.imported, total: outcome.imported }),
          });
      })
      .catch(() => {});
  }, [client, modals, toasts, t, refresh, defaultCurrency]);

  useCommandHandlers('priceProfile', 'screen', {
    paste: paste,
    history: () => showHistory(active.current),
    search: () => searchRef.current?.focus(),
    refresh: refresh,
  });

  const columns = useMemo(() => priceColumns(t, language), [t, language]);

  return (
    <div className="space-y-4">
      <ListHeader texts="priceProfile" lead>
        <button type="button" className={APPLY_BUTTON} onClick={paste}>
          {t('priceProfile.paste.title')} <Hotkey hotkey="i" />
        </button>
      </ListHeader>
      <input
        ref={searchRef}
        type="search"
        className="input w-72"
        placeholder={t('priceProfile.filters.search')}
        aria-label={t('priceProfile.filters.search')}
        defaultValue={state.filters.q ?? ''}
        onChange={(event) => setFilter('q', event.target.value || null)}
      />
      <ListLoadFailed failed={list.isError} text={t('priceProfile.loadFailed')} />
      <DataTable<PriceRow>
        {...listTableProps(listPage, 'price-profile', t, { columns, rows, getRowId, cursor })}
        onOpenRow={(row) => showHistory(String(row.id))}
      />
    </div>
  );
}
