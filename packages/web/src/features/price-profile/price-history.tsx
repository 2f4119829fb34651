import { api, type PriceRow } from '@tradedeck/sdk/contract';
import { formatMoney, PRICE_SOURCES, type PriceSource } from '@tradedeck/sdk/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SeriesChart } from '../../shared/charts/series-chart.tsx';
import { ModalFrame } from '../../shared/modals/modal-frame.tsx';
import type { ModalControls } from '../../shared/modals/modal-stack.ts';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';

/**
 * The price history of the chosen item in a dialog, so it opens in view whatever the table's length; titled with
 * the market name, which keeps the exterior ("(Field-Tested)") that tells apart items of one name.
 */
export function PriceHistoryDialog({ controls, item }: { controls: ModalControls; item: PriceRow }) {
  const { t } = useTranslation();
  return (
    <ModalFrame
      title={t('priceProfile.history.title', { name: item.marketHashName })}
      onClose={controls.dismiss}
    >
      <PriceHistory item={item} />
    </ModalFrame>
  );
}

/** The price history of one item as a line per source (custom, provider, median), one source at a time. */
function PriceHistory({ item }: { item: PriceRow }) {
  const { t } = useTranslation();
  const locale = localeOf(useLanguage());
  const [source, setSource] = useState<PriceSource>('custom');
  const history = useOperationQuery(api.priceProfile.history, {
    marketHashName: item.marketHashName,
    game: item.game,
    sources: [],
  });
  const title = t('priceProfile.history.title', { name: item.marketHashName });
  const points = (history.data?.points ?? []).filter((point) => point.source === source);
  const currency = points[0]?.price.currency ?? item.customPrice?.currency ?? 'RUB';
  const time = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <section className="space-y-2" aria-label={title}>
      <div className="flex items-center justify-end gap-2">
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
        title={title}
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
