import { type SQL, sql } from 'drizzle-orm';

/** A LIKE pattern for "contains": `%`, `_` and `\` typed by the user match themselves. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `(1, 2, 3)` with each id bound as a parameter, for `… in` over an aliased column. */
export function idList(ids: readonly number[]): SQL {
  return sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}
