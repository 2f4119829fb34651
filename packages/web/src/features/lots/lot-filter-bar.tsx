import { LOT_ISSUES, LOT_STATUSES, SELLER_PLATFORMS } from '@tradedeck/sdk/domain';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Search, status, issue and market of the lots screen; every change goes to the URL. */
export const LotFilterBar = forwardRef<
  HTMLInputElement,
  { filters: Record<string, string>; setFilter(key: string, value: string | null): void }
>(function LotFilterBar({ filters, setFilter }, ref) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        ref={ref}
        type="search"
        className="input w-72"
        placeholder={t('lots.filters.search')}
        aria-label={t('lots.filters.search')}
        defaultValue={filters.q ?? ''}
        onChange={(event) => setFilter('q', event.target.value || null)}
      />
      <select
        className="input"
        aria-label={t('lots.filters.status')}
        value={filters.status ?? ''}
        onChange={(event) => setFilter('status', event.target.value || null)}
      >
        <option value="">{t('lots.filters.status')}</option>
        {LOT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`lots.statuses.${status}`)}
          </option>
        ))}
      </select>
      <select
        className="input"
        aria-label={t('lots.filters.issue')}
        value={filters.issue ?? ''}
        onChange={(event) => setFilter('issue', event.target.value || null)}
      >
        <option value="">{t('lots.filters.issue')}</option>
        {LOT_ISSUES.map((issue) => (
          <option key={issue} value={issue}>
            {t(`lots.issues.${issue}`)}
          </option>
        ))}
      </select>
      <fieldset className="flex items-center gap-1" aria-label={t('lots.filters.market')}>
        {[null, ...SELLER_PLATFORMS].map((market) => (
          <button
            key={market ?? 'all'}
            type="button"
            className={`rounded-full border px-2 py-0.5 text-xs hover:bg-primary/10 ${
              (filters.market ?? null) === market ? 'border-primary bg-primary/15 font-semibold' : ''
            }`}
            data-testid="market-chip"
            data-market={market ?? 'all'}
            aria-pressed={(filters.market ?? null) === market}
            onClick={() => setFilter('market', market)}
          >
            {market ? t(`lots.markets.${market}`) : t('lots.filters.allMarkets')}
          </button>
        ))}
      </fieldset>
    </div>
  );
});
