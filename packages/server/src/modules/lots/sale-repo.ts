import type { SALE_SORT_PROPERTIES, SaleFilters } from '@tradedeck/sdk/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { countMatches } from '../../db/list-page.ts';
import { lotSales, sellerAccounts, steamAccounts } from '../../db/schema.ts';
import { anyId, anyText, likeContains } from '../../db/sql-fragments.ts';

export type SaleDbRow = typeof lotSales.$inferSelect;
export type NewSale = Omit<typeof lotSales.$inferInsert, 'userId'>;
export interface SaleView extends SaleDbRow {
  login: string;
}
export type SaleSort = { propertyName: (typeof SALE_SORT_PROPERTIES)[number]; isDescending: boolean };

/** Rows streamed per read of a CSV export. */
const EXPORT_CHUNK = 2_000;

/** The sales history's statements (run in the caller's user scope). */
export class SaleQueries {
  constructor(
    private readonly tx: Db,
    private readonly userId: string,
  ) {}

  private where(filters: SaleFilters): SQL {
    const where: SQL[] = [eq(lotSales.userId, this.userId)];
    if (filters.from) where.push(sql`${lotSales.soldAt} >= ${new Date(filters.from)}`);
    if (filters.to) where.push(sql`${lotSales.soldAt} < ${new Date(filters.to)}`);
    if (filters.accountIds.length > 0) where.push(anyId(lotSales.sellerAccountId, filters.accountIds));
    if (filters.games.length > 0) where.push(anyText(lotSales.game, filters.games));
    if (filters.platforms.length > 0) where.push(anyText(lotSales.platform, filters.platforms));
    if (filters.withState.length > 0) where.push(anyText(lotSales.state, filters.withState));
    if (filters.searchString)
      where.push(sql`${lotSales.marketHashName} ilike ${likeContains(filters.searchString)}`);
    return and(...where) as SQL;
  }

  private order(sort: SaleSort[]) {
    const columns = {
      soldAt: lotSales.soldAt,
      name: lotSales.marketHashName,
      game: lotSales.game,
      account: steamAccounts.login,
      price: lotSales.price,
      holdReleaseAt: lotSales.holdReleaseAt,
    } as const;
    const order = sort.map((item) =>
      item.isDescending ? desc(columns[item.propertyName]) : asc(columns[item.propertyName]),
    );
    return sort.length > 0 ? [...order, desc(lotSales.id)] : [desc(lotSales.soldAt), desc(lotSales.id)];
  }

  private select() {
    return this.tx
      .select({ sale: lotSales, login: steamAccounts.login })
      .from(lotSales)
      .innerJoin(sellerAccounts, eq(sellerAccounts.id, lotSales.sellerAccountId))
      .innerJoin(steamAccounts, eq(steamAccounts.id, sellerAccounts.steamAccountId));
  }

  async page(filters: SaleFilters, sort: SaleSort[], page: number, pageSize: number) {
    const where = this.where(filters);
    const offset = (page - 1) * pageSize;
    const rows = await this.select()
      .where(where)
      .orderBy(...this.order(sort))
      .limit(pageSize)
      .offset(offset);
    // The history's total is exact; one counted before is used again while no sale of the user changed.
    const window = { page, pageSize, offset, after: null, exactTotal: true };
    const { total } = await countMatches(this.tx, { table: lotSales, where }, window, rows.length, {
      list: 'sales',
      userId: this.userId,
      sources: ['lot_sales'],
    });
    return { rows: rows.map((row): SaleView => ({ ...row.sale, login: row.login })), total };
  }

  /** One chunk of an export, after the `offset` rows already sent. */
  async chunk(filters: SaleFilters, sort: SaleSort[], offset: number): Promise<SaleView[]> {
    const rows = await this.select()
      .where(this.where(filters))
      .orderBy(...this.order(sort))
      .limit(EXPORT_CHUNK)
      .offset(offset);
    return rows.map((row) => ({ ...row.sale, login: row.login }));
  }

  /** Count and sums per currency and state. */
  async totals(filters: SaleFilters) {
    return this.tx
      .select({
        currency: lotSales.currency,
        state: lotSales.state,
        count: sql<number>`count(*)::int`,
        sum: sql<string>`sum(${lotSales.price})::text`,
      })
      .from(lotSales)
      .where(this.where(filters))
      .groupBy(lotSales.currency, lotSales.state);
  }

  /** Count and revenue (not reversed) per UTC day and currency. */
  async perDay(filters: SaleFilters) {
    const day = sql<string>`to_char(${lotSales.soldAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    return this.tx
      .select({
        day,
        currency: lotSales.currency,
        count: sql<number>`count(*)::int`,
        sum: sql<string>`(sum(${lotSales.price}) filter (where ${lotSales.state} <> 'reversed'))::text`,
      })
      .from(lotSales)
      .where(this.where(filters))
      .groupBy(day, lotSales.currency)
      .orderBy(day);
  }

  /** Inserts new sales and brings known ones to their current state (settled, reversed); answers how many were new. */
  async upsert(rows: readonly NewSale[]): Promise<number> {
    if (rows.length === 0) return 0;
    const written = await this.tx
      .insert(lotSales)
      .values(rows.map((row) => ({ ...row, userId: this.userId })))
      .onConflictDoUpdate({
        target: [lotSales.sellerAccountId, lotSales.itemId],
        // A sale whose Steam trade was seen rolled back stays reversed whatever the market still says.
        set: {
          state: sql`case when ${lotSales.state} = 'reversed' then 'reversed' else excluded.state end`,
          holdReleaseAt: sql`excluded.hold_release_at`,
        },
      })
      // A row the statement inserted has no deleting transaction yet (`xmax` 0); an updated one has.
      .returning({ inserted: sql<boolean>`xmax = 0` });
    return written.filter((row) => row.inserted).length;
  }
}
