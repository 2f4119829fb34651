import type { ProfitRow } from '@tradedeck/sdk/contract';
import { type Currency, formatMoney } from '@tradedeck/sdk/domain';
import { useTranslation } from 'react-i18next';
import { SeriesChart } from '../../shared/charts/series-chart.tsx';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import { CHART_SERIES, type ChartSeries } from './ledger-filters.ts';

/**
 * Revenue, profit or money held per period (the report's own lines, oldest first) as bars in the displayed
 * currency, with a series switch beside it: a radio group the keyboard moves through with the arrows.
 */
export function ProfitChart({
  rows,
  currency,
  series,
  onSeries,
}: {
  rows: readonly ProfitRow[];
  currency: Currency;
  series: ChartSeries;
  onSeries(series: ChartSeries): void;
}) {
  const { t } = useTranslation();
  const locale = localeOf(useLanguage());
  const points = [...rows]
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((row) => ({ key: row.key, label: row.key, value: row[series].amount }));
  const title = `${t('ledger.chart.title')}: ${t(`ledger.chart.${series}`)}`;
  return (
    <section className="card p-4" aria-label={t('ledger.chart.title')}>
      <div className="mb-2 flex flex-wrap items-center gap-3">
        <h2 className="me-auto text-sm font-semibold">{title}</h2>
        <fieldset className="flex gap-1" data-testid="ledger-series">
          <legend className="sr-only">{t('ledger.chart.series')}</legend>
          {CHART_SERIES.map((name) => (
            <label
              key={name}
              className={`cursor-pointer rounded-md px-2 py-1 text-xs has-[:focus-visible]:ring-2 ${name === series ? 'bg-primary text-white' : 'btn-ghost'}`}
            >
              <input
                type="radio"
                className="sr-only"
                name="ledger-series"
                value={name}
                checked={name === series}
                onChange={() => onSeries(name)}
              />
              {t(`ledger.chart.${name}`)}
            </label>
          ))}
        </fieldset>
      </div>
      <SeriesChart
        title={title}
        points={points}
        kind="bars"
        formatValue={(amount) => formatMoney({ currency, amount }, locale)}
        emptyText={t('ledger.chart.empty')}
        testId="ledger-chart"
      />
    </section>
  );
}
