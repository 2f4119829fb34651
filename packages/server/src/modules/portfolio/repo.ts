import type { PortfolioFilters, PortfolioGrouping, PortfolioSelection } from '@tradedeck/sdk/contract';
import { TRADE_PROTECTED_CONTEXT_ID } from '@tradedeck/sdk/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { FreshReads } from '../../db/fresh-reads.ts';
import {
  afterKeys,
  keyColumns,
  type ListAnswer,
  type ListFrom,
  type ListKey,
  type ListWindow,
  listAnswer,
  listTotal,
  orderByKeys,
} from '../../db/list-page.ts';
import { changedAfter, changedSince, type ListSource, snapshotOf } from '../../db/list-totals.ts';
import {
  portfolioItemGroups as groups,
  steamInventoryItems as items,
  lotPrices,
  steamInventoryScans as scans,
  steamAccounts,
  steamAccountTagLinks,
  steamAccountTags,
} from '../../db/schema.ts';
import { anyId, rowsOf } from '../../db/sql-fragments.ts';
import { limitedToTags } from '../../http/request-scope.ts';
import { APP_ROLE, type UserScope } from '../../security/user-scope.ts';
import { portfolioWhere, type ValuedNames } from './filter-sql.ts';
import { GroupQueries } from './groups-repo.ts';
import { HoldingQueries } from './holdings-repo.ts';
import { SaleQueries } from './sale-repo.ts';
import type {
  AccountGroupRow,
  AccountValueRow,
  AssetRow,
  ItemGroupRow,
  NamePrices,
  PortfolioSort,
  UnitValues,
} from './types.ts';

const SOURCES: readonly ListSource[] = ['steam_inventory_items', 'steam_account_tag_links'];

const isProtected = sql`${items.contextId} = ${TRADE_PROTECTED_CONTEXT_ID}`;
const count = sql<number>`sum(${items.amount})::int`;

/** Every SQL statement of the portfolio: reads over the inventory cache of all the user's accounts, and holdings. */
export class PortfolioRepo {
  readonly #changeChecks = new FreshReads<boolean>();

  constructor(
    private readonly scope: UserScope,
    /** The database as the server's own role, for the change log alone (`changedSince`). */
    private readonly db: Db,
  ) {}

  run<T>(userId: string, work: (q: PortfolioQueries, tx: Db) => Promise<T>): Promise<T> {
    const scoped = limitedToTags(userId);
    return this.scope.run(userId, (tx) => work(new PortfolioQueries(tx, userId, scoped), tx));
  }

  /** Whether the signed-in member is limited to tags in workspace `userId` (row-level security narrows what they read). */
  scoped(userId: string): boolean {
    return limitedToTags(userId);
  }

  /**
   * Whether a transaction `snapshot` did not see has written to these tables of the workspace since: one statement
   * on its own, without the workspace's transaction (its BEGIN, settings and COMMIT were most of a kept page's
   * answer on the embedded database). The change log holds no data of the workspace, only which tables were
   * written and by which transaction, and the statement names the workspace itself. Connected as the app role
   * itself, row-level security would hide every change: the answer is then "changed", and the page is read again.
   * Requests for one kept page at once share a check begun after each of them arrived (`FreshReads`).
   */
  changedSince(userId: string, snapshot: string, sources: readonly ListSource[]): Promise<boolean> {
    return this.#changeChecks.read(`${userId}\0${snapshot}\0${sources.join()}`, async () => {
      const changed = changedSince({ list: 'portfolio:page', userId, sources }, snapshot);
      const [row] = rowsOf<{ changed: boolean }>(
        await this.db.execute(sql`select current_user = ${APP_ROLE} or ${changed} as changed`),
      );
      return row?.changed !== false;
    });
  }
}

export class PortfolioQueries {
  readonly holdings: HoldingQueries;
  readonly groups: GroupQueries;
  readonly sale: SaleQueries;

