import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { TextKey } from '../../i18n/text-key.ts';

/** The row under the keyboard cursor and the selection a list page keeps, with the table props that follow them. */
export function useListCursor(selectable = true) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  return {
    activeId,
    selectedIds,
    setSelectedIds,
    props: {
      onActiveRowChange: setActiveId,
      ...(selectable ? { selection: { ids: selectedIds, onChange: setSelectedIds } } : {}),
    },
  };
}

/** A kebab-case page id as its texts' prefix: `p2p-accounts` → `p2pAccounts`. */
const textsOf = (id: string) => id.replace(/-([a-z0-9])/g, (_, next: string) => next.toUpperCase());

/**
 * The DataTable props every list page shares: its id, its label and empty text from the area's texts
 * (`<area>.title`, `<area>.empty`), the server list's sort and paging, and the cursor and selection. A page adds
 * only what differs (opening a row, bulk actions).
 */
export function listTableProps<T, Table extends object>(
  /** `useListPage(…)`: its `table` is the server list's sort and paging as table props. */
  page: { table: Table },
  id: string,
  t: TFunction,
  parts: {
    columns: ColumnDef<T, unknown>[];
    rows: readonly T[];
    getRowId(row: T): string;
    cursor: ReturnType<typeof useListCursor>;
  },
) {
  const texts = textsOf(id);
  return {
    id,
    label: t(`${texts}.title` as TextKey),
    emptyText: t(`${texts}.empty` as TextKey),
    columns: parts.columns,
    rows: parts.rows,
    getRowId: parts.getRowId,
    ...page.table,
    ...parts.cursor.props,
  };
}
