/**
 * A copy of one workspace's rows in another, written straight to the tables, so two readers of a list benchmark
 * read the same rows side by side in one table (docs/workspaces.md, "Benchmark").
 */

import type { Db } from '../src/db/database.ts';

/** A table to copy, and which of its columns name rows of tables copied before it. */
export interface CopiedTable {
  table: string;
  references?: Record<string, string>;
}

/** The proxies list's rows: proxies, their tags and links, the accounts that use them. */
export const PROXY_TABLES: readonly CopiedTable[] = [
  { table: 'proxies' },
  { table: 'proxy_tags' },
  { table: 'proxy_tag_links', references: { proxy_id: 'proxies', tag_id: 'proxy_tags' } },
  { table: 'steam_accounts', references: { proxy_id: 'proxies' } },
];

/** The accounts list's rows: the proxies' as above, then the accounts' tags and links. */
export const ACCOUNT_TABLES: readonly CopiedTable[] = [
  ...PROXY_TABLES,
  { table: 'steam_account_tags' },
  {
    table: 'steam_account_tag_links',
    references: { account_id: 'steam_accounts', tag_id: 'steam_account_tags' },
  },
];

/** The n-th row (by id) of `table` in `from` paired with the n-th in `to`: a copy's ids, mapped by row order. */
function idPairs(table: string, from: string, to: string): string {
  const numbered = (workspace: string) =>
    `select id, row_number() over (order by id) as n from ${table} where user_id = '${workspace}'`;
  return `(select o.id as old_id, c.id as new_id from (${numbered(from)}) o join (${numbered(to)}) c using (n))`;
}

async function copiedColumns(db: Db, table: string): Promise<string[]> {
  // The row's own id comes from its sequence, its workspace is the copy's, and its tag ids are kept by the tag
  // links' triggers as the copied links arrive.
  const result = (await db.execute(`select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = '${table}' and is_generated = 'NEVER'
      and column_name not in ('id', 'user_id', 'tag_ids') order by ordinal_position`)) as unknown as {
    rows: Array<{ column_name: string }>;
  };
  return result.rows.map((row) => row.column_name);
}

/**
 * Copies `from`'s rows of `tables` (in order: a table after those its columns reference) into `to`, each
 * reference pointing at the copy of the row it named.
 */
export async function copyWorkspaceRows(
  db: Db,
  from: string,
  to: string,
  tables: readonly CopiedTable[],
): Promise<void> {
  for (const { table, references = {} } of tables) {
    const columns = await copiedColumns(db, table);
    const joins = Object.entries(references).map(
      ([column, target], i) => `left join ${idPairs(target, from, to)} m${i} on m${i}.old_id = s.${column}`,
    );
    const values = columns.map((column) => {
      const i = Object.keys(references).indexOf(column);
      return i < 0 ? `s.${column}` : `m${i}.new_id`;
    });
    const order = columns.length > 0 && (await hasId(db, table)) ? 'order by s.id' : '';
    await db.execute(`insert into ${table} (user_id, ${columns.join(', ')})
      select '${to}', ${values.join(', ')} from ${table} s ${joins.join(' ')}
      where s.user_id = '${from}' ${order}`);
  }
}

async function hasId(db: Db, table: string): Promise<boolean> {
  const result = (await db.execute(`select 1 from information_schema.columns
    where table_schema = current_schema() and table_name = '${table}' and column_name = 'id'`)) as unknown as {
    rows: unknown[];
  };
  return result.rows.length > 0;
}

/** The copy's ids of the given rows of `from`, in the same order. */
export async function copiedIds(
  db: Db,
  table: string,
  from: string,
  to: string,
  ids: readonly (number | string)[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const result = (await db.execute(`select p.old_id::text as old_id, p.new_id::text as new_id
    from ${idPairs(table, from, to)} p where p.old_id in (${ids.join(', ')})`)) as unknown as {
    rows: Array<{ old_id: string; new_id: string }>;
  };
  const copies = new Map(result.rows.map((row) => [row.old_id, row.new_id]));
  return ids.map((id) => copies.get(String(id)) ?? '0');
}