  constructor(
    private readonly tx: Db,
    private readonly userId: string,
    /** A member limited to tags: the kept groups count accounts outside the scope, so the items answer. */
    readonly scoped = false,
  ) {
    this.holdings = new HoldingQueries(tx, userId);
    this.groups = new GroupQueries(tx, userId);
    this.sale = new SaleQueries(tx, userId);
  }

  /** The order of a page: the requested keys, then the grouping's unique key. */
  listKeys(by: PortfolioGrouping, sort: readonly PortfolioSort[]): ListKey[] {
    const byCount = sort.find((key) => key.propertyName === 'count');
    const counted: ListKey[] =
      byCount && by !== 'flat' ? [{ expr: count, descending: byCount.isDescending, notNull: true }] : [];
    switch (by) {
      case 'item':
        return [
          ...counted,
          { expr: items.marketHashName, descending: false },
          { expr: items.game, descending: false },
        ];
      case 'account':
        return [
          ...counted,
          { expr: steamAccounts.login, descending: false },
          { expr: items.accountId, descending: false },
        ];
      case 'flat':
        return [
          { expr: items.marketHashName, descending: false },
          { expr: items.game, descending: false },
          { expr: items.accountId, descending: false },
          { expr: items.contextId, descending: false },
          { expr: items.assetId, descending: false },
        ];
    }
  }

  /**
   * One page of item groups. Ordered by name, the groups come straight off the `(user, name, game, …)` index in
   * order and the aggregate stops at the page's end, however many items there are; the cursor is a row range on
   * the same index. Ordered by count, every group is counted first.
   */
  async itemPage(
    filters: PortfolioFilters,
    inRange: ValuedNames | null,
    keys: ListKey[],
    window: ListWindow,
  ): Promise<ListAnswer<ItemGroupRow>> {
    const where = portfolioWhere(this.userId, filters, inRange);
    const groupBy = [items.marketHashName, items.game];
    // The groups from the index's own columns (an index-only read where the table's pages are all visible); the
    // name, icon and tags of the page's 50 groups are read afterwards, one row each.
    const groups = this.tx
      .select({
        game: sql<string>`${items.game}`.as('game'),
        marketHashName: sql<string>`${items.marketHashName}`.as('market_hash_name'),
        count: sql<number>`${count}`.as('count'),
        accounts: sql<number>`count(distinct ${items.accountId})::int`.as('accounts'),
        tradableCount:
          sql<number>`coalesce(sum(${items.amount}) filter (where ${items.tradable}), 0)::int`.as(
            'tradable_count',
          ),
        protectedCount: sql<number>`coalesce(sum(${items.amount}) filter (where ${isProtected}), 0)::int`.as(
          'protected_count',
        ),
        protectedUntil: sql<string | null>`min(${items.protectedUntil})::text`.as('protected_until'),
        // The page's order, kept for the statement that reads the page's names.
        ord: sql<number>`row_number() over (order by ${sql.join(orderByKeys(keys), sql`, `)})`.as('ord'),
        ...Object.fromEntries(Object.entries(keyColumns(keys)).map(([name, expr]) => [name, expr.as(name)])),
      })
      .from(items)
      .where(where)
      .groupBy(...groupBy)
      .having(window.after ? afterKeys(keys, window.after) : undefined)
      .orderBy(...orderByKeys(keys))
      .limit(window.pageSize)
      .offset(window.offset);
    const page = sql.identifier('page');
    const statement = sql`with ${page} as (${groups})
      select ${page}.*, d.name, d.icon_url, d.exterior, d.rarity from ${page}
      left join lateral (select ${items.name} as name, ${items.iconUrl} as icon_url, ${items.exterior} as exterior,
          ${items.rarity} as rarity
        from ${items} where ${items.userId} = ${this.userId}
          and ${items.marketHashName} = ${page}.market_hash_name and ${items.game} = ${page}.game limit 1) d on true
      order by ${page}.ord`;
    const rows = rowsOf<Record<string, unknown>>(await this.tx.execute(statement));
    const total = await this.count('item', filters, { table: items, where, groupBy }, window, rows.length);
    return listAnswer(
      rows,
      (row): ItemGroupRow => ({
        game: row.game as string,
        marketHashName: row.market_hash_name as string,
        name: row.name as string,
        iconUrl: row.icon_url as string | null,
        exterior: row.exterior as string | null,
        rarity: row.rarity as string | null,
        count: Number(row.count),
        accounts: Number(row.accounts),
        tradableCount: Number(row.tradable_count),
        protectedCount: Number(row.protected_count),
        protectedUntil: row.protected_until as string | null,
      }),
      window,
      keys,
      total,
    );
  }

