import { COST_METHOD_VALUES, LEDGER_GROUPS } from '@tradedeck/sdk/contract';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../shared/filter-select.tsx';
import { FIELD_LABEL } from '../../shared/form-styles.ts';
import { useSellerAccounts } from '../../shared/queries/use-seller-accounts.ts';
import { badPeriod } from './ledger-filters.ts';

/** Period, Steam account, grouping and cost method of the ledger; every change goes to the URL. */
export const LedgerFilterBar = forwardRef<
  HTMLInputElement,
  { filters: Record<string, string>; setFilter(key: string, value: string | null): void; onReset(): void }
>(function LedgerFilterBar({ filters, setFilter, onReset }, ref) {
  const { t } = useTranslation();
  const accounts = useSellerAccounts();
  const select = (key: string, label: string, options: Array<[string, string]>, all: boolean) => (
    <FilterSelect
      label={label}
      value={filters[key] ?? ''}
      onChange={(value) => setFilter(key, value)}
      options={options}
      {...(all ? { all: t('ledger.filters.all') } : {})}
      testId={`ledger-${key}`}
    />
  );
  const day = (key: 'from' | 'to', withRef: boolean) => (
    <label className="flex flex-col gap-1">
      <span className={FIELD_LABEL}>{t(`ledger.filters.${key}`)}</span>
      <input
        ref={withRef ? ref : undefined}
        type="date"
        className="input"
        value={filters[key] ?? ''}
        onChange={(event) => setFilter(key, event.target.value || null)}
        data-testid={`ledger-${key}`}
      />
    </label>
  );
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-end gap-3">
        {day('from', true)}
        {day('to', false)}
        {select(
          'account',
          t('ledger.filters.account'),
          (accounts.data?.items ?? []).map((account) => [String(account.steamAccountId), account.login]),
          true,
        )}
        {select(
          'by',
          t('ledger.filters.by'),
          // The default grouping (by day) is the empty value: the URL stays clean.
          LEDGER_GROUPS.map((group) => [group === 'day' ? '' : group, t(`ledger.groups.${group}`)]),
          false,
        )}
        {select(
          'method',
          t('ledger.filters.method'),
          COST_METHOD_VALUES.map((method) => [
            method === 'fifo' ? '' : method,
            t(`ledger.methods.${method}`),
          ]),
          false,
        )}
        <button type="button" className="btn-ghost" onClick={onReset}>
          {t('ledger.filters.reset')}
        </button>
      </div>
      {badPeriod(filters) && (
        <p role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {t('ledger.filters.badPeriod')}
        </p>
      )}
    </div>
  );
});
