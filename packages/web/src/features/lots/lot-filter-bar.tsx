import { LOT_ISSUES, LOT_STATUSES } from '@tradedeck/sdk/domain';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Search, status and issue of the lots screen; every change goes to the URL. */
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
    </div>
  );
});
