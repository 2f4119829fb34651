import type { LotFilters } from '@tradedeck/sdk/contract';
import { and, asc, desc, eq, getTableColumns, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { pageKeyFields } from '../../db/list-ids.ts';
import {
  afterKeys,
  type ListAnswer,
  type ListKey,
  type ListWindow,
  listAnswer,
  listTotal,
  orderByKeys,
} from '../../db/list-page.ts';
import { lotRepriceJobs, lotRepricers, lots, sellerAccounts, steamAccounts } from '../../db/schema.ts';
import { anyId, anyText, rowsOf } from '../../db/sql-fragments.ts';
import type { UserScope } from '../../security/user-scope.ts';
import { BatchQueries, interruptedJobs } from './batch-repo.ts';
import { DelistQueries, pendingDelists } from './delist-repo.ts';
import { LOT_PAGE_COLUMNS, type LotListItem, type LotPageRow, lotListItemOf } from './page-repo.ts';
import { patchLots } from './patch-sql.ts';
import { PriceQueries } from './price-repo.ts';
import { type RepriceRead, repriceReadOf } from './reprice-read.ts';
import { SaleQueries } from './sale-repo.ts';
import { type SearchMatch, searchCondition, searchMatch } from './search-sql.ts';
import type {
  GroupAggregate,
  LotAccount,
  LotDbRow,
  LotGroupSort,
  LotPatch,
  LotPick,
  LotSort,
  LotView,
  NewLot,
  RepriceJobDbRow,
  RepriceJobHead,
} from './types.ts';

const { items: _items, ...JOB_HEAD_COLUMNS } = getTableColumns(lotRepriceJobs);

const NEXT_WRITE = sql`nextval('lot_write_seq')`;

/**
 * One value as an equality, several as `= any(…)`: an index on (user, column, …, id) then reads a filter of one
 * value in id order, which Postgres does not do for `= any` of a non-leading column.
 */
function oneOrAny(column: SQLWrapper, values: readonly (string | number)[], type: 'int' | 'text'): SQL {
  if (values.length === 1) return sql`${column} = ${values[0]}`;
  return sql`${column} = any(${sql.param([...values])}::${sql.raw(type)}[])`;
}

const groupKeyOf = sql<string>`${lots.game} || ':' || ${lots.marketHashName}`;

/** Every SQL statement of the lots area. */
export class LotsRepo {
  constructor(
    private readonly db: Db,
    private readonly scope: UserScope,
  ) {}

  run<T>(userId: string, work: (q: LotQueries) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new LotQueries(tx, userId)));
  }

  /** Apply jobs maybe cut by a crash: every running one (one process owns the database), or see `interruptedJobs`. */
  interruptedJobs(staleBefore: Date | null, self: string) {
    return interruptedJobs(this.db, staleBefore, self);
  }

  /** Every user's lots whose item sold on another market and that are still listed. */
  pendingDelists() {
    return pendingDelists(this.db);
  }

  /** Seller accounts of every user whose market scanner should reprice (the repricing ticks to keep). */
  async scannerAccounts(): Promise<{ userId: string; id: number }[]> {
    return this.db
      .select({ userId: sellerAccounts.userId, id: sellerAccounts.id })
      .from(sellerAccounts)
      .where(
        and(
          eq(sellerAccounts.status, 'running'),
          sql`${sellerAccounts.modules} @> ${JSON.stringify(['marketScanner'])}::jsonb`,
        ),
      );
  }
}

/** The tick job that owns an account (system-wide: every process's supervisor reads them). */
export class RepricerRepo {
  constructor(private readonly db: Db) {}

