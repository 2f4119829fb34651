import type { ColumnDef } from '@tanstack/react-table';
import type { AuditEntry } from '@tradedeck/sdk/contract';
import type { TFunction } from 'i18next';
import type { TextKey } from '../../i18n/text-key.ts';
import { targetsText } from './audit-filters.ts';

/**
 * The audit log's columns; the server orders entries newest first, so none sorts. `names` (the members' names by
 * user id) names an actor the entry itself leaves unnamed.
 */
export function auditColumns(
  t: TFunction,
  locale: string,
  names: ReadonlyMap<string, string>,
): ColumnDef<AuditEntry, unknown>[] {
  const column = (id: string, labelKey: TextKey, size: number) => ({
    id,
    header: t(labelKey),
    meta: t(labelKey),
    size,
    enableSorting: false,
  });
  return [
    {
      ...column('at', 'workspaces.at', 170),
      cell: ({ row }) =>
        new Date(row.original.at).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'medium' }),
    },
    {
      ...column('actor', 'workspaces.actor', 160),
      cell: ({ row }) =>
        row.original.actorName ?? names.get(row.original.actorId) ?? t('workspaces.unknownActor'),
    },
    {
      ...column('operation', 'workspaces.operation', 200),
      cell: ({ row }) => <code className="text-xs">{row.original.operation}</code>,
    },
    {
      ...column('targets', 'workspaces.targets', 260),
      cell: ({ row }) => <span className="truncate text-xs">{targetsText(row.original.targets)}</span>,
    },
    { ...column('ip', 'workspaces.address', 130), cell: ({ row }) => row.original.ip ?? '' },
  ];
}