  /** One page of accounts with what they hold and how their inventories were last read. */
  async accountPage(
    filters: PortfolioFilters,
    inRange: ValuedNames | null,
    keys: ListKey[],
    window: ListWindow,
  ): Promise<ListAnswer<AccountGroupRow>> {
    const where = portfolioWhere(this.userId, filters, inRange);
    const groupBy = [items.accountId, steamAccounts.login];
    const lastScan = sql`(select max(${scans.scannedAt}) from ${scans} where ${scans.accountId} = ${items.accountId})`;
    const lastError = sql`(select ${scans.errorReason} from ${scans} where ${scans.accountId} = ${items.accountId}
      and ${scans.state} = 'failed' order by ${scans.attemptedAt} desc limit 1)`;
    const rows = await this.tx
      .select({
        accountId: items.accountId,
        login: steamAccounts.login,
        count,
        tradableCount: sql<number>`coalesce(sum(${items.amount}) filter (where ${items.tradable}), 0)::int`,
        protectedCount: sql<number>`coalesce(sum(${items.amount}) filter (where ${isProtected}), 0)::int`,
        lastScannedAt: sql<string | null>`${lastScan}::text`,
        lastErrorReason: sql<string | null>`${lastError}`,
        ...keyColumns(keys),
      })
      .from(items)
      .innerJoin(steamAccounts, eq(steamAccounts.id, items.accountId))
      .where(where)
      .groupBy(...groupBy)
      .having(window.after ? afterKeys(keys, window.after) : undefined)
      .orderBy(...orderByKeys(keys))
      .limit(window.pageSize)
      .offset(window.offset);
    const total = await this.count(
      'account',
      filters,
      { table: items, where, groupBy: [items.accountId] },
      window,
      rows.length,
    );
    return listAnswer(rows, (row) => row as AccountGroupRow, window, keys, total);
  }

  /** One page of single assets, in the index's order. */
  async assetPage(
    filters: PortfolioFilters,
    inRange: ValuedNames | null,
    keys: ListKey[],
    window: ListWindow,
  ): Promise<ListAnswer<AssetRow>> {
    const where = portfolioWhere(this.userId, filters, inRange);
    const rows = await this.assetRows(where, keys, window.after, window.pageSize, window.offset);
    const total = await this.count('flat', filters, { table: items, where }, window, rows.length);
    return listAnswer(rows, (row) => row as AssetRow, window, keys, total);
  }

  /** The next `limit` assets of an export after the key values `after` (flat order), selected ones only if given. */
  async exportRows(
    filters: PortfolioFilters,
    inRange: ValuedNames | null,
    selection: PortfolioSelection | undefined,
    after: (string | null)[] | null,
    limit: number,
  ): Promise<(AssetRow & Record<string, unknown>)[]> {
    const where = portfolioWhere(this.userId, filters, inRange, selection);
    return this.assetRows(where, this.listKeys('flat', []), after, limit, 0);
  }

