import type { HarvesterSession } from '@tradedeck/sdk/contract';
import { HARVESTER_TRANSACTION_STATUSES } from '@tradedeck/sdk/domain';
import { useTranslation } from 'react-i18next';

/** Status (one status, or every active step), one account (source or target) and grouping by target; in the URL. */
export function TransactionFilterBar({
  session,
  filters,
  setFilter,
}: {
  session: HarvesterSession;
  filters: Record<string, string>;
  setFilter(key: string, value: string | null): void;
}) {
  const { t } = useTranslation();
  const accounts = [...session.sources, ...session.targets];
  const active = Boolean(filters.status || filters.account);
  return (
    <search className="flex flex-wrap items-center gap-2">
      <select
        aria-label={t('harvester.transactions.filters.status')}
        className="input"
        value={filters.status ?? ''}
        onChange={(event) => setFilter('status', event.target.value || null)}
      >
        <option value="">{t('harvester.transactions.filters.anyStatus')}</option>
        <option value="active">{t('harvester.progress.active', { count: sessionActive(session) })}</option>
        {HARVESTER_TRANSACTION_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`harvester.txStatuses.${status}`)} ({session.counts[status] ?? 0})
          </option>
        ))}
      </select>
      <select
        aria-label={t('harvester.transactions.filters.account')}
        className="input"
        value={filters.account ?? ''}
        onChange={(event) => setFilter('account', event.target.value || null)}
      >
        <option value="">{t('harvester.transactions.filters.anyAccount')}</option>
        {accounts.map((account) => (
          <option key={account.id} value={account.id}>
            {account.login}
          </option>
        ))}
      </select>
      <label className="flex items-center gap-1.5 text-sm">
        <input
          type="checkbox"
          checked={filters.group === 'target'}
          onChange={(event) => setFilter('group', event.target.checked ? 'target' : null)}
        />
        {t('harvester.transactions.filters.groupByTarget')}
      </label>
      {active && (
        <button
          type="button"
          className="btn-ghost"
          onClick={() => {
            setFilter('status', null);
            setFilter('account', null);
          }}
        >
          {t('harvester.transactions.filters.reset')}
        </button>
      )}
    </search>
  );
}

function sessionActive(session: HarvesterSession): number {
  return HARVESTER_TRANSACTION_STATUSES.filter(
    (status) => !['completed', 'cancelled', 'error'].includes(status),
  ).reduce((sum, status) => sum + (session.counts[status] ?? 0), 0);
}
