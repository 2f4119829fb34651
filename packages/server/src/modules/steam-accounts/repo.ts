import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { pageIds, pageKeyFields } from '../../db/list-ids.ts';
import {
  countMatches,
  type ListAnswer,
  type ListWindow,
  listAnswer,
  orderByKeys,
  pagePlan,
  pastCap,
} from '../../db/list-page.ts';
import { statementSnapshot } from '../../db/list-totals.ts';
import { proxies, steamAccounts, steamAccountTagLinks, steamAccountTags } from '../../db/schema.ts';
import { anyId, anyText, inSearchResult, likeContains } from '../../db/sql-fragments.ts';
import type { UserScope } from '../../security/user-scope.ts';
import {
  type AccountFilters,
  type AccountSortKey,
  accountKeys,
  accountViewColumns,
  accountViewColumnsWithTags,
  accountWhere,
  type StoredAccountView,
  toStoredView,
} from './account-list-sql.ts';
import { ProxyQueries } from './proxy-repo.ts';
import { TagQueries } from './tag-repo.ts';

export type { AccountFilters, AccountSortKey, StoredAccountView } from './account-list-sql.ts';

/** The encrypted columns of one account, opened by the services outside any transaction. */
export interface StoredSecrets {
  id: number;
  login: string;
  steamId: string | null;
  proxyId: number | null;
  passwordEnc: string;
  mafileEnc: string;
  refreshTokenEnc: string | null;
  refreshTokenExpiresAt: Date | null;
  hasSharedSecret: boolean;
  hasIdentitySecret: boolean;
  hasRevocationCode: boolean;
}

export interface NewAccountRow {
  id: number;
  login: string;
  steamId: string | null;
  avatarUri: string | null;
  proxyId: number | null;
  passwordEnc: string;
  mafileEnc: string;
  refreshTokenEnc: string | null;
  refreshTokenExpiresAt: Date | null;
  hasSharedSecret: boolean;
  hasIdentitySecret: boolean;
  hasRevocationCode: boolean;
  lastLoginAt: Date;
}

/** Every SQL statement of the Steam accounts area, run inside one user's scope (RLS plus explicit filters). */
export class SteamAccountsRepo {
  constructor(
    private readonly db: Db,
    private readonly scope: UserScope,
  ) {}

  /** Runs `work` in one transaction as the user (row-level security applies). */
  run<T>(userId: string, work: (q: AccountQueries) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new AccountQueries(tx, userId)));
  }

  /** The next account id, taken before the row exists so its secrets can be sealed to it (AAD names the row). */
  nextAccountId(): Promise<number> {
    return this.nextval('steam_accounts_id_seq');
  }

  private async nextval(sequence: 'steam_accounts_id_seq'): Promise<number> {
    const result = (await this.db.execute(sql`select nextval(${sequence})::int as id`)) as unknown as {
      rows: { id: number }[];
    };
    return Number(result.rows[0]!.id);
  }
}

class AccountQueries {
  readonly tags: TagQueries;
  readonly proxies: ProxyQueries;

  constructor(
    private readonly tx: Db,
    private readonly userId: string,
  ) {
    this.tags = new TagQueries(tx, userId);
    this.proxies = new ProxyQueries(tx, userId);
  }