  private assetRows(
    where: SQL,
    keys: ListKey[],
    after: (string | null)[] | null,
    limit: number,
    offset: number,
  ): Promise<(AssetRow & Record<string, unknown>)[]> {
    return this.tx
      .select({
        accountId: items.accountId,
        login: steamAccounts.login,
        game: items.game,
        appId: items.appId,
        contextId: items.contextId,
        assetId: items.assetId,
        classId: items.classId,
        instanceId: items.instanceId,
        marketHashName: items.marketHashName,
        name: items.name,
        iconUrl: items.iconUrl,
        exterior: items.exterior,
        rarity: items.rarity,
        tradable: items.tradable,
        tradableAfter: items.tradableAfter,
        protectedUntil: items.protectedUntil,
        ...keyColumns(keys),
      })
      .from(items)
      .innerJoin(steamAccounts, eq(steamAccounts.id, items.accountId))
      .where(after ? and(where, afterKeys(keys, after)) : where)
      .orderBy(...orderByKeys(keys))
      .limit(limit)
      .offset(offset);
  }

  /** The total of a page: counted, or kept from an earlier request while nothing it reads changed. */
  private count(
    by: PortfolioGrouping,
    filters: PortfolioFilters,
    from: ListFrom,
    window: ListWindow,
    rows: number,
  ) {
    return listTotal(this.tx, from, window, this.totals(by, filters)).count(rows);
  }

  /** The kept-totals key of a list: the "on sale" filter reads the lots as well. */
  private totals(by: PortfolioGrouping, filters: PortfolioFilters) {
    const sources: ListSource[] = filters.onSale ? [...SOURCES, 'lots'] : [...SOURCES];
    return { list: `portfolio:${by}`, userId: this.userId, sources };
  }

  /** The (game, name) pairs the filters match (what totals and a value range price). */
  async names(filters: PortfolioFilters): Promise<{ game: string; marketHashName: string }[]> {
    return this.tx
      .selectDistinct({ game: items.game, marketHashName: items.marketHashName })
      .from(items)
      .where(portfolioWhere(this.userId, filters, null));
  }

  /**
   * Every source's price of these items: the price profile's custom and TM (provider) prices, and the Steam
   * market's reference as the latest scan that carried one saw it (kept with the item's group, observed at that
   * account's scan).
   */
  async prices(names: readonly { game: string; marketHashName: string }[]): Promise<NamePrices[]> {
    if (names.length === 0) return [];
    const games = sql.param(names.map((name) => name.game));
    const hashNames = sql.param(names.map((name) => name.marketHashName));
    const wanted = sql`unnest(${games}::text[], ${hashNames}::text[]) as w(game, name)`;
    // The Steam reference: kept with the item's group; for a member limited to tags, from the latest scan of an
    // account in scope that carried one (the groups count every account).
    const steam = this.scoped
      ? sql`select ${items.priceAmount} as amount, ${items.priceCurrency} as currency, ${scans.scannedAt} as observed_at
        from ${items} join ${scans} on ${scans.accountId} = ${items.accountId} and ${scans.game} = ${items.game}
        where ${items.userId} = ${this.userId} and ${items.marketHashName} = w.name and ${items.game} = w.game
          and ${items.priceAmount} is not null and ${items.priceCurrency} is not null
          and ${scans.scannedAt} is not null
        order by ${scans.scannedAt} desc limit 1`
      : sql`select ${groups.steamPriceAmount} as amount, ${groups.steamPriceCurrency} as currency,
          ${scans.scannedAt} as observed_at
        from ${groups} join ${scans} on ${scans.accountId} = ${groups.steamPriceAccountId}
          and ${scans.game} = ${groups.game}
        where ${groups.userId} = ${this.userId} and ${groups.slice} = 'all' and ${groups.marketHashName} = w.name
          and ${groups.game} = w.game and ${groups.steamPriceAmount} is not null
          and ${scans.scannedAt} is not null`;
    const statement = sql`
      select w.game, w.name,
        p.custom_price::text as custom_amount, p.custom_currency, p.custom_at::text as custom_at,
        p.providers, s.amount::text as steam_amount, s.currency as steam_currency, s.observed_at::text as steam_at
      from ${wanted}
      left join lateral (select ${lotPrices.customPrice} as custom_price, ${lotPrices.customCurrency} as custom_currency,
          ${lotPrices.customUpdatedAt} as custom_at, ${lotPrices.providers} as providers
        from ${lotPrices} where ${lotPrices.userId} = ${this.userId} and ${lotPrices.game} = w.game
          and ${lotPrices.marketHashName} = w.name) p on true
      left join lateral (${steam}) s on true`;
    return rowsOf<NamePrices>(await this.tx.execute(statement));
  }

