import { useQueryClient } from '@tanstack/react-query';
import { api, type PortfolioRow } from '@tradedeck/sdk/contract';
import { formatMoney, TRADE_GAME_KEYS, TRADE_GAMES } from '@tradedeck/sdk/domain';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommandHandlers } from '../../shared/area/use-command-handlers.ts';
import { FilterSelect } from '../../shared/filter-select.tsx';
import { FIELD_LABEL } from '../../shared/form-styles.ts';
import { useHubSubscription } from '../../shared/hubs/use-hub-subscription.ts';
import { useDisplayedCurrency } from '../../shared/money/use-displayed-currency.ts';
import { invalidateArea, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import { ListLoadFailed, useListPage } from '../../shared/table/list-page.tsx';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import { portfolioColumns } from './portfolio-columns.tsx';
import { FILTER_KEYS, groupingOf, toPortfolioFilters } from './portfolio-filters.ts';
import { rowId, selectedAssets } from './portfolio-selection.ts';
import { RefreshScheduleControl } from './refresh-schedule-control.tsx';
import { usePortfolioActions } from './use-portfolio-actions.tsx';
import { usePortfolioExport } from './use-portfolio-export.ts';

/**
 * The portfolio: every account's cached items over `portfolio.query` (grouping, filters and price source in the
 * URL), its totals in the displayed currency with what they leave out, and both read again when a scan lands.
 */
export function PortfolioPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const locale = localeOf(language);
  const queryClient = useQueryClient();
  const currency = useDisplayedCurrency();
  const searchRef = useRef<HTMLInputElement>(null);
  const toFilters = useCallback(
    (filters: Record<string, string>) => ({
      ...toPortfolioFilters(filters),
      by: groupingOf(filters),
      currency,
    }),
    [currency],
  );
  const listPage = useListPage(api.portfolio.query, FILTER_KEYS, toFilters);
  const { state, setFilter, list } = listPage;
  const by = groupingOf(state.filters);
  const shared = useMemo(
    () => ({ ...toPortfolioFilters(state.filters), currency }),
    [state.filters, currency],
  );
  const totals = useOperationQuery(api.portfolio.totals, shared);
  const exportCsv = usePortfolioExport(shared);
  const actions = usePortfolioActions(shared, list.data?.items ?? []);
  const refresh = useCallback(() => void invalidateArea(queryClient, api.portfolio), [queryClient]);
  useHubSubscription('portfolioChanged', refresh, { onReset: refresh });

  useCommandHandlers('portfolio', 'screen', {
    byItem: () => setFilter('by', null),
    byAccount: () => setFilter('by', 'account'),
    flat: () => setFilter('by', 'flat'),
    tradable: () => setFilter('tradable', state.filters.tradable === '1' ? null : '1'),
    search: () => searchRef.current?.focus(),
    reset: listPage.resetFilters,
    refresh,
  });

  const columns = useMemo(() => portfolioColumns(by, t, language), [by, t, language]);
  const select = (key: string, label: string, options: Array<[string, string]>, all = true) => (
    <FilterSelect
      label={label}
      value={state.filters[key] ?? ''}
      onChange={(value) => setFilter(key, value)}
      options={options}
      {...(all ? { all: t('portfolio.filters.all') } : {})}
      testId={`portfolio-${key}`}
    />
  );
  const toggle = (key: string, label: string) => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        checked={state.filters[key] === '1'}
        onChange={(event) => setFilter(key, event.target.checked ? '1' : null)}
        data-testid={`portfolio-${key}`}
      />
      {label}
    </label>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="me-auto">
          <h1 className="text-2xl font-semibold tracking-tight">{t('portfolio.title')}</h1>
          {totals.data && (
            <p className="text-sm text-muted" data-testid="portfolio-totals">
              {t('portfolio.totals', {
                value: formatMoney(totals.data.overall.value, locale),
                items: totals.data.overall.items,
              })}{' '}
              · {t('portfolio.leftOut', totals.data)}
            </p>
          )}
        </div>
        <RefreshScheduleControl />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {select(
          'by',
          t('portfolio.filters.by'),
          [
            ['', t('portfolio.filters.byItem')],
            ['account', t('portfolio.filters.byAccount')],
            ['flat', t('portfolio.filters.flat')],
          ],
          false,
        )}
        {select(
          'game',
          t('portfolio.filters.game'),
          TRADE_GAME_KEYS.map((key) => [key, TRADE_GAMES[key].name]),
        )}
        {select(
          'source',
          t('portfolio.filters.source'),
          [
            ['', t('portfolio.price.sources.tm')],
            ['steam', t('portfolio.price.sources.steam')],
            ['custom', t('portfolio.price.sources.custom')],
          ],
          false,
        )}
        <label className="flex flex-col gap-1">
          <span className={FIELD_LABEL}>{t('portfolio.filters.search')}</span>
          <input
            ref={searchRef}
            className="input"
            value={state.filters.q ?? ''}
            onChange={(event) => setFilter('q', event.target.value || null)}
            data-testid="portfolio-search"
          />
        </label>
        {toggle('tradable', t('portfolio.filters.tradable'))}
        {toggle('protected', t('portfolio.filters.protected'))}
        {toggle('onSale', t('portfolio.filters.onSale'))}
        {toggle('outliers', t('portfolio.filters.includeOutliers'))}
        <button type="button" className="btn-ghost" onClick={listPage.resetFilters}>
          {t('portfolio.filters.reset')}
        </button>
        <button
          type="button"
          className="btn-ghost"
          onClick={() => void exportCsv()}
          data-testid="portfolio-export"
        >
          {t('portfolio.actions.exportAll')}
        </button>
      </div>
      <ListLoadFailed failed={list.isError} text={t('portfolio.loadFailed')} />
      <DataTable<PortfolioRow>
        id={`portfolio-${by}`}
        label={t('portfolio.title')}
        columns={columns}
        rows={list.data?.items ?? []}
        getRowId={rowId}
        emptyText={t('portfolio.empty')}
        {...listPage.table}
        bulkActions={
          by === 'flat'
            ? (ids) => (
                <>
                  <button
                    type="button"
                    className="btn-ghost"
                    onClick={() => actions.sell(selectedAssets(ids))}
                    data-testid="portfolio-sell-selected"
                  >
                    {t('portfolio.actions.sell', { count: ids.length })}
                  </button>
                  <button
                    type="button"
                    className="btn-ghost"
                    onClick={() => actions.move(selectedAssets(ids))}
                    data-testid="portfolio-move-selected"
                  >
                    {t('portfolio.actions.move', { count: ids.length })}
                  </button>
                  <button
                    type="button"
                    className="btn-ghost"
                    onClick={() => void exportCsv(selectedAssets(ids))}
                    data-testid="portfolio-export-selected"
                  >
                    {t('portfolio.actions.exportSelected', { count: ids.length })}
                  </button>
                </>
              )
            : undefined
        }
      />
    </div>
  );
}
