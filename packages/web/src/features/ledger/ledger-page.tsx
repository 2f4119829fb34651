import { useQueryClient } from '@tanstack/react-query';
import { api, type ProfitRow } from '@tradedeck/sdk/contract';
import { formatMoney } from '@tradedeck/sdk/domain';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommandHandlers } from '../../shared/area/use-command-handlers.ts';
import { useHubSubscription } from '../../shared/hubs/use-hub-subscription.ts';
import { useDisplayedCurrency } from '../../shared/money/use-displayed-currency.ts';
import { Hotkey } from '../../shared/palette/kbd.tsx';
import { invalidateArea, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import { ListLoadFailed } from '../../shared/table/list-page.tsx';
import { useTableUrlState } from '../../shared/table/table-url-state.ts';
import { useUrlParams } from '../../shared/url-params.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import { LedgerFilterBar } from './ledger-filter-bar.tsx';
import {
  FILTER_KEYS,
  groupOf,
  methodOf,
  nextSeries,
  PERIOD_GROUPS,
  seriesOf,
  toLedgerPeriod,
} from './ledger-filters.ts';
import { ProfitChart } from './profit-chart.tsx';
import { profitColumns, sortProfitRows } from './profit-columns.tsx';
import { useLedgerCsv } from './use-ledger-csv.ts';

const getRowId = (row: ProfitRow) => row.key;

/** The two downloads beside the title: the profit report and the entries. */
const CSV_BUTTONS = [
  { what: 'profit', label: 'ledger.exportCsv', hotkey: 'e', testId: 'ledger-csv' },
  { what: 'entries', label: 'ledger.exportEntries', hotkey: 'shift+e', testId: 'ledger-entries-csv' },
] as const;

/**
 * The ledger: the profit report of `ledger.profit` (period, account, grouping and cost method in the URL) as a
 * table, its totals, a chart of revenue, profit or money held per period, and CSV of the report and of the
 * entries from the server's streamed export. A reversal posted for the user reads the report again. Every
 * action is a palette command with a hotkey.
 */
export function LedgerPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = localeOf(language);
  const queryClient = useQueryClient();
  const currency = useDisplayedCurrency();
  const { state, setFilter, setSort } = useTableUrlState(FILTER_KEYS);
  const [, setParams] = useUrlParams();
  const periodRef = useRef<HTMLInputElement>(null);
  const by = groupOf(state.filters);
  const method = methodOf(state.filters);
  const series = seriesOf(state.filters);
  const input = useMemo(
    () => ({ ...toLedgerPeriod(state.filters), by, method, currency }),
    [state.filters, by, method, currency],
  );
  const profit = useOperationQuery(api.ledger.profit, input);
  const download = useLedgerCsv(input);
  const refresh = useCallback(() => void invalidateArea(queryClient, api.ledger), [queryClient]);
  useHubSubscription(
    'notificationPosted',
    (event) => {
      if (event.payload.notification.kind === 'saleReversed') refresh();
    },
    { onReset: refresh },
  );
  const reset = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of FILTER_KEYS) next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setSeries = (value: string) => setFilter('series', value === 'revenue' ? null : value);
  // Two quick presses of the series key step twice: each steps from the last one asked, not from the last render.
  const seriesAsked = useRef(series);
  seriesAsked.current = series;

  useCommandHandlers('ledger', 'screen', {
    exportCsv: () => void download('profit'),
    exportEntries: () => void download('entries'),
    period: () => periodRef.current?.focus(),
    series: () => {
      seriesAsked.current = nextSeries(seriesAsked.current);
      setSeries(seriesAsked.current);
    },
    reset,
    refresh,
  });

  const columns = useMemo(() => profitColumns(t, language), [t, language]);
  const rows = useMemo(() => sortProfitRows(profit.data?.rows ?? [], state.sort), [profit.data, state.sort]);
  const total = profit.data?.total;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <div className="me-auto">
          <h1 className="text-2xl font-semibold tracking-tight">{t('ledger.title')}</h1>
          {total && (
            <p className="text-sm text-muted" data-testid="ledger-totals">
              {t('ledger.totals', {
                revenue: formatMoney(total.revenue, locale),
                profit: formatMoney(total.profit, locale),
                realised: formatMoney(total.realised, locale),
                pending: formatMoney(total.pending, locale),
              })}
            </p>
          )}
          {profit.data && profit.data.uncosted > 0 && (
            <p className="text-xs text-amber-700 dark:text-amber-300" data-testid="ledger-uncosted">
              {t('ledger.uncosted', { count: profit.data.uncosted })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {CSV_BUTTONS.map(({ what, label, hotkey, testId }) => (
            <button
              key={what}
              type="button"
              className="btn-ghost"
              onClick={() => void download(what)}
              data-testid={testId}
            >
              {t(label)} <Hotkey hotkey={hotkey} />
            </button>
          ))}
        </div>
      </div>
      <LedgerFilterBar ref={periodRef} filters={state.filters} setFilter={setFilter} onReset={reset} />
      {PERIOD_GROUPS.includes(by) ? (
        <ProfitChart
          rows={profit.data?.rows ?? []}
          currency={profit.data?.currency ?? currency}
          series={series}
          onSeries={setSeries}
        />
      ) : (
        <p className="text-sm text-muted">{t('ledger.chart.byPeriodOnly')}</p>
      )}
      <ListLoadFailed failed={profit.isError} text={t('ledger.loadFailed')} />
      <DataTable<ProfitRow>
        id={`ledger-${by}`}
        label={t('ledger.title')}
        columns={columns}
        rows={rows}
        getRowId={getRowId}
        emptyText={t('ledger.empty')}
        loading={profit.isFetching}
        sort={state.sort}
        onSortChange={setSort}
      />
    </div>
  );
}