  /** Sums of the matching items valued at `values` (per account and game), and the items counted each way. */
  async valueByAccount(filters: PortfolioFilters, values: UnitValues): Promise<AccountValueRow[]> {
    const where = portfolioWhere(this.userId, filters, null);
    const statement = sql`
      with v as (select * from unnest(${sql.param(values.games)}::text[], ${sql.param(values.names)}::text[],
        ${sql.param(values.amounts)}::bigint[], ${sql.param(values.counted)}::boolean[],
        ${sql.param(values.stale)}::boolean[]) as v(game, name, amount, counted, stale))
      select ${items.accountId} as account_id, ${steamAccounts.login} as login, ${items.game} as game,
        coalesce(sum(${items.amount} * v.amount) filter (where v.counted), 0)::text as value,
        coalesce(sum(${items.amount}) filter (where v.counted), 0)::int as items,
        coalesce(sum(${items.amount}) filter (where v.name is null), 0)::int as unpriced,
        coalesce(sum(${items.amount}) filter (where v.stale), 0)::int as stale,
        coalesce(sum(${items.amount}) filter (where not v.counted), 0)::int as outliers
      from ${items}
      join ${steamAccounts} on ${steamAccounts.id} = ${items.accountId}
      left join v on v.game = ${items.game} and v.name = ${items.marketHashName}
      where ${where}
      group by ${items.accountId}, ${steamAccounts.login}, ${items.game}`;
    return rowsOf<AccountValueRow>(await this.tx.execute(statement));
  }

  /** The snapshot a kept page is read in, or null once this transaction has written. */
  snapshot(): Promise<string | null> {
    return snapshotOf(this.tx);
  }

  /** Whether a transaction `snapshot` did not see has written to these tables of the workspace since. */
  changedSince(snapshot: string, sources: readonly ListSource[]): Promise<boolean> {
    return changedAfter(this.tx, { list: 'portfolio:page', userId: this.userId, sources }, snapshot);
  }

  /** Which of `ids` are the user's accounts. */
  async ownedAccounts(ids: readonly number[]): Promise<number> {
    const rows = await this.tx
      .select({ id: steamAccounts.id })
      .from(steamAccounts)
      .where(and(eq(steamAccounts.userId, this.userId), anyId(steamAccounts.id, [...new Set(ids)])));
    return rows.length;
  }

  /** Which of `ids` are the user's account tags. */
  async ownedTags(ids: readonly number[]): Promise<number> {
    const rows = await this.tx
      .select({ id: steamAccountTags.id })
      .from(steamAccountTags)
      .where(and(eq(steamAccountTags.userId, this.userId), anyId(steamAccountTags.id, [...new Set(ids)])));
    return rows.length;
  }

  /** The tags of the user's accounts. */
  async accountTags(): Promise<{ accountId: number; tagId: number; name: string }[]> {
    return this.tx
      .select({
        accountId: steamAccountTagLinks.accountId,
        tagId: steamAccountTags.id,
        name: steamAccountTags.name,
      })
      .from(steamAccountTagLinks)
      .innerJoin(steamAccountTags, eq(steamAccountTags.id, steamAccountTagLinks.tagId))
      .where(eq(steamAccountTagLinks.userId, this.userId));
  }
}
