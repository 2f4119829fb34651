import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type AuditEntry, api } from '@tradedeck/sdk/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { operationQuery, useOperationQuery } from '../../shared/queries/operation-query.ts';
import { DataTable } from '../../shared/table/data-table.tsx';
import { ListLoadFailed } from '../../shared/table/list-page.tsx';
import { useTableUrlState } from '../../shared/table/table-url-state.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import { useActiveWorkspace } from '../../shared/workspace/use-workspaces.ts';
import { auditColumns } from './audit-columns.tsx';
import { AuditFilterBar } from './audit-filter-bar.tsx';
import { FILTER_KEYS, toAuditFilters } from './audit-filters.ts';
import { RetentionForm } from './retention-form.tsx';
import { useAuditCsv } from './use-audit-csv.ts';

const getRowId = (entry: AuditEntry) => String(entry.id);
const NO_SORT = () => {};

/**
 * The active workspace's audit log (owner only): who did what, when, from which address, filtered by member,
 * operation and days (in the URL), newest first; a CSV of the same filters and the retention setting.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const { client } = useServices();
  const describe = useDescribeError();
  const locale = localeOf(useLanguage());
  const { active } = useActiveWorkspace();
  const isOwner = active?.role === 'owner';
  const url = useTableUrlState(FILTER_KEYS);
  const filters = useMemo(() => toAuditFilters(url.state.filters), [url.state.filters]);
  const input = { ...filters, pages: { page: url.state.page, pageSize: url.state.pageSize } };
  // The log has one order (newest first), so it pages without the list skeleton's sort.
  const list = useQuery({
    ...operationQuery(client, api.audit.list, input),
    placeholderData: keepPreviousData,
    enabled: isOwner,
  });
  const members = useOperationQuery(api.workspace.members, {}, { enabled: isOwner });
  const download = useAuditCsv(filters);
  const names = useMemo(
    () => new Map((members.data?.items ?? []).map((member) => [member.userId, member.userName])),
    [members.data],
  );
  const columns = useMemo(() => auditColumns(t, locale, names), [t, locale, names]);

  if (active && !isOwner) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">{t('workspaces.auditTitle')}</h1>
        <p role="alert" className="text-sm text-muted">
          {t('workspaces.auditOwnerOnly')}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-3">
        <h1 className="me-auto text-2xl font-semibold tracking-tight">{t('workspaces.auditTitle')}</h1>
        <RetentionForm />
        <button type="button" className="btn-ghost" onClick={() => void download()} data-testid="audit-csv">
          {t('workspaces.exportCsv')}
        </button>
      </div>
      <AuditFilterBar
        filters={url.state.filters}
        setFilter={url.setFilter}
        members={members.data?.items ?? []}
      />
      <ListLoadFailed failed={list.isError} text={list.isError ? describe(list.error) : ''} />
      <DataTable<AuditEntry>
        id="workspace-audit"
        label={t('workspaces.auditTitle')}
        columns={columns}
        rows={list.data?.items ?? []}
        getRowId={getRowId}
        emptyText={t('workspaces.noEntries')}
        loading={list.isFetching}
        sort={[]}
        onSortChange={NO_SORT}
        paging={{
          page: url.state.page,
          pageSize: url.state.pageSize,
          total: list.data?.total ?? 0,
          totalCapped: list.data?.totalCapped,
          onPageChange: url.setPage,
          onPageSizeChange: url.setPageSize,
        }}
      />
    </div>
  );
}
