import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { lotPriceHistory, lotPrices, lots, type StoredProviderPrice } from '../../db/schema.ts';
import { anyText, likeContains } from '../../db/sql-fragments.ts';

export type PriceDbRow = typeof lotPrices.$inferSelect;
export interface PriceView extends PriceDbRow {
  lotsCount: number;
}

export interface PriceFilters {
  searchString?: string | undefined;
  games: string[];
  hasCustomPrice?: boolean | null | undefined;
}

export type PriceSortName = 'name' | 'game' | 'customPrice' | 'updatedAt' | 'lotsCount';

/** One price the profile took: the current value and a history point. */
export interface PriceWriteRow {
  game: string;
  marketHashName: string;
  source: 'custom' | 'provider' | 'median';
  currency: string;
  /** Null clears a custom price. */
  amount: number | null;
}

/** The price profile's statements (run in the caller's user scope). */
export class PriceQueries {
  constructor(
    private readonly tx: Db,
    private readonly userId: string,
  ) {}

  private lotsCount() {
    // Qualified by hand: drizzle writes the outer columns unqualified, which would name the subquery's own.
    return sql<number>`(select count(*)::int from ${lots} l where l.user_id = lot_prices.user_id and l.game = lot_prices.game and l.market_hash_name = lot_prices.market_hash_name)`;
  }

  async page(
    filters: PriceFilters,
    sort: { propertyName: PriceSortName; isDescending: boolean }[],
    page: number,
    pageSize: number,
  ) {
    const where: SQL[] = [eq(lotPrices.userId, this.userId)];
    if (filters.searchString)
      where.push(sql`${lotPrices.marketHashName} ilike ${likeContains(filters.searchString)}`);
    if (filters.games.length > 0) where.push(anyText(lotPrices.game, filters.games));
    if (filters.hasCustomPrice === true) where.push(sql`${lotPrices.customPrice} is not null`);
    if (filters.hasCustomPrice === false) where.push(sql`${lotPrices.customPrice} is null`);
    const columns = {
      name: sql`${lotPrices.marketHashName}`,
      game: sql`${lotPrices.game}`,
      customPrice: sql`${lotPrices.customPrice}`,
      updatedAt: sql`${lotPrices.updatedAt}`,
      lotsCount: this.lotsCount(),
    };
    const order = sort.map((item) =>
      item.isDescending ? desc(columns[item.propertyName]) : asc(columns[item.propertyName]),
    );
    const rows = await this.tx
      .select({
        price: lotPrices,
        lotsCount: this.lotsCount(),
        total: sql<number>`(count(*) over ())::int`,
      })
      .from(lotPrices)
      .where(and(...where))
      .orderBy(...order, asc(lotPrices.marketHashName))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return {
      rows: rows.map((row): PriceView => ({ ...row.price, lotsCount: Number(row.lotsCount) })),
      total: Number(rows[0]?.total ?? 0),
    };
  }

  async byNames(names: readonly string[]): Promise<PriceDbRow[]> {
    if (names.length === 0) return [];
    return this.tx
      .select()
      .from(lotPrices)
      .where(and(eq(lotPrices.userId, this.userId), anyText(lotPrices.marketHashName, names)));
  }

  async one(game: string, marketHashName: string): Promise<PriceView | null> {
    const [row] = await this.tx
      .select({ price: lotPrices, lotsCount: this.lotsCount() })
      .from(lotPrices)
      .where(
        and(
          eq(lotPrices.userId, this.userId),
          eq(lotPrices.game, game),
          eq(lotPrices.marketHashName, marketHashName),
        ),
      );
    return row ? { ...row.price, lotsCount: Number(row.lotsCount) } : null;
  }

  /** Writes prices (custom or a provider's) and their history points, at `now`. */
  async write(rows: readonly PriceWriteRow[], now: Date): Promise<void> {
    for (const row of rows) {
      const [stored] = await this.tx
        .insert(lotPrices)
        .values({ userId: this.userId, game: row.game, marketHashName: row.marketHashName, updatedAt: now })
        .onConflictDoUpdate({
          target: [lotPrices.userId, lotPrices.game, lotPrices.marketHashName],
          set: { updatedAt: now },
        })
        .returning();
      if (!stored) continue;
      if (row.source === 'custom') {
        await this.tx
          .update(lotPrices)
          .set({
            customPrice: row.amount,
            customCurrency: row.amount === null ? null : row.currency,
            customUpdatedAt: now,
          })
          .where(eq(lotPrices.id, stored.id));
      } else if (row.amount !== null) {
        const providers: StoredProviderPrice[] = [
          ...stored.providers.filter((item) => item.source !== row.source),
          { source: row.source, currency: row.currency, amount: row.amount, observedAt: now.toISOString() },
        ];
        await this.tx.update(lotPrices).set({ providers }).where(eq(lotPrices.id, stored.id));
      }
      if (row.amount !== null)
        await this.tx.insert(lotPriceHistory).values({
          userId: this.userId,
          priceId: stored.id,
          source: row.source,
          currency: row.currency,
          price: row.amount,
          at: now,
        });
    }
  }

  /**
   * History points at past times for items the profile already holds; the current prices stay as they are. Used
   * only by the demo (`pnpm demo`), whose price chart would otherwise span just the minutes since it started.
   */
  async backdateHistory(points: readonly (PriceWriteRow & { amount: number; at: Date })[]): Promise<void> {
    for (const point of points) {
      const stored = await this.one(point.game, point.marketHashName);
      if (!stored) continue;
      await this.tx.insert(lotPriceHistory).values({
        userId: this.userId,
        priceId: stored.id,
        source: point.source,
        currency: point.currency,
        price: point.amount,
        at: point.at,
      });
    }
  }

  async history(game: string, marketHashName: string, from: Date | null, to: Date | null, sources: string[]) {
    const where: SQL[] = [
      eq(lotPriceHistory.userId, this.userId),
      eq(lotPrices.game, game),
      eq(lotPrices.marketHashName, marketHashName),
    ];
    if (from) where.push(sql`${lotPriceHistory.at} >= ${from}`);
    if (to) where.push(sql`${lotPriceHistory.at} < ${to}`);
    if (sources.length > 0) where.push(anyText(lotPriceHistory.source, sources));
    return this.tx
      .select({
        at: lotPriceHistory.at,
        source: lotPriceHistory.source,
        currency: lotPriceHistory.currency,
        price: lotPriceHistory.price,
      })
      .from(lotPriceHistory)
      .innerJoin(lotPrices, eq(lotPrices.id, lotPriceHistory.priceId))
      .where(and(...where))
      .orderBy(asc(lotPriceHistory.at), asc(lotPriceHistory.id))
      .limit(10_000);
  }
}
