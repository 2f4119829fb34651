import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { SEARCH_DEBOUNCE_MS } from '@tradedeck/sdk/domain';
import { forwardRef, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILTER_KEYS, nextTriState, setTriState, type TriState, triStateOf } from './filter-url.ts';

interface FiltersProps {
  filters: Record<string, string>;
  setFilters(changes: Record<string, string | null>): void;
  tags: readonly { id: number; name: string; count: number }[];
}

const CHIP: Record<'with' | 'except' | 'off', string> = {
  with: 'border-primary bg-primary/10 text-primary-ink',
  except: 'border-rose-400 bg-rose-50 text-rose-700 line-through dark:bg-rose-950/40 dark:text-rose-300',
  off: 'border-slate-300 dark:border-slate-600',
};

/** Search (debounced), tags and statuses with/except, and has-proxy; everything lives in the URL. */
export const AccountFilters = forwardRef<HTMLInputElement, FiltersProps>(function AccountFilters(
  { filters, setFilters, tags },
  searchRef,
) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(filters.q ?? '');
  const urlSearch = filters.q ?? '';
  useEffect(() => setSearch(urlSearch), [urlSearch]);
  useEffect(() => {
    if (search === urlSearch) return;
    const timer = setTimeout(() => setFilters({ q: search.trim() || null }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, urlSearch, setFilters]);

  const cycle = (withKey: string, exceptKey: string, item: number) => {
    const state = nextTriState(triStateOf(filters[withKey], filters[exceptKey], item));
    const next = setTriState(filters[withKey], filters[exceptKey], item, state);
    setFilters({ [withKey]: next.with, [exceptKey]: next.except });
  };
  const activeCount = (withKey: string, exceptKey: string) =>
    [filters[withKey], filters[exceptKey]].filter(Boolean).join(',').split(',').filter(Boolean).length;
  const anyFilter = FILTER_KEYS.some((key) => filters[key]);

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="account-filters">
      <input
        ref={searchRef}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        aria-label={t('steamAccounts.filters.search')}
        placeholder={t('steamAccounts.filters.search')}
        className="input w-80"
      />
      <FilterPopover label={t('steamAccounts.filters.status')} count={activeCount('status', 'xstatus')}>
        {([0, 1, 2] as const).map((status) => (
          <TriChip
            key={status}
            label={t(`steamAccounts.statuses.${status}`)}
            state={triStateOf(filters.status, filters.xstatus, status)}
            onClick={() => cycle('status', 'xstatus', status)}
          />
        ))}
      </FilterPopover>
      <FilterPopover label={t('steamAccounts.filters.tags')} count={activeCount('tags', 'xtags')}>
        {tags.length === 0 && <p className="px-1 text-xs text-muted">{t('steamAccounts.filters.noTags')}</p>}
        {tags.map((tag) => (
          <TriChip
            key={tag.id}
            label={`${tag.name} (${tag.count})`}
            state={triStateOf(filters.tags, filters.xtags, tag.id)}
            onClick={() => cycle('tags', 'xtags', tag.id)}
          />
        ))}
      </FilterPopover>
      <select
        aria-label={t('steamAccounts.filters.proxy')}
        value={filters.proxy ?? ''}
        onChange={(event) => setFilters({ proxy: event.target.value || null })}
        className="input"
      >
        <option value="">
          {t('steamAccounts.filters.proxy')}: {t('steamAccounts.filters.anyProxy')}
        </option>
        <option value="1">{t('steamAccounts.filters.withProxy')}</option>
        <option value="0">{t('steamAccounts.filters.withoutProxy')}</option>
      </select>
      {anyFilter && (
        <button
          type="button"
          className="btn-ghost"
          onClick={() => setFilters(Object.fromEntries(FILTER_KEYS.map((key) => [key, null])))}
        >
          {t('steamAccounts.filters.reset')}
        </button>
      )}
    </div>
  );
});

function FilterPopover({
  label,
  count,
  children,
}: {
  label: string;
  count: number;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popover className="relative">
      <PopoverButton
        className={`input hover:border-primary ${count > 0 ? 'border-primary text-primary-ink' : ''}`}
      >
        {label}
        {count > 0 ? ` · ${count}` : ''} ▾
      </PopoverButton>
      <PopoverPanel
        anchor="bottom start"
        className="z-50 mt-1 w-64 rounded-md border border-slate-200 bg-white p-2 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <p className="mb-2 text-xs text-muted">{t('steamAccounts.filters.hint')}</p>
        <div className="flex flex-wrap gap-1.5">{children}</div>
      </PopoverPanel>
    </Popover>
  );
}

function TriChip({ label, state, onClick }: { label: string; state: TriState; onClick(): void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={state === null ? 'false' : 'true'}
      data-state={state ?? 'off'}
      className={`rounded-full border px-2.5 py-0.5 text-xs ${CHIP[state ?? 'off']}`}
    >
      {state ? `${t(`steamAccounts.filters.${state}`)}: ` : ''}
      {label}
    </button>
  );
}
