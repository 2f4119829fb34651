import { useQueryClient } from '@tanstack/react-query';
import { api, type SaleRow } from '@tradedeck/sdk/contract';
import { formatMoney } from '@tradedeck/sdk/domain';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommandHandlers } from '../../shared/area/use-command-handlers.ts';
import { Hotkey } from '../../shared/palette/kbd.tsx';
import { invalidateArea, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import { ListLoadFailed, useListPage } from '../../shared/table/list-page.tsx';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import { RevenueChart } from './revenue-chart.tsx';
import { chartDays } from './revenue-days.ts';
import { saleColumns } from './sale-columns.tsx';
import { SaleFilterBar } from './sale-filter-bar.tsx';
import { FILTER_KEYS, toSaleFilters } from './sale-filters.ts';
import { useCsvDownload } from './use-csv-download.ts';
import { useLiveSales } from './use-live-sales.ts';

const getRowId = (row: SaleRow) => String(row.id);

/**
 * The sales history: the sales of every seller account over `sales.query` (period, account, game and platform in
 * the URL), the totals and revenue per day of the same filters, and a CSV download of them from the server's
 * streamed export. A sale shows as soon as its delivery completes (`SalesRecorded` on lots-hub). Every action is a
 * palette command with a hotkey.
 */
export function SalesHistoryPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = localeOf(language);
  const queryClient = useQueryClient();
  const listPage = useListPage(api.sales.query, FILTER_KEYS, toSaleFilters);
  const { state, setFilter, list } = listPage;
  const periodRef = useRef<HTMLInputElement>(null);
  const filters = useMemo(() => toSaleFilters(state.filters), [state.filters]);

  const totals = useOperationQuery(api.sales.totals, filters);
  const revenue = useOperationQuery(api.sales.revenueByDay, filters);
  const settings = useOperationQuery(api.settings.get);
  const displayed = settings.data?.displayedCurrency ?? (language === 'en' ? 'USD' : 'RUB');
  const chart = chartDays(revenue.data?.days ?? [], displayed);
  const download = useCsvDownload(filters, state.sort);
  const refresh = useCallback(() => void invalidateArea(queryClient, api.sales), [queryClient]);
  const reset = listPage.resetFilters;
  useLiveSales();

  useCommandHandlers('salesHistory', 'screen', {
    exportCsv: () => void download(),
    period: () => periodRef.current?.focus(),
    reset: reset,
    refresh: refresh,
  });

  const columns = useMemo(() => saleColumns(t, language), [t, language]);
  const money = (values: readonly { currency: 'RUB' | 'USD' | 'EUR'; amount: number }[]) =>
    values.map((value) => formatMoney(value, locale)).join(' + ') ||
    formatMoney({ currency: displayed, amount: 0 }, locale);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <div className="me-auto">
          <h1 className="text-2xl font-semibold tracking-tight">{t('salesHistory.title')}</h1>
          {totals.data && (
            <p className="text-sm text-muted" data-testid="sales-totals">
              {t('salesHistory.totals', { count: totals.data.count, revenue: money(totals.data.revenue) })}
              {totals.data.held.length > 0 &&
                ` · ${t('salesHistory.totalsOnHold', { onHold: money(totals.data.held) })}`}
            </p>
          )}
        </div>
        <button type="button" className="btn-ghost" onClick={() => void download()} data-testid="sales-csv">
          {t('salesHistory.exportCsv')} <Hotkey hotkey="e" />
        </button>
      </div>
      <SaleFilterBar ref={periodRef} filters={state.filters} setFilter={setFilter} onReset={reset} />
      <RevenueChart
        days={chart.days}
        currency={chart.currency}
        {...(state.filters.from ? { from: state.filters.from } : {})}
        {...(state.filters.to ? { to: state.filters.to } : {})}
      />
      <ListLoadFailed failed={list.isError} text={t('salesHistory.loadFailed')} />
      <DataTable<SaleRow>
        id="sales-history"
        label={t('salesHistory.title')}
        columns={columns}
        rows={list.data?.items ?? []}
        getRowId={getRowId}
        emptyText={t('salesHistory.empty')}
        {...listPage.table}
      />
    </div>
  );
}
