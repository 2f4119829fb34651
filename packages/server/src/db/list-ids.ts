import { type SQL, sql } from 'drizzle-orm';
import { keyColumns, type ListKey } from './list-page.ts';

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
