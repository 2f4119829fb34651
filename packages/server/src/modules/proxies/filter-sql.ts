import type { proxyFiltersSchema } from '@tradedeck/sdk/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { proxies, proxyTagLinks, steamAccounts } from '../../db/schema.ts';
import { inSearchResult, likeContains } from '../../db/sql-fragments.ts';

export type ProxyFilters = z.output<typeof proxyFiltersSchema>;

/** The proxy row's id inside a correlated subquery (Drizzle leaves columns of one-table queries unqualified). */
const OUTER_PROXY_ID = sql`${sql.identifier('proxies')}.${sql.identifier('id')}`;

/**
 * The status a proxy shows. The `status` column holds what the last check said (0 no-check, 1 idle, 3 invalid,
 * 4 expired); "in use" (2) is derived from Steam accounts that point at the proxy, so it is right the moment an
 * account is assigned or freed, whichever module does it. A failed check (3, 4) shows over use. A stored 2 on a proxy no account uses reads as idle.
 */
export function proxyStatusSql(userId: string): SQL<number> {
  return sql<number>`(case when ${proxies.status} in (3, 4) then ${proxies.status} when ${proxies.id} in (select a.proxy_id from ${steamAccounts} a where a.user_id = ${userId} and a.proxy_id is not null) then 2 when ${proxies.status} = 2 then 1 else ${proxies.status} end)::int`;
}

/** `proxyStatusSql` for a row at hand: its stored status and whether a Steam account uses it. */
export function shownStatus(stored: number, used: boolean): number {
  if (stored === 3 || stored === 4) return stored;
  if (used) return 2;
  return stored === 2 ? 1 : stored;
}

/**
 * The WHERE condition of "the user's proxies matching these filters" over the `proxies` table, shared by query,
 * export, counters and checks of a selection. Tags: `withTagIds` keeps proxies carrying ANY of the tags,
 * `exceptTagIds` drops proxies carrying any of them. `country` `--` selects proxies of unknown country.
 * `searchString` matches host, name or login as a case-insensitive substring.
 */
export function proxyFilterWhere(
  userId: string,
  filters: Partial<ProxyFilters> = {},
  options: { walkSearch?: boolean } = {},
): SQL {
  const conditions: (SQL | undefined)[] = [eq(proxies.userId, userId)];
  const withTags = filters.withTagIds ?? [];
  if (withTags.length > 0) {
    conditions.push(sql`exists (select 1 from ${proxyTagLinks} l where ${tagLinkOf(userId, withTags)})`);
  }
  const exceptTags = filters.exceptTagIds ?? [];
  if (exceptTags.length > 0) {
    conditions.push(
      sql`not exists (select 1 from ${proxyTagLinks} l where ${tagLinkOf(userId, exceptTags)})`,
    );
  }
  if (filters.country) {
    conditions.push(
      filters.country === '--' ? isNull(proxies.countryCode) : eq(proxies.countryCode, filters.country),
    );
  }
  const search = filters.searchString?.trim();
  if (search) conditions.push(proxySearch(search, options.walkSearch === true));
  const statuses = filters.withStatus ?? [];
  if (statuses.length > 0) conditions.push(proxyStatusIn(userId, statuses));
  return and(...conditions)!;
}

/**
 * A search with a word of three characters holding a letter, or of four digits, has trigrams that narrow the rows:
 * a trigram index serves it through a function that applies the user's predicate itself (0026). A search of an
 * address's digits and dots ("10.1.", "127.0.") has only the trigrams of octets, which a farm's proxies share by
 * the thousand, so the index would hand over most of the user's rows to be tested anyway, all of them before the
 * first page: then the page and the capped count test the user's rows in the list's own order and stop at the
 * page's end or the cap (`walk`, also chosen for the page of a search known to match many rows,
 * `searchWalksOrder`). See docs/performance.md, "Text search".
 */
function proxySearch(search: string, walk: boolean): SQL {
  const pattern = likeContains(search);
  if (!walk && narrowsByTrigrams(search)) return inSearchResult(proxies.id, 'proxy_search_ids', pattern);
  // The planner takes a substring of an address for rare (2 rows of 28,416 for "10.0.1"), so it read every row
  // and sorted the matches instead of walking the list's index to the page's end. Behind `coalesce` (the same
  // condition: a null fails a WHERE either way) it takes its default of one row in two, and walks.
  return sql`coalesce(${proxies.host} ilike ${pattern} or ${proxies.name} ilike ${pattern} or ${proxies.username} ilike ${pattern}, false)`;
}

/**
 * Matches from which a search's page walks the list's order rather than asking the trigram index: the index
 * hands over every match before the page (7,409 for "user1" at 100,000 proxies: 60 ms on the embedded database),
 * while a walk tests rows only to the page's end.
 */
export const DENSE_SEARCH_MATCHES = 2_000;

/**
 * Whether the page of this search walks the list's order: its words narrow by trigrams, and the total counted
 * before for the same filter (`keptMatches`, however old: it only chooses the plan) says the matches are many.
 */
export function searchWalksOrder(filters: Partial<ProxyFilters>, keptMatches: number | undefined): boolean {
  const search = filters.searchString?.trim();
  return !!search && narrowsByTrigrams(search) && (keptMatches ?? 0) >= DENSE_SEARCH_MATCHES;
}

/** Whether a search holds a word pg_trgm takes a telling trigram from: three characters with a letter, or four digits. */
export function narrowsByTrigrams(search: string): boolean {
  const words = search.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.some((word) => (word.length >= 3 && /\p{L}/u.test(word)) || word.length >= 4);
}

/**
 * "The row's proxy carries one of these tags", as conditions on the links `l`. The user's own links (the policy's
 * predicate, written out so the (tag_id, proxy_id, user_id) index answers it alone), and one tag as an equality,
 * which reads the index in proxy order and lets Postgres merge it with the proxies' own order.
 */
function tagLinkOf(userId: string, tagIds: readonly number[]): SQL {
  const tags =
    tagIds.length === 1
      ? sql`l.tag_id = ${tagIds[0]}`
      : sql`l.tag_id = any(${sql.param([...tagIds])}::int[])`;
  return sql`l.proxy_id = ${OUTER_PROXY_ID} and l.user_id = ${userId} and ${tags}`;
}

/**
 * "The status a proxy shows is one of these", written over the stored column (so the (user_id, status) index
 * serves it) and the user's accounts by proxy, rather than over the derived expression, which every row would
 * have to compute.
 */
function proxyStatusIn(userId: string, statuses: readonly number[]): SQL {
  const used = sql`${proxies.id} in (select a.proxy_id from ${steamAccounts} a where a.user_id = ${userId} and a.proxy_id is not null)`;
  const wanted = new Set(statuses);
  const stored = [...wanted].filter((s) => s === 3 || s === 4);
  const branches: SQL[] = [];
  if (stored.length > 0)
    branches.push(
      sql`${proxies.status} in (${sql.join(
        stored.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (wanted.has(2)) branches.push(sql`(${proxies.status} not in (3, 4) and ${used})`);
  // Idle: stored idle, or a stored "in use" no account uses any more; never-checked likewise, when unused.
  const unused = [...(wanted.has(1) ? [1, 2] : []), ...(wanted.has(0) ? [0] : [])];
  if (unused.length > 0)
    branches.push(
      sql`(${proxies.status} in (${sql.join(
        unused.map((s) => sql`${s}`),
        sql`, `,
      )}) and not ${used})`,
    );
  return branches.length === 0 ? sql`false` : sql`(${sql.join(branches, sql` or `)})`;
}
