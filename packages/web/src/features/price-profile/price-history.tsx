import { api, type PriceRow } from '@tradedeck/sdk/contract';
import { formatMoney, PRICE_SOURCES, type PriceSource } from '@tradedeck/sdk/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SeriesChart } from '../../shared/charts/series-chart.tsx';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';

/** The price history of one item as a line per source (custom, provider, median), one source at a time. */
export function PriceHistory({ item }: { item: PriceRow | null }) {
  const { t } = useTranslation();
  const locale = localeOf(useLanguage());
  const [source, setSource] = useState<PriceSource>('custom');
  const history = useOperationQuery(
    api.priceProfile.history,
    { marketHashName: item?.marketHashName ?? '-', game: item?.game ?? 'cs2', sources: [] },
    { enabled: item !== null },
  );
  if (!item) return <p className="card p-4 text-sm text-muted">{t('priceProfile.history.pick')}</p>;
  const points = (history.data?.points ?? []).filter((point) => point.source === source);
  const currency = points[0]?.price.currency ?? item.customPrice?.currency ?? 'RUB';
  const time = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <section className="card space-y-2 p-4" aria-label={t('priceProfile.history.title', { name: item.name })}>
      <div className="flex items-center gap-2">
        <h2 className="mr-auto text-sm font-semibold">
          {t('priceProfile.history.title', { name: item.name })}
        </h2>
        {PRICE_SOURCES.map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={option === source}
            className={`btn-ghost ${option === source ? 'border-primary text-primary-ink' : ''}`}
            onClick={() => setSource(option)}
          >
            {t(`priceProfile.sources.${option}`)}
          </button>
        ))}
      </div>
      <SeriesChart
        title={t('priceProfile.history.title', { name: item.name })}
        points={points.map((point) => ({
          key: `${point.at}-${point.source}`,
          label: time.format(new Date(point.at)),
          value: point.price.amount,
        }))}
        kind="line"
        formatValue={(amount) => formatMoney({ currency, amount }, locale)}
        emptyText={t('priceProfile.history.empty')}
        testId="price-history-chart"
      />
    </section>
  );
}
