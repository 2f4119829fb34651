import type { WorkspaceMember } from '@tradedeck/sdk/contract';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../shared/filter-select.tsx';
import { FIELD_LABEL } from '../../shared/form-styles.ts';
import { FILTER_KEYS } from './audit-filters.ts';

/** Member, operation (an id or an area prefix) and days of the audit log; every change goes to the URL. */
export function AuditFilterBar({
  filters,
  setFilter,
  members,
}: {
  filters: Record<string, string>;
  setFilter(key: string, value: string | null): void;
  members: readonly WorkspaceMember[];
}) {
  const { t } = useTranslation();
  const day = (key: 'from' | 'to') => (
    <label className="flex flex-col gap-1">
      <span className={FIELD_LABEL}>{t(`workspaces.${key}`)}</span>
      <input
        type="date"
        className="input"
        value={filters[key] ?? ''}
        onChange={(event) => setFilter(key, event.target.value || null)}
      />
    </label>
  );
  return (
    <div className="flex flex-wrap items-end gap-3">
      <FilterSelect
        label={t('workspaces.actor')}
        value={filters.actor ?? ''}
        onChange={(value) => setFilter('actor', value)}
        options={members.map((member) => [member.userId, member.userName])}
        all={t('workspaces.anyMember')}
      />
      <label className="flex flex-col gap-1">
        <span className={FIELD_LABEL}>{t('workspaces.operationFilter')}</span>
        <input
          className="input"
          value={filters.op ?? ''}
          maxLength={80}
          placeholder={t('workspaces.operationPlaceholder')}
          onChange={(event) => setFilter('op', event.target.value || null)}
        />
      </label>
      {day('from')}
      {day('to')}
      <button
        type="button"
        className="btn-ghost"
        onClick={() => {
          for (const key of FILTER_KEYS) setFilter(key, null);
        }}
      >
        {t('workspaces.resetFilters')}
      </button>
    </div>
  );
}
