import { and, type SQL, sql } from 'drizzle-orm';
import { type PgSelect, unionAll } from 'drizzle-orm/pg-core';
import {
  afterKeys,
  keyColumns,
  type ListKey,
  type ListWindow,
  orderByKeys,
  type PagePlan,
} from './list-page.ts';

/**
 * The keys of a list as named columns of a page read in two steps (the page's ids from the indexes, then the rows
 * of those ids): `k0…` the values, by which the statement orders the page's rows again, and `listKey0…` their
 * text, from which `listAnswer` writes the cursor.
 */
export function pageKeyFields(keys: readonly ListKey[]): Record<string, SQL.Aliased> {
  return {
    ...Object.fromEntries(keys.map(({ expr }, i) => [`k${i}`, sql`${expr}`.as(`k${i}`)])),
    ...Object.fromEntries(Object.entries(keyColumns(keys)).map(([name, column]) => [name, column.as(name)])),
  };
}

/**
 * The ids (with their key fields) of one page by number or after a cursor, as the subquery `page_ids`: by keyset
 * after the plan's kept boundary where nothing changed since it, else by OFFSET from the list's start (or after
 * the cursor). The database evaluates the change check once and runs one branch (docs/performance.md, "Page numbers
 * by keyset"). `from` is the list's select of its id and key fields with its joins; the WHERE, order and limits
 * are added here.
 */
export function pageIds<Q extends PgSelect>(
  plan: PagePlan,
  window: ListWindow,
  keys: readonly ListKey[],
  where: SQL,
  from: () => Q,
) {
  const read = (extra: SQL | null, skip: number) =>
    from()
      .where(extra ? and(where, extra) : where)
      .orderBy(...orderByKeys(keys))
      .limit(plan.limit)
      .offset(skip);
  if (!(plan.boundary && plan.fresh && plan.stale)) {
    return read(window.after ? afterKeys(keys, window.after) : null, plan.staleSkip).as('page_ids');
  }
  const fresh = read(and(afterKeys(keys, plan.boundary.values), plan.fresh)!, plan.freshSkip);
  // Both branches are the same select of the same fields; Drizzle cannot see that through the generic type.
  const union = unionAll(
    fresh as never,
    read(plan.stale, plan.staleSkip) as never,
  ) as unknown as typeof fresh;
  return union.as('page_ids');
}
