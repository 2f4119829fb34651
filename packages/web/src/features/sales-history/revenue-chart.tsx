import { type Currency, formatMoney } from '@tradedeck/sdk/domain';
import { useTranslation } from 'react-i18next';
import { SeriesChart } from '../../shared/charts/series-chart.tsx';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import { type DayRevenue, fillDays } from './revenue-days.ts';

/** The sales history's revenue per day as bars, in the displayed currency; days without sales show as zero. */
export function RevenueChart({
  days,
  currency,
  from,
  to,
}: {
  days: readonly DayRevenue[];
  currency: Currency;
  from?: string;
  to?: string;
}) {
  const { t } = useTranslation();
  const locale = localeOf(useLanguage());
  const dayFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const points = fillDays(days, currency, { ...(from ? { from } : {}), ...(to ? { to } : {}) }).map(
    (item) => ({
      key: item.day,
      label: dayFormat.format(new Date(`${item.day}T00:00:00Z`)),
      value: item.revenue.amount,
    }),
  );
  return (
    <section className="card p-4" aria-label={t('salesHistory.chart.title')}>
      <h2 className="mb-2 text-sm font-semibold">{t('salesHistory.chart.title')}</h2>
      <SeriesChart
        title={t('salesHistory.chart.title')}
        points={days.length === 0 ? [] : points}
        kind="bars"
        formatValue={(amount) => formatMoney({ currency, amount }, locale)}
        emptyText={t('salesHistory.chart.empty')}
        testId="revenue-chart"
      />
    </section>
  );
}
