import type { InventoryScan } from '@tradedeck/sdk/contract';
import { SEARCH_DEBOUNCE_MS, TRADE_GAME_KEYS, type TradeGame } from '@tradedeck/sdk/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface InventoryFilterState {
  game: TradeGame | undefined;
  tradableOnly: boolean;
  /** The least price as typed, in major units of `currency`. */
  minPrice: string;
  search: string;
}

export const NO_INVENTORY_FILTERS: InventoryFilterState = {
  game: undefined,
  tradableOnly: false,
  minPrice: '',
  search: '',
};

const DOT: Record<InventoryScan['state'] | 'none', string> = {
  listed: 'bg-emerald-500',
  empty: 'bg-slate-400',
  private: 'bg-rose-500',
  failed: 'bg-rose-500',
  none: 'bg-slate-300 dark:bg-slate-600',
};

/**
 * Game (a chip per game with its last scan's state as a dot), text search (debounced), least price and
 * tradable only. Text fields report after the user pauses.
 */
export function InventoryFilters({
  value,
  onChange,
  scans,
  currency,
  minPriceInvalid,
}: {
  value: InventoryFilterState;
  onChange(next: InventoryFilterState): void;
  scans: readonly InventoryScan[];
  currency: string;
  minPriceInvalid: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(value.search);
  const [minPrice, setMinPrice] = useState(value.minPrice);
  useEffect(() => {
    if (search === value.search && minPrice === value.minPrice) return;
    const timer = setTimeout(() => onChange({ ...value, search, minPrice }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, minPrice, value, onChange]);

  const stateOf = (game: TradeGame) => scans.find((scan) => scan.game === game)?.state ?? 'none';
  const chip = (active: boolean) =>
    `inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs ${
      active ? 'border-primary bg-primary/10 text-primary-ink' : 'border-slate-300 dark:border-slate-600'
    }`;

  return (
    <div className="space-y-2" data-testid="inventory-filters">
      <fieldset className="flex flex-wrap gap-1.5">
        <legend className="sr-only">{t('inventory.game')}</legend>
        <button
          type="button"
          aria-pressed={value.game === undefined}
          className={chip(value.game === undefined)}
          onClick={() => onChange({ ...value, game: undefined })}
        >
          {t('inventory.games.all')}
        </button>
        {TRADE_GAME_KEYS.map((game) => {
          const state = stateOf(game);
          return (
            <button
              key={game}
              type="button"
              aria-pressed={value.game === game}
              className={chip(value.game === game)}
              title={t(`inventory.states.${state === 'none' ? 'notScanned' : state}`)}
              data-scan-state={state}
              onClick={() => onChange({ ...value, game })}
            >
              <span aria-hidden className={`h-1.5 w-1.5 rounded-full ${DOT[state]}`} />
              {t(`inventory.games.${game}`)}
            </button>
          );
        })}
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          aria-label={t('inventory.search')}
          placeholder={t('inventory.search')}
          className="input min-w-0 flex-1"
        />
        <input
          inputMode="decimal"
          value={minPrice}
          onChange={(event) => setMinPrice(event.target.value)}
          aria-label={t('inventory.minPrice', { currency })}
          aria-invalid={minPriceInvalid || undefined}
          title={minPriceInvalid ? t('inventory.minPriceInvalid') : undefined}
          placeholder={t('inventory.minPrice', { currency })}
          className={`input w-40 ${minPriceInvalid ? 'border-rose-500' : ''}`}
        />
        <label className="inline-flex items-center gap-1.5 text-sm whitespace-nowrap">
          <input
            type="checkbox"
            checked={value.tradableOnly}
            onChange={(event) => onChange({ ...value, tradableOnly: event.target.checked })}
            className="h-4 w-4 accent-primary"
          />
          {t('inventory.tradableOnly')}
        </label>
      </div>
    </div>
  );
}
