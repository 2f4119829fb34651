import type { SteamAccountRow, steamAccountFiltersSchema } from '@tradedeck/sdk/contract';
import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListKey } from '../../db/list-page.ts';
import { proxies, steamAccounts, steamAccountTagLinks, steamAccountTags } from '../../db/schema.ts';
import { idList, inSearchResult, likeContains } from '../../db/sql-fragments.ts';

export type AccountFilters = z.output<typeof steamAccountFiltersSchema>;
export type AccountSortKey =
  | 'id'
  | 'login'
  | 'steamId'
  | 'accountStatus'
  | 'proxy'
  | 'createdAt'
  | 'lastLoginAt';

/** An account row as the lists show it, before its texts are put in the request's language. */
export type StoredAccountView = Omit<SteamAccountRow, 'lastError' | 'createdAt' | 'lastLoginAt'> & {
  createdAt: Date;
  lastLoginAt: Date | null;
  lastErrorReason: string | null;
};

/** The keys of each sort property; the login's lower case is never null (the other keys are plain columns). */
const SORT_KEYS: Record<AccountSortKey, Omit<ListKey, 'descending'>[]> = {
  id: [{ expr: steamAccounts.id }],
  login: [{ expr: sql`lower(${steamAccounts.login})`, notNull: true }],
  steamId: [{ expr: steamAccounts.steamId }],
  accountStatus: [{ expr: steamAccounts.status }],
  // Left-joined: an account without a proxy has nulls here.
  proxy: [
    { expr: proxies.host, notNull: false },
    { expr: proxies.port, notNull: false },
  ],
  createdAt: [{ expr: steamAccounts.createdAt }],
  lastLoginAt: [{ expr: steamAccounts.lastLoginAt }],
};

/** The list row's id inside a correlated subquery (Drizzle leaves columns of one-table queries unqualified). */
const OUTER_ACCOUNT_ID = sql`${sql.identifier('steam_accounts')}.${sql.identifier('id')}`;

/** The account's tags as a JSON array sorted by name, read per row of the page only (Postgres postpones it). */
const tagsJson = sql<{ id: number; name: string }[]>`(
  select coalesce(json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name), t.id), '[]'::json)
  from ${steamAccountTagLinks} l join ${steamAccountTags} t on t.id = l.tag_id where l.account_id = ${OUTER_ACCOUNT_ID})`;

/** The columns of a list row; select them from steam_accounts left-joined to proxies. */
export const accountViewColumns = {
  id: steamAccounts.id,
  login: steamAccounts.login,
  steamId: steamAccounts.steamId,
  avatarUri: steamAccounts.avatarUri,
  proxyId: steamAccounts.proxyId,
  proxyHost: proxies.host,
  proxyPort: proxies.port,
  balances: steamAccounts.balances,
  accountStatus: steamAccounts.status,
  createdAt: steamAccounts.createdAt,
  lastLoginAt: steamAccounts.lastLoginAt,
  lastErrorReason: steamAccounts.lastErrorReason,
};

/**
 * The list row columns with the account's tags. Only for statements without OFFSET: Postgres computes the tags
 * for every row an OFFSET skips too, so a page reads them for its own ids in a second statement.
 */
export const accountViewColumnsWithTags = { ...accountViewColumns, tags: tagsJson };

export interface RawAccountView {
  id: number;
  login: string;
  steamId: string | null;
  avatarUri: string | null;
  proxyId: number | null;
  proxyHost: string | null;
  proxyPort: number | null;
  balances: unknown;
  accountStatus: number;
  createdAt: Date;
  lastLoginAt: Date | null;
  lastErrorReason: string | null;
  tags?: { id: number; name: string }[] | null;
}

export function toStoredView(row: RawAccountView): StoredAccountView {
  return {
    id: row.id,
    login: row.login,
    steamId: row.steamId,
    avatarUri: row.avatarUri,
    proxyId: row.proxyId,
    proxy:
      row.proxyHost !== null && row.proxyPort !== null
        ? { address: row.proxyHost, port: row.proxyPort }
        : null,
    tags: (row.tags ?? []).map((tag) => ({ id: Number(tag.id), name: tag.name })),
    balances: (row.balances as StoredAccountView['balances']) ?? [],
    accountStatus: row.accountStatus as StoredAccountView['accountStatus'],
    createdAt: row.createdAt,
    lastLoginAt: row.lastLoginAt,
    lastErrorReason: row.lastErrorReason,
  };
}

/**
 * The list filters over steam_accounts alone (no join needed), so the count can read the table by itself. The
 * search matches the login, the SteamID or the address of the account's proxy; each part can use its own index.
 */
export function accountWhere(userId: string, filters: Partial<AccountFilters>): SQL {
  const conditions: (SQL | undefined)[] = [eq(steamAccounts.userId, userId)];
  const withTags = filters.withTagIds ?? [];
  if (withTags.length > 0)
    conditions.push(
      sql`exists (select 1 from ${steamAccountTagLinks} l where l.account_id = ${OUTER_ACCOUNT_ID} and l.tag_id in ${idList(withTags)})`,
    );
  const exceptTags = filters.exceptTagIds ?? [];
  if (exceptTags.length > 0)
    conditions.push(
      sql`not exists (select 1 from ${steamAccountTagLinks} l where l.account_id = ${OUTER_ACCOUNT_ID} and l.tag_id in ${idList(exceptTags)})`,
    );
  if (filters.hasProxy === true) conditions.push(isNotNull(steamAccounts.proxyId));
  if (filters.hasProxy === false) conditions.push(isNull(steamAccounts.proxyId));
  const search = filters.searchString?.trim();
  if (search) {
    // Served by trigram indexes through a function that applies the user's predicate itself (0026).
    conditions.push(inSearchResult(steamAccounts.id, 'steam_account_search_ids', likeContains(search)));
  }
  if ((filters.withStatus ?? []).length > 0)
    conditions.push(inArray(steamAccounts.status, filters.withStatus!));
  if ((filters.exceptStatus ?? []).length > 0)
    conditions.push(sql`not ${inArray(steamAccounts.status, filters.exceptStatus!)}`);
  return and(...conditions)!;
}

/** The order of a list: the chosen sort (newest first by default), the id last so pages never overlap. */
export function accountKeys(sort: { propertyName: AccountSortKey; isDescending: boolean }[]): ListKey[] {
  const keys: ListKey[] = [];
  for (const item of sort.length > 0 ? sort : [{ propertyName: 'createdAt' as const, isDescending: true }]) {
    for (const key of SORT_KEYS[item.propertyName]) keys.push({ ...key, descending: item.isDescending });
  }
  keys.push({ expr: steamAccounts.id, descending: sort.length === 0 || sort.at(-1)!.isDescending });
  return keys;
}
