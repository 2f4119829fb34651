import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { SEARCH_DEBOUNCE_MS } from '@tradedeck/sdk/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagLike } from '../../shared/tags/tag-rules.ts';
import { countryFlag } from './proxy-cells.tsx';
import { formatIdList, hasActiveFilters, parseIdList } from './proxy-filters.ts';

export const SEARCH_INPUT_ID = 'proxies-search';
const STATUSES = ['0', '1', '2', '3', '4', '5'] as const;

/** Search (debounced), tags with / except, country and status; every value lives in the URL. */
export function ProxyFilterBar({
  filters,
  setFilter,
  resetFilters,
  tags,
  countries,
  statusCounts,
}: {
  filters: Record<string, string>;
  setFilter(key: string, value: string | null): void;
  resetFilters(): void;
  tags: readonly TagLike[];
  countries: ReadonlyArray<{ code: string | null; count: number }>;
  /** How many proxies have each status (all of the user's, whatever the other filters). */
  statusCounts?: Record<string, number> | undefined;
}) {
  const { t } = useTranslation();
  return (
    <search className="flex flex-wrap items-center gap-2">
      <SearchInput value={filters.q ?? ''} onChange={(value) => setFilter('q', value || null)} />
      <TagFilter
        label={t('proxies.filters.withTags')}
        testId="filter-with-tags"
        tags={tags}
        value={filters.tags}
        onChange={(value) => setFilter('tags', value)}
      />
      <TagFilter
        label={t('proxies.filters.exceptTags')}
        testId="filter-except-tags"
        tags={tags}
        value={filters.except}
        onChange={(value) => setFilter('except', value)}
      />
      <select
        aria-label={t('proxies.filters.country')}
        className="input"
        value={filters.country ?? ''}
        onChange={(event) => setFilter('country', event.target.value || null)}
      >
        <option value="">{t('proxies.filters.anyCountry')}</option>
        {countries.map(({ code, count }) => (
          <option key={code ?? '--'} value={code ?? '--'}>
            {code ? `${countryFlag(code)} ${code}` : t('proxies.unknownCountry')} ({count})
          </option>
        ))}
      </select>
      <select
        aria-label={t('proxies.filters.status')}
        className="input"
        value={filters.status ?? ''}
        onChange={(event) => setFilter('status', event.target.value || null)}
      >
        <option value="">{t('proxies.filters.anyStatus')}</option>
        {STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`proxies.statuses.${status}`)}
            {statusCounts ? ` (${statusCounts[status] ?? 0})` : ''}
          </option>
        ))}
      </select>
      {hasActiveFilters(filters) && (
        <button type="button" className="btn-ghost" onClick={resetFilters}>
          {t('proxies.filters.reset')}
        </button>
      )}
    </search>
  );
}

/** The search box: the URL follows the typing after the spec's search debounce. */
function SearchInput({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  // A reset or a back navigation changes the URL: the box shows it.
  useEffect(() => setText((current) => (current.trim() === value.trim() ? current : value)), [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => latest.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <input
      id={SEARCH_INPUT_ID}
      type="search"
      className="input w-64"
      aria-label={t('proxies.filters.search')}
      placeholder={t('proxies.filters.searchPlaceholder')}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}

function TagFilter({
  label,
  tags,
  value,
  onChange,
  testId,
}: {
  label: string;
  tags: readonly TagLike[];
  value: string | undefined;
  onChange(value: string | null): void;
  testId: string;
}) {
  const { t } = useTranslation();
  const chosen = new Set(parseIdList(value));
  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(formatIdList([...next]));
  };
  return (
    <Popover className="relative">
      <PopoverButton
        className={`btn-ghost ${chosen.size > 0 ? 'border-primary text-primary-ink' : ''}`}
        data-testid={testId}
      >
        {label}:{' '}
        {chosen.size > 0
          ? t('proxies.filters.tagsCount', { count: chosen.size })
          : t('proxies.filters.tagsAny')}
      </PopoverButton>
      <PopoverPanel
        anchor="bottom start"
        className="z-50 mt-1 max-h-72 min-w-48 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {tags.length === 0 ? (
          <p className="px-3 py-1.5 text-muted">{t('proxies.filters.noTags')}</p>
        ) : (
          tags.map((tag) => (
            <label
              key={tag.id}
              className="flex cursor-pointer items-center gap-2 rounded px-3 py-1.5 hover:bg-primary/10"
            >
              <input
                type="checkbox"
                className="accent-primary"
                checked={chosen.has(tag.id)}
                onChange={() => toggle(tag.id)}
              />
              {tag.name}
            </label>
          ))
        )}
      </PopoverPanel>
    </Popover>
  );
}
