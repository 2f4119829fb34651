import { SELLER_PLATFORMS, TRADE_GAME_KEYS, TRADE_GAMES } from '@tradedeck/sdk/domain';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../shared/filter-select.tsx';
import { FIELD_LABEL } from '../../shared/form-styles.ts';
import { useSellerAccounts } from '../../shared/queries/use-seller-accounts.ts';
import { badPeriod } from './sale-filters.ts';

/** Period, account, game and platform of the sales history; every change goes to the URL. */
export const SaleFilterBar = forwardRef<
  HTMLInputElement,
  { filters: Record<string, string>; setFilter(key: string, value: string | null): void; onReset(): void }
>(function SaleFilterBar({ filters, setFilter, onReset }, ref) {
  const { t } = useTranslation();
  const accounts = useSellerAccounts();
  const select = (key: string, label: string, options: Array<[string, string]>) => (
    <FilterSelect
      label={label}
      value={filters[key] ?? ''}
      onChange={(value) => setFilter(key, value)}
      options={options}
      all={t('salesHistory.filters.all')}
    />
  );
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1">
          <span className={FIELD_LABEL}>{t('salesHistory.filters.from')}</span>
          <input
            ref={ref}
            type="date"
            className="input"
            value={filters.from ?? ''}
            onChange={(event) => setFilter('from', event.target.value || null)}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className={FIELD_LABEL}>{t('salesHistory.filters.to')}</span>
          <input
            type="date"
            className="input"
            value={filters.to ?? ''}
            onChange={(event) => setFilter('to', event.target.value || null)}
          />
        </label>
        {select(
          'account',
          t('salesHistory.filters.account'),
          (accounts.data?.items ?? []).map((account) => [String(account.id), account.login]),
        )}
        {select(
          'game',
          t('salesHistory.filters.game'),
          TRADE_GAME_KEYS.map((key) => [key, TRADE_GAMES[key].name]),
        )}
        {select(
          'platform',
          t('salesHistory.filters.platform'),
          SELLER_PLATFORMS.map((platform) => [platform, platform.toUpperCase()]),
        )}
        <button type="button" className="btn-ghost" onClick={onReset}>
          {t('salesHistory.filters.reset')}
        </button>
      </div>
      {badPeriod(filters) && (
        <p role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {t('salesHistory.filters.badPeriod')}
        </p>
      )}
    </div>
  );
});