  /**
   * One page of the list (OFFSET or keyset) with its capped total, then the page's tags. A page by number starts
   * from the nearest boundary kept for this filter and order, by keyset (db/list-page.ts `pagePlan`): the page's
   * ids are read first, then the columns of those ids only.
   */
  async query(
    filters: Partial<AccountFilters>,
    sort: { propertyName: AccountSortKey; isDescending: boolean }[],
    window: ListWindow,
  ): Promise<ListAnswer<StoredAccountView>> {
    const where = accountWhere(this.userId, filters);
    const keys = accountKeys(sort);
    const list = {
      list: 'steamAccounts',
      userId: this.userId,
      // The search matches an account by its proxy's address too, and the proxy sort reads the proxy's address.
      sources:
        filters.searchString?.trim() || sort.some((s) => s.propertyName === 'proxy')
          ? (['steam_accounts', 'steam_account_tag_links', 'proxies'] as const)
          : (['steam_accounts', 'steam_account_tag_links'] as const),
    };
    const plan = pagePlan(this.tx, window, keys, where, list);
    const keyFields = pageKeyFields(keys);
    const ids = pageIds(plan, window, keys, where, () =>
      this.tx
        .select({ pageId: sql<number>`${steamAccounts.id}`.as('page_id'), ...keyFields })
        .from(steamAccounts)
        .leftJoin(proxies, eq(proxies.id, steamAccounts.proxyId))
        .$dynamic(),
    );
    const read = await this.tx
      .select({
        ...accountViewColumns,
        ...Object.fromEntries(Object.keys(keyFields).map((name) => [name, ids[name as keyof typeof ids]])),
        pageSnapshot: statementSnapshot,
      })
      .from(steamAccounts)
      .innerJoin(ids, eq(steamAccounts.id, ids.pageId))
      .leftJoin(proxies, eq(proxies.id, steamAccounts.proxyId))
      .orderBy(
        ...orderByKeys(
          keys.map(({ descending }, i) => ({
            expr: sql`${sql.identifier('page_ids')}.${sql.identifier(`k${i}`)}`,
            descending,
          })),
        ),
      );
    const rows = read.slice(plan.leading ? 1 : 0);
    const more = plan.trailing && rows.length > window.pageSize;
    if (more) rows.pop();
    plan.remember(read, rows, read[0]?.pageSnapshot ?? null);
    const count =
      (plan.trailing ? pastCap(window, rows.length, more) : null) ??
      (await countMatches(this.tx, { table: steamAccounts, where }, window, rows.length, list));
    const tags = await this.tagsOf(rows.map((row) => row.id));
    return listAnswer(
      rows,
      (row) => toStoredView({ ...row, tags: tags.get(row.id) ?? [] }),
      window,
      keys,
      count,
    );
  }

  async views(ids: readonly number[]): Promise<StoredAccountView[]> {
    if (ids.length === 0) return [];
    const rows = await this.tx
      .select(accountViewColumnsWithTags)
      .from(steamAccounts)
      .leftJoin(proxies, eq(proxies.id, steamAccounts.proxyId))
      .where(and(eq(steamAccounts.userId, this.userId), anyId(steamAccounts.id, ids)))
      .orderBy(asc(steamAccounts.id));
    return rows.map(toStoredView);
  }

  async tagsOf(accountIds: readonly number[]): Promise<Map<number, { id: number; name: string }[]>> {
    const result = new Map<number, { id: number; name: string }[]>();
    if (accountIds.length === 0) return result;
    const rows = await this.tx
      .select({
        accountId: steamAccountTagLinks.accountId,
        id: steamAccountTags.id,
        name: steamAccountTags.name,
      })
      .from(steamAccountTagLinks)
      .innerJoin(steamAccountTags, eq(steamAccountTags.id, steamAccountTagLinks.tagId))
      .where(
        and(eq(steamAccountTagLinks.userId, this.userId), anyId(steamAccountTagLinks.accountId, accountIds)),
      )
      .orderBy(asc(sql`lower(${steamAccountTags.name})`));
    for (const row of rows) {
      const list = result.get(row.accountId) ?? [];
      list.push({ id: row.id, name: row.name });
      result.set(row.accountId, list);
    }
    return result;
  }

  async countersByStatus(): Promise<{ status: number; n: number }[]> {
    return this.tx
      .select({ status: steamAccounts.status, n: sql<number>`count(*)::int` })
      .from(steamAccounts)
      .where(eq(steamAccounts.userId, this.userId))
      .groupBy(steamAccounts.status);
  }

  /** Ids among `ids` that belong to the user. */
  async ownedIds(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.tx
      .select({ id: steamAccounts.id })
      .from(steamAccounts)
      .where(and(eq(steamAccounts.userId, this.userId), anyId(steamAccounts.id, ids)));
    return new Set(rows.map((row) => row.id));
  }

  async secrets(id: number): Promise<StoredSecrets | null> {
    const rows = await this.tx
      .select({
        id: steamAccounts.id,
        login: steamAccounts.login,
        steamId: steamAccounts.steamId,
        proxyId: steamAccounts.proxyId,
        passwordEnc: steamAccounts.passwordEnc,
        mafileEnc: steamAccounts.mafileEnc,
        refreshTokenEnc: steamAccounts.refreshTokenEnc,
        refreshTokenExpiresAt: steamAccounts.refreshTokenExpiresAt,
        hasSharedSecret: steamAccounts.hasSharedSecret,
        hasIdentitySecret: steamAccounts.hasIdentitySecret,
        hasRevocationCode: steamAccounts.hasRevocationCode,
      })
      .from(steamAccounts)
      .where(and(eq(steamAccounts.userId, this.userId), eq(steamAccounts.id, id)));
    return rows[0] ?? null;
  }

