import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** A LIKE pattern for "contains": `%`, `_` and `\` typed by the user match themselves. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The ids as one array parameter, for `… in` over an aliased column (however many ids there are). */
export function idList(ids: readonly number[]): SQL {
  return sql`(select unnest(${sql.param([...ids])}::int[]))`;
}

/** `column = any($ids)`: one array parameter however many ids there are (a list of 65,536 would overflow). */
export function anyId(column: SQLWrapper, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::int[])`;
}

/**
 * `column in` the ids a list's search function (0026) returns for a "contains" pattern. The function runs once per
 * statement, gathered into an array: written as `in (select f(…))`, a planner that expects one outer row (a table
 * not yet analyzed, as the embedded database's always are) joins it in a nested loop and runs the search again for
 * every row, 150 accounts taking 4 s instead of 30 ms.
 */
export function inSearchResult(
  column: SQLWrapper,
  search: 'proxy_search_ids' | 'steam_account_search_ids',
  pattern: string,
): SQL {
  return sql`${column} in (select unnest(array(select ${sql.raw(search)}(${pattern}))))`;
}

/** `column = any($values)` over text, one array parameter. */
export function anyText(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...values])}::text[])`;
}

/** The rows of a raw `execute`: node-postgres and PGlite answer `{ rows }`, drizzle may hand back the array itself. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