  async jobOf(accountId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ jobId: lotRepricers.jobId })
      .from(lotRepricers)
      .where(eq(lotRepricers.sellerAccountId, accountId));
    return row?.jobId ?? null;
  }

  /** Hands the account to `next` when it is still owned by `previous` (null: nobody); false when another won. */
  async claim(userId: string, accountId: number, previous: string | null, next: string): Promise<boolean> {
    if (previous === null) {
      const inserted = await this.db
        .insert(lotRepricers)
        .values({ sellerAccountId: accountId, userId, jobId: next })
        .onConflictDoNothing()
        .returning({ id: lotRepricers.sellerAccountId });
      return inserted.length > 0;
    }
    const updated = await this.db
      .update(lotRepricers)
      .set({ jobId: next, updatedAt: new Date() })
      .where(and(eq(lotRepricers.sellerAccountId, accountId), eq(lotRepricers.jobId, previous)))
      .returning({ id: lotRepricers.sellerAccountId });
    return updated.length > 0;
  }

  async release(accountId: number, jobId: string): Promise<void> {
    await this.db
      .delete(lotRepricers)
      .where(and(eq(lotRepricers.sellerAccountId, accountId), eq(lotRepricers.jobId, jobId)));
  }
}

export class LotQueries {
  readonly sales: SaleQueries;
  readonly prices: PriceQueries;
  readonly batches: BatchQueries;
  readonly delists: DelistQueries;

  constructor(
    readonly tx: Db,
    readonly userId: string,
  ) {
    this.batches = new BatchQueries(tx, userId);
    this.delists = new DelistQueries(tx, userId);
    this.sales = new SaleQueries(tx, userId);
    this.prices = new PriceQueries(tx, userId);
  }

  /**
   * Price writes made after `at` are dated `at`. Used only by the demo (`pnpm demo`), whose seeding reprices the
   * lots "before it started": without it every lot would sit in the one-minute write cooldown on arrival.
   */
  async datePriceWritesBefore(at: Date): Promise<void> {
    await this.tx
      .update(lots)
      .set({ lastPriceWriteAt: at })
      .where(and(eq(lots.userId, this.userId), sql`${lots.lastPriceWriteAt} > ${at}`));
  }

  async accounts(ids?: readonly number[]): Promise<LotAccount[]> {
    const where: SQL[] = [eq(sellerAccounts.userId, this.userId)];
    if (ids) where.push(anyId(sellerAccounts.id, ids));
    return this.tx
      .select({
        id: sellerAccounts.id,
        userId: sellerAccounts.userId,
        steamAccountId: sellerAccounts.steamAccountId,
        apiKeyEnc: sellerAccounts.apiKeyEnc,
        keyId: sellerAccounts.keyId,
        platform: sellerAccounts.platform,
        currency: sellerAccounts.currency,
        modules: sellerAccounts.modules,
        status: sellerAccounts.status,
        login: steamAccounts.login,
      })
      .from(sellerAccounts)
      .innerJoin(steamAccounts, eq(steamAccounts.id, sellerAccounts.steamAccountId))
      .where(and(...where))
      .orderBy(asc(sellerAccounts.id));
  }

  /** The filters as conditions; `found`: what the search matched, read before (else the search is subqueries). */
  private filterWhere(filters: LotFilters | undefined, found?: SearchMatch): SQL[] {
    const where: SQL[] = [eq(lots.userId, this.userId)];
    if (!filters) return where;
    if (filters.searchString) where.push(searchCondition(this.userId, filters.searchString, found));
    if (filters.accountIds.length > 0) where.push(oneOrAny(lots.sellerAccountId, filters.accountIds, 'int'));
    if (filters.platforms.length > 0) where.push(oneOrAny(lots.platform, filters.platforms, 'text'));
    if (filters.withStatus.length > 0) where.push(oneOrAny(lots.status, filters.withStatus, 'text'));
    if (filters.withIssues.length > 0)
      where.push(sql`${lots.issues} ?| ${sql.param([...filters.withIssues])}::text[]`);
    if (filters.games.length > 0) where.push(anyText(lots.game, filters.games));
    if (filters.profiles.length > 0) where.push(oneOrAny(lots.profile, filters.profiles, 'text'));
    if (filters.rarities.length > 0) where.push(anyText(lots.rarity, filters.rarities));
    if (filters.exteriors.length > 0)
      where.push(
        sql`(${sql.join(
          filters.exteriors.map((exterior) => sql`${lots.marketHashName} like ${`%(${exterior})`}`),
          sql` or `,
        )})`,
      );
    if (filters.groupKeys.length > 0)
      where.push(sql`${groupKeyOf} = any(${sql.param(filters.groupKeys)}::text[])`);
    if (filters.hasThresholds === true)
      where.push(sql`${lots.minPrice} is not null and ${lots.maxPrice} is not null`);
    if (filters.hasThresholds === false)
      where.push(sql`(${lots.minPrice} is null or ${lots.maxPrice} is null)`);
    return where;
  }

