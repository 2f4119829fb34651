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

/** `column = any($values)` over text, one array parameter. */
export function anyText(column: SQLWrapper, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...values])}::text[])`;
}

/** The rows of a raw `execute`: node-postgres and PGlite answer `{ rows }`, drizzle may hand back the array itself. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
