import { and, type SQL, sql } from 'drizzle-orm';
import { type PgSelect, unionAll } from 'drizzle-orm/pg-core';
import {
  type KeyRange,
  keyColumns,
  keyRanges,
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
  // One select per stretch of the order (keyRanges), each an index range up to the page's end, merged in the
  // list's order.
  const read = (
    after: readonly (string | null)[] | null,
    extra: SQL | null,
    skip: number,
    inclusive = false,
  ) => {
    const ranges = keyRanges(keys, after, inclusive);
    const select = (range: KeyRange, limit: number, gate?: SQL) =>
      from()
        .where(and(where, extra ?? undefined, range.where ?? undefined, gate))
        .orderBy(...orderByKeys(range.keys))
        .limit(limit);
    const [only, ...others] = ranges;
    if (!only) throw new Error('A list order has no keys');
    if (others.length === 0) return select(only, plan.limit).offset(skip);
    const named = keys.map(({ descending }, i) => ({ expr: sql.identifier(`k${i}`), descending }));
    const reach = skip + plan.limit;
    // A merge starts by reading the first row of every stretch, so a later stretch with no match among many rows
    // (failed proxies among the never-checked) was walked whole for every page. It is read only when the first
    // stretch ends before the page does: the database evaluates that once and skips the later scans otherwise.
    const firstEndsEarly = sql`(select count(*) from (${select(only, reach)}) as first_stretch) < ${reach}`;
    const parts = ranges.map((range, i) => select(range, reach, i === 0 ? undefined : firstEndsEarly));
    // Every stretch is the same select of the same fields; Drizzle cannot see that through the generic type.
    return (unionAll as unknown as (...q: Q[]) => Q)(...(parts as unknown as Q[]))
      .orderBy(...orderByKeys(named))
      .limit(plan.limit)
      .offset(skip);
  };
  if (!(plan.boundary && plan.fresh && plan.stale)) {
    return read(window.after, null, plan.staleSkip).as('page_ids');
  }
  const fresh = read(plan.boundary.values, plan.fresh, plan.freshSkip, plan.boundary.inclusive);
  // Both branches are the same select of the same fields; Drizzle cannot see that through the generic type.
  const union = unionAll(
    fresh as never,
    read(null, plan.stale, plan.staleSkip) as never,
  ) as unknown as typeof fresh;
  return union.as('page_ids');
}