  private pickWhere(pick: LotPick): SQL {
    const parts: SQL[] = [];
    if (pick.ids) parts.push(anyId(lots.id, pick.ids));
    if (pick.groupKeys) parts.push(sql`${groupKeyOf} = any(${sql.param(pick.groupKeys)}::text[])`);
    if (pick.filters) parts.push(and(...this.filterWhere(pick.filters)) as SQL);
    if (parts.length === 0) return sql`false`;
    return sql`(${sql.join(parts, sql` or `)})`;
  }

  private viewSelect() {
    return this.tx
      .select({ lot: lots, login: steamAccounts.login })
      .from(lots)
      .innerJoin(sellerAccounts, eq(sellerAccounts.id, lots.sellerAccountId))
      .innerJoin(steamAccounts, eq(steamAccounts.id, sellerAccounts.steamAccountId));
  }

  private static toView(row: { lot: LotDbRow; login: string }): LotView {
    return { ...row.lot, login: row.login };
  }

  private sortColumn(property: LotSort['propertyName']): SQL | typeof lots.id {
    const columns = {
      id: lots.id,
      name: lots.marketHashName,
      game: lots.game,
      account: steamAccounts.login,
      price: lots.price,
      minPrice: lots.minPrice,
      maxPrice: lots.maxPrice,
      purchasePrice: lots.purchasePrice,
      quantity: lots.quantity,
      status: lots.status,
      profile: lots.profile,
      listedAt: lots.listedAt,
      updatedAt: lots.updatedAt,
    } as const;
    return columns[property] as typeof lots.id;
  }

  /** The list's order: the requested keys, then the id (ascending) so every row has one place. */
  listKeys(sort: readonly LotSort[]): ListKey[] {
    const keys: ListKey[] = sort.map((item) => ({
      expr: this.sortColumn(item.propertyName),
      descending: item.isDescending,
    }));
    if (!sort.some((item) => item.propertyName === 'id')) keys.push({ expr: lots.id, descending: false });
    return keys;
  }

  /**
   * One page of lots (an OFFSET page or the keyset page after a cursor) with its capped total, in one statement
   * whose rows are mapped by hand (`page-repo.ts`). The page's ids are read alone (the account's login joins only when the order needs it) and the login of the page's rows only, so
   * Postgres never joins the rows an OFFSET skips or a sort reads.
   */
  async page(
    filters: LotFilters,
    sort: readonly LotSort[],
    window: ListWindow,
  ): Promise<ListAnswer<LotListItem>> {
    const found = filters.searchString
      ? await searchMatch(this.tx, this.userId, filters.searchString)
      : undefined;
    const where = and(...this.filterWhere(filters, found)) as SQL;
    const keys = this.listKeys(sort);
    // The page's ids first, from the filters' and the order's indexes alone where they hold every column read
    // (rows an OFFSET skips are never fetched), then the lots of those ids: a lot row is wide (strategy, issues).
    const keyFields = pageKeyFields(keys);
    const base = this.tx
      .select({ pageId: sql<number>`${lots.id}`.as('page_id'), ...keyFields })
      .from(lots)
      .$dynamic();
    const joined = sort.some((item) => item.propertyName === 'account')
      ? base
          .innerJoin(sellerAccounts, eq(sellerAccounts.id, lots.sellerAccountId))
          .innerJoin(steamAccounts, eq(steamAccounts.id, sellerAccounts.steamAccountId))
      : base;
    const ids = joined
      .where(window.after ? and(where, afterKeys(keys, window.after)) : where)
      .orderBy(...orderByKeys(keys))
      .limit(window.pageSize)
      .offset(window.offset);
    // The total rides in the page's own statement: one round trip for both.
    const total = listTotal(this.tx, { table: lots, where }, window, {
      list: 'lots',
      userId: this.userId,
      sources: ['lots'],
    });
    const pageIds = sql.identifier('page_ids');
    const field = (name: string) => sql`${pageIds}.${sql.identifier(name)}`;
    const ordered = orderByKeys(keys.map(({ descending }, i) => ({ expr: field(`k${i}`), descending })));
    // The account's login of the page's rows only, in the same statement.
    const statement = sql`with ${pageIds} as (${ids})
      select ${LOT_PAGE_COLUMNS},
        coalesce((select st.login from seller_accounts sa join steam_accounts st on st.id = sa.steam_account_id
          where sa.id = lots.seller_account_id), '') as login,
        ${total.inPage(sql`${pageIds}`)} as total,
        ${sql.join(Object.keys(keyFields).map(field), sql`, `)}
      from ${lots} join ${pageIds} on lots.id = ${pageIds}.page_id
      order by ${sql.join(ordered, sql`, `)}`;
    const rows = rowsOf<LotPageRow>(await this.tx.execute(statement));
    const count = await total.read(rows[0]?.total, rows.length);
    return listAnswer(rows, lotListItemOf, window, keys, count);
  }

