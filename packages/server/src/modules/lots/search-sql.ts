import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { lots } from '../../db/schema.ts';
import { likeContains, rowsOf } from '../../db/sql-fragments.ts';

/**
 * The lots search box: "contains, any case" on the item name, or exactly an item id or an asset id.
 *
 * Row-level security lets no index serve `ilike` on the lots themselves (docs/performance.md, "Text search and
 * row-level security"), and a seller holds many lots of few items. So the user's distinct item names are walked
 * along `(user_id, market_hash_name)`, one index probe per name rather than a read of every lot, only those names
 * are tested with `ilike`, and the lots then match by name equality, which an index serves under the policies.
 * Everything runs as the restricted role under the policies, so only the user's own names and lots are read.
 */

/** What a search matched: the user's item names that contain the text, and the lots whose ids equal it. */
export interface SearchMatch {
  names: string[];
  ids: number[];
}

/** The user's item names that contain the text (any case), as an array. */
function namesContaining(userId: string, text: string): SQL {
  return sql`array(with recursive names(name) as (
      select min(n.market_hash_name) from lots n where n.user_id = ${userId}
      union all
      select (select n.market_hash_name from lots n
        where n.user_id = ${userId} and n.market_hash_name > names.name
        order by n.market_hash_name limit 1)
      from names where names.name is not null)
    select name from names where name ilike ${likeContains(text)})`;
}

/** The user's lots whose item id or asset id is the text (the latter through the unique (account, asset) index). */
function idsEqual(userId: string, text: string): SQL {
  return sql`array(select l.id from lots l where l.user_id = ${userId} and (l.item_id = ${text}
    or (l.seller_account_id = any(array(select s.id from seller_accounts s where s.user_id = ${userId}))
      and l.asset_id = ${text})))`;
}

/** Reads what a search matches once, so a page and its count test names and ids as plain values. */
export async function searchMatch(tx: Db, userId: string, text: string): Promise<SearchMatch> {
  const [row] = rowsOf<{ names: string[] | null; ids: number[] | null }>(
    await tx.execute(sql`select ${namesContaining(userId, text)} as names, ${idsEqual(userId, text)} as ids`),
  );
  return { names: row?.names ?? [], ids: (row?.ids ?? []).map(Number) };
}

/**
 * The search as a condition on lots: over a match read before (a list page), or as subqueries (the statements
 * that read a selection once).
 */
export function searchCondition(userId: string, text: string, found?: SearchMatch): SQL {
  if (!found)
    return sql`(${lots.marketHashName} = any(${namesContaining(userId, text)})
      or ${lots.id} = any(${idsEqual(userId, text)}))`;
  const parts: SQL[] = [];
  if (found.names.length > 0)
    parts.push(sql`${lots.marketHashName} = any(${sql.param(found.names)}::text[])`);
  if (found.ids.length > 0) parts.push(sql`${lots.id} = any(${sql.param(found.ids)}::int[])`);
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}
