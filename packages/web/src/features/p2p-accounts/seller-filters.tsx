import { PLATFORM_STATUSES, SEARCH_DEBOUNCE_MS, SELLER_ACCOUNT_STATUSES } from '@tradedeck/sdk/domain';
import { forwardRef, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_KEYS, parseWords, toggleWord } from './filter-url.ts';

interface FiltersProps {
  filters: Record<string, string>;
  setFilter(key: string, value: string | null): void;
  onReset(): void;
}

const CHIP_ON = 'border-primary bg-primary/10 text-primary-ink';
const CHIP_OFF = 'border-slate-300 dark:border-slate-600';

/** Search (debounced), account statuses and platform statuses as chips; everything lives in the URL. */
export const SellerFilters = forwardRef<HTMLInputElement, FiltersProps>(function SellerFilters(
  { filters, setFilter, onReset },
  searchRef,
) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(filters.q ?? '');
  const urlSearch = filters.q ?? '';
  useEffect(() => setSearch(urlSearch), [urlSearch]);
  useEffect(() => {
    if (search === urlSearch) return;
    const timer = setTimeout(() => setFilter('q', search.trim() || null), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, urlSearch, setFilter]);

  const statuses = parseWords(filters.status, SELLER_ACCOUNT_STATUSES);
  const platforms = parseWords(filters.platform, PLATFORM_STATUSES);
  const anyFilter = FILTER_KEYS.some((key) => filters[key]);

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="seller-filters">
      <input
        ref={searchRef}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        aria-label={t('p2pAccounts.filters.search')}
        placeholder={t('p2pAccounts.filters.search')}
        className="input w-72"
      />
      <fieldset className="flex items-center gap-1.5">
        <legend className="sr-only">{t('p2pAccounts.filters.status')}</legend>
        <span aria-hidden className="text-xs text-muted">
          {t('p2pAccounts.filters.status')}:
        </span>
        {SELLER_ACCOUNT_STATUSES.map((status) => (
          <Chip
            key={status}
            label={t(`p2pAccounts.statuses.${status}`)}
            on={statuses.includes(status)}
            onClick={() => setFilter('status', toggleWord(filters.status, SELLER_ACCOUNT_STATUSES, status))}
          />
        ))}
      </fieldset>
      <fieldset className="flex items-center gap-1.5">
        <legend className="sr-only">{t('p2pAccounts.filters.platformStatus')}</legend>
        <span aria-hidden className="text-xs text-muted">
          {t('p2pAccounts.filters.platformStatus')}:
        </span>
        {PLATFORM_STATUSES.map((status) => (
          <Chip
            key={status}
            label={t(`p2pAccounts.platformStatuses.${status}`)}
            on={platforms.includes(status)}
            onClick={() => setFilter('platform', toggleWord(filters.platform, PLATFORM_STATUSES, status))}
          />
        ))}
      </fieldset>
      {anyFilter && (
        <button type="button" className="btn-ghost" onClick={onReset}>
          {t('p2pAccounts.filters.reset')}
        </button>
      )}
    </div>
  );
});

function Chip({ label, on, onClick }: { label: string; on: boolean; onClick(): void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={on}
      className={`rounded-full border px-2.5 py-0.5 text-xs ${on ? CHIP_ON : CHIP_OFF}`}
    >
      {label}
    </button>
  );
}