  /** One page of groups (game and name) with their aggregates, then the matching children of those groups. */
  async groups(
    filters: LotFilters,
    sort: LotGroupSort[],
    page: number,
    pageSize: number,
    childLimit: number,
  ): Promise<{ groups: GroupAggregate[]; children: LotView[]; total: number }> {
    const where = and(...this.filterWhere(filters));
    const columns = {
      name: sql`${lots.marketHashName}`,
      game: sql`${lots.game}`,
      quantity: sql`sum(${lots.quantity})`,
      lotsCount: sql`count(*)`,
      lowestPrice: sql`min(${lots.price})`,
    } as const;
    const order = sort.map((item) =>
      item.isDescending ? desc(columns[item.propertyName]) : asc(columns[item.propertyName]),
    );
    const groups = await this.tx
      .select({
        game: lots.game,
        marketHashName: lots.marketHashName,
        rarity: sql<string | null>`max(${lots.rarity})`,
        quantity: sql<number>`sum(${lots.quantity})::int`,
        lotsCount: sql<number>`count(*)::int`,
        accountsCount: sql<number>`count(distinct ${lots.sellerAccountId})::int`,
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(lots)
      .where(where)
      .groupBy(lots.game, lots.marketHashName)
      .orderBy(...order, asc(lots.marketHashName), asc(lots.game))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    if (groups.length === 0) return { groups: [], children: [], total: 0 };
    const keys = groups.map((group) => `${group.game}:${group.marketHashName}`);
    const ranked = this.tx
      .select({
        id: lots.id,
        rank: sql<number>`row_number() over (partition by ${lots.game}, ${lots.marketHashName} order by ${lots.price} asc nulls last, ${lots.id})`.as(
          'rank',
        ),
      })
      .from(lots)
      .where(and(where, sql`${groupKeyOf} = any(${sql.param(keys)}::text[])`))
      .as('ranked');
    const children = await this.viewSelect()
      .innerJoin(ranked, eq(ranked.id, lots.id))
      .where(sql`${ranked.rank} <= ${childLimit + 1}`)
      .orderBy(asc(lots.price), asc(lots.id));
    const all = await this.tx
      .select({
        key: groupKeyOf,
        status: lots.status,
        currency: lots.currency,
        count: sql<number>`count(*)::int`,
        lowest: sql<number | null>`min(${lots.price})`,
        issues: sql<
          string[]
        >`coalesce(jsonb_agg(distinct i.value) filter (where i.value is not null), '[]'::jsonb)`,
      })
      .from(lots)
      .leftJoin(sql`jsonb_array_elements_text(${lots.issues}) as i(value)`, sql`true`)
      .where(and(where, sql`${groupKeyOf} = any(${sql.param(keys)}::text[])`))
      .groupBy(groupKeyOf, lots.status, lots.currency);
    return {
      groups: groups.map((group) => {
        const key = `${group.game}:${group.marketHashName}`;
        const parts = all.filter((part) => part.key === key);
        return { ...group, key, parts };
      }),
      children: children.map((row) => LotQueries.toView({ lot: row.lot, login: row.login })),
      total: Number(groups[0]?.total ?? 0),
    };
  }

  async counters(accountIds: readonly number[] | undefined) {
    const where: SQL[] = [eq(lots.userId, this.userId)];
    if (accountIds) where.push(anyId(lots.sellerAccountId, accountIds));
    const [byStatus, byIssue, totals] = await Promise.all([
      this.tx
        .select({ status: lots.status, count: sql<number>`count(*)::int` })
        .from(lots)
        .where(and(...where))
        .groupBy(lots.status),
      this.tx
        .select({ issue: sql<string>`i.value`, count: sql<number>`count(*)::int` })
        .from(lots)
        .innerJoin(sql`jsonb_array_elements_text(${lots.issues}) as i(value)`, sql`true`)
        .where(and(...where))
        .groupBy(sql`i.value`),
      this.tx
        .select({
          total: sql<number>`count(*)::int`,
          groups: sql<number>`count(distinct (${lots.game}, ${lots.marketHashName}))::int`,
          withoutThresholds: sql<number>`(count(*) filter (where ${lots.minPrice} is null or ${lots.maxPrice} is null))::int`,
        })
        .from(lots)
        .where(and(...where)),
    ]);
    return { byStatus, byIssue, totals: totals[0] ?? { total: 0, groups: 0, withoutThresholds: 0 } };
  }

  async get(id: number): Promise<LotView | null> {
    const [row] = await this.viewSelect().where(and(eq(lots.userId, this.userId), eq(lots.id, id)));
    return row ? LotQueries.toView(row) : null;
  }

  /** The lots of a selection, in id order. */
  async picked(pick: LotPick): Promise<LotView[]> {
    const rows = await this.viewSelect()
      .where(and(eq(lots.userId, this.userId), this.pickWhere(pick)))
      .orderBy(asc(lots.id));
    return rows.map(LotQueries.toView);
  }

  /**
   * What repricing reads, in one statement: the picked lots (id order) and the user's other listings on sale (the
   * own asks repricing never undercuts; the picked ones on sale are listings too). The rows come back as one JSON
   * text of columns, so 100,000 lots cost one parse rather than 100,000 protocol rows.
   */
  async repriceRead(pick: LotPick): Promise<RepriceRead> {
    const listing = sql`${lots.status} = 'on_sale' and ${lots.itemId} is not null`;
    const picked = (column: string) => sql.raw(`coalesce(json_agg(${column}) filter (where picked), '[]')`);
    const other = (column: string) =>
      sql.raw(`coalesce(json_agg(${column}) filter (where not picked), '[]')`);
    const result = await this.tx.execute(sql`select json_build_object(
        'id', ${picked('id')}, 'sellerAccountId', ${picked('seller_account_id')}, 'platform', ${picked('platform')},
        'itemId', ${picked('item_id')},
        'assetId', ${picked('asset_id')}, 'marketHashName', ${picked('market_hash_name')},
        'currency', ${picked('currency')}, 'price', ${picked('price')}, 'minPrice', ${picked('min_price')},
        'maxPrice', ${picked('max_price')}, 'purchasePrice', ${picked('purchase_price')},
        'profile', ${picked('profile')}, 'strategy', ${picked('strategy')}, 'status', ${picked('status')},
        'issues', ${picked('issues')}, 'settlement', ${picked('settlement')},
        'lastPriceWriteAt', ${picked('last_price_write_at')}, 'lastRepriceReason', ${picked('last_reprice_reason')},
        'otherItemId', ${other('item_id')}, 'otherName', ${other('market_hash_name')},
        'otherPrice', ${other('price')}, 'otherCurrency', ${other('currency')},
        'otherPlatform', ${other('platform')})::text as data
      from (select ${lots.id} as id, ${lots.sellerAccountId} as seller_account_id, ${lots.platform} as platform,
          ${lots.itemId} as item_id,
          ${lots.assetId} as asset_id, ${lots.marketHashName} as market_hash_name, ${lots.currency} as currency,
          ${lots.price} as price, ${lots.minPrice} as min_price, ${lots.maxPrice} as max_price,
          ${lots.purchasePrice} as purchase_price, ${lots.profile} as profile, ${lots.strategy}::text as strategy,
          ${lots.status} as status, ${lots.issues}::text as issues, ${lots.settlement} as settlement,
          floor(extract(epoch from ${lots.lastPriceWriteAt}) * 1000)::float8 as last_price_write_at,
          ${lots.lastRepriceReason} as last_reprice_reason, coalesce(${this.pickWhere(pick)}, false) as picked
        from ${lots}
        where ${lots.userId} = ${this.userId} and (${this.pickWhere(pick)} or ${listing})
        order by ${lots.id}) as read`);
    return repriceReadOf(rowsOf<{ data: string }>(result)[0]?.data ?? null);
  }

  async ofAccount(accountId: number): Promise<LotDbRow[]> {
    return this.tx
      .select()
      .from(lots)
      .where(and(eq(lots.userId, this.userId), eq(lots.sellerAccountId, accountId)));
  }

  /** The account's lots of these Steam assets. */
  async ofAssets(accountId: number, assetIds: readonly string[]): Promise<LotDbRow[]> {
    if (assetIds.length === 0) return [];
    return this.tx
      .select()
      .from(lots)
      .where(
        and(
          eq(lots.userId, this.userId),
          eq(lots.sellerAccountId, accountId),
          inArray(lots.assetId, [...assetIds]),
        ),
      );
  }

  async insert(rows: NewLot[]): Promise<LotDbRow[]> {
    if (rows.length === 0) return [];
    return this.tx
      .insert(lots)
      .values(rows.map((row) => ({ ...row, userId: this.userId, writeSeq: NEXT_WRITE })))
      .returning();
  }

  /** A number above every lot write made so far: taken by a sync before it reads the market. */
  async writeMark(): Promise<number> {
    const result = await this.tx.execute(sql`select nextval('lot_write_seq') as mark`);
    return Number(rowsOf<{ mark: string }>(result)[0]!.mark);
  }

  async remove(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.tx.delete(lots).where(and(eq(lots.userId, this.userId), anyId(lots.id, ids)));
  }

  /** Applies patches set-based, one statement per patch shape and chunk (`patch-sql.ts`). */
  patch(patches: readonly LotPatch[], now: Date): Promise<LotDbRow[]> {
    return patchLots(this.tx, this.userId, patches, now);
  }

  async insertJob(values: Omit<typeof lotRepriceJobs.$inferInsert, 'userId'>): Promise<RepriceJobDbRow> {
    const [row] = await this.tx
      .insert(lotRepriceJobs)
      .values({ ...values, userId: this.userId })
      .returning();
    return row as RepriceJobDbRow;
  }

  /** Answers the job without its per-lot items: a job of many lots is updated once a batch, never read back whole. */
  async updateJob(id: number, values: Partial<RepriceJobDbRow>): Promise<RepriceJobHead | null> {
    const [row] = await this.tx
      .update(lotRepriceJobs)
      .set(values)
      .where(and(eq(lotRepriceJobs.userId, this.userId), eq(lotRepriceJobs.id, id)))
      .returning(JOB_HEAD_COLUMNS);
    return row ?? null;
  }

  async job(id: number): Promise<RepriceJobDbRow | null> {
    const [row] = await this.tx
      .select()
      .from(lotRepriceJobs)
      .where(and(eq(lotRepriceJobs.userId, this.userId), eq(lotRepriceJobs.id, id)));
    return row ?? null;
  }
}