  /** Stored accounts among `logins`, by lower-cased login, with the sealed secrets a re-import compares. */
  async existingLogins(
    logins: readonly string[],
  ): Promise<Map<string, { id: number; passwordEnc: string; mafileEnc: string }>> {
    if (logins.length === 0) return new Map();
    const lowered = [...new Set(logins.map((login) => login.toLowerCase()))];
    const rows = await this.tx
      .select({
        login: sql<string>`lower(${steamAccounts.login})`,
        id: steamAccounts.id,
        passwordEnc: steamAccounts.passwordEnc,
        mafileEnc: steamAccounts.mafileEnc,
      })
      .from(steamAccounts)
      .where(
        and(eq(steamAccounts.userId, this.userId), anyText(sql`lower(${steamAccounts.login})`, lowered)),
      );
    return new Map(rows.map(({ login, ...stored }) => [login, stored]));
  }

  /** Accounts by login (case-insensitive) or SteamID, for `account:proxy` lines. */
  async findByLoginsOrSteamIds(
    keys: readonly string[],
  ): Promise<{ id: number; login: string; steamId: string | null }[]> {
    if (keys.length === 0) return [];
    const lowered = [...new Set(keys.map((key) => key.toLowerCase()))];
    return this.tx
      .select({ id: steamAccounts.id, login: steamAccounts.login, steamId: steamAccounts.steamId })
      .from(steamAccounts)
      .where(
        and(
          eq(steamAccounts.userId, this.userId),
          or(anyText(sql`lower(${steamAccounts.login})`, lowered), anyText(steamAccounts.steamId, lowered)),
        ),
      );
  }

  /** Inserts an account; false when the user already has this login (the unique index decides). */
  async insert(row: NewAccountRow): Promise<boolean> {
    const inserted = await this.tx
      .insert(steamAccounts)
      .values({ ...row, userId: this.userId, status: 0 })
      .onConflictDoNothing()
      .returning({ id: steamAccounts.id });
    return inserted.length === 1;
  }

  async remove(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.tx
      .delete(steamAccounts)
      .where(and(eq(steamAccounts.userId, this.userId), anyId(steamAccounts.id, ids)))
      .returning({ id: steamAccounts.id });
    return rows.map((row) => row.id);
  }

  async setProxy(ids: readonly number[], proxyId: number | null): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.tx
      .update(steamAccounts)
      .set({ proxyId })
      .where(and(eq(steamAccounts.userId, this.userId), anyId(steamAccounts.id, ids)))
      .returning({ id: steamAccounts.id });
    return rows.map((row) => row.id);
  }

  async updatePassword(id: number, passwordEnc: string): Promise<boolean> {
    const rows = await this.tx
      .update(steamAccounts)
      .set({ passwordEnc })
      .where(and(eq(steamAccounts.userId, this.userId), eq(steamAccounts.id, id)))
      .returning({ id: steamAccounts.id });
    return rows.length === 1;
  }

  async updateCredentials(
    id: number,
    values: {
      mafileEnc: string;
      passwordEnc?: string;
      steamId: string | null;
      hasSharedSecret: boolean;
      hasIdentitySecret: boolean;
      hasRevocationCode: boolean;
      refreshTokenEnc: string | null;
      refreshTokenExpiresAt: Date | null;
    },
  ): Promise<boolean> {
    const rows = await this.tx
      .update(steamAccounts)
      .set(values)
      .where(and(eq(steamAccounts.userId, this.userId), eq(steamAccounts.id, id)))
      .returning({ id: steamAccounts.id });
    return rows.length === 1;
  }

  /** For the global search: login or SteamID contains the text. */
  async search(
    text: string,
    limit: number,
  ): Promise<{ id: number; login: string; steamId: string | null }[]> {
    const pattern = likeContains(text);
    return this.tx
      .select({ id: steamAccounts.id, login: steamAccounts.login, steamId: steamAccounts.steamId })
      .from(steamAccounts)
      .where(
        and(
          eq(steamAccounts.userId, this.userId),
          // The indexed search finds candidates; the global search matches logins and SteamIDs only.
          inSearchResult(steamAccounts.id, 'steam_account_search_ids', pattern),
          or(sql`${steamAccounts.login} ilike ${pattern}`, sql`${steamAccounts.steamId} like ${pattern}`),
        ),
      )
      .orderBy(asc(sql`lower(${steamAccounts.login})`))
      .limit(limit);
  }
}
