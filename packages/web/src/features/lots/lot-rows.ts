/**
 * The lots table's rows: one row per group (the same item across accounts) and, under an expanded group, one row
 * per child order. Row ids keep the kinds apart (`g:<key>`, `l:<id>`), so a selection can hold both and becomes
 * the `LotSelection` the server takes (ids and group keys).
 */
import type { LotGroup, LotRow, LotSelection } from '@tradedeck/sdk/contract';
import type { Currency } from '@tradedeck/sdk/domain';

export type LotTableRow =
  | { kind: 'group'; id: string; group: LotGroup; expanded: boolean }
  | { kind: 'lot'; id: string; lot: LotRow; groupKey: string };

export const groupRowId = (key: string) => `g:${key}`;
export const lotRowId = (id: number) => `l:${id}`;

export function tableRows(groups: readonly LotGroup[], expanded: ReadonlySet<string>): LotTableRow[] {
  const rows: LotTableRow[] = [];
  for (const group of groups) {
    const open = expanded.has(group.key);
    rows.push({ kind: 'group', id: groupRowId(group.key), group, expanded: open });
    if (!open) continue;
    for (const lot of group.children)
      rows.push({ kind: 'lot', id: lotRowId(lot.id), lot, groupKey: group.key });
  }
  return rows;
}

/** The server's selection for table row ids; null when nothing is chosen. */
export function selectionOf(rowIds: readonly string[]): LotSelection | null {
  const ids = rowIds.filter((id) => id.startsWith('l:')).map((id) => Number(id.slice(2)));
  const groupKeys = rowIds.filter((id) => id.startsWith('g:')).map((id) => id.slice(2));
  if (ids.length === 0 && groupKeys.length === 0) return null;
  return { ...(ids.length > 0 ? { ids } : {}), ...(groupKeys.length > 0 ? { groupKeys } : {}) };
}

/** How many lots the rows stand for: a group counts its lots, a child lot once unless its group is chosen too. */
export function lotsIn(rows: readonly LotTableRow[]): number {
  const groups = new Set(rows.filter((row) => row.kind === 'group').map((row) => row.group.key));
  return rows.reduce((sum, row) => {
    if (row.kind === 'group') return sum + row.group.lotsCount;
    return groups.has(row.groupKey) ? sum : sum + 1;
  }, 0);
}

/** The currency the dialogs read amounts in: the first chosen lot's (its account's market currency). */
export function currencyOf(rows: readonly LotTableRow[], fallback: Currency): Currency {
  for (const row of rows) {
    if (row.kind === 'lot') return row.lot.currency;
    const child = row.group.children[0];
    if (child) return child.currency;
    const lowest = row.group.lowestPrice[0];
    if (lowest) return lowest.currency;
  }
  return fallback;
}
