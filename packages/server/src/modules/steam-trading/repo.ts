import type { TradeIntent } from '@tradedeck/sdk/contract';
import { type InventoryItem, isCurrency, type TradeGame } from '@tradedeck/sdk/domain';
import { and, asc, desc, eq, gte, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import {
  steamInventoryItems,
  steamInventoryScans,
  steamTradeIntents,
  steamTradeSessions,
} from '../../db/schema.ts';
import { anyId, anyText, likeContains } from '../../db/sql-fragments.ts';
import type { StatusStore } from '../../db/state-machine.ts';
import type { UserScope } from '../../security/user-scope.ts';
import { toInventoryItem } from './inventory-view.ts';
import type { ScanOutcome, ScanRow } from './types.ts';

export type IntentRow = typeof steamTradeIntents.$inferSelect;
type TradeIntentStatus = TradeIntent['status'];
export type SessionRow = typeof steamTradeSessions.$inferSelect;

export type InventorySortKey = 'price' | 'name' | 'tradableAfter' | 'game';

export interface InventoryFilters {
  game?: TradeGame | undefined;
  tradableOnly: boolean;
  searchString?: string | undefined;
  minPrice?: number | undefined;
}

/** Items inserted per statement (22 columns each: well under Postgres's 65,535 parameters). */
const INSERT_CHUNK = 1000;

/** Every SQL statement of the Steam trading area. */
export class SteamTradingRepo {
  constructor(
    private readonly db: Db,
    private readonly scope: UserScope,
  ) {}

  /** Runs `work` in one transaction as the user (row-level security applies). */
  run<T>(userId: string, work: (q: TradingQueries, tx: Db) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new TradingQueries(tx, userId), tx));
  }

  /** Accounts of every user with a pending intent (the startup sweep reconciles them). */
  async accountsWithPendingIntents(): Promise<{ userId: string; accountId: number }[]> {
    return this.db
      .selectDistinct({ userId: steamTradeIntents.userId, accountId: steamTradeIntents.accountId })
      .from(steamTradeIntents)
      .where(eq(steamTradeIntents.status, 'pending'));
  }
}

export class TradingQueries {
  constructor(
    private readonly tx: Db,
    private readonly userId: string,
  ) {}

  /** The explicit user filter every statement carries beside row-level security. */
  private own(table: { userId: PgColumn }): SQL {
    return eq(table.userId, this.userId);
  }

  // --- web sessions

  async session(accountId: number): Promise<SessionRow | null> {
    const [row] = await this.tx
      .select()
      .from(steamTradeSessions)
      .where(and(this.own(steamTradeSessions), eq(steamTradeSessions.accountId, accountId)));
    return row ?? null;
  }

  async saveSession(
    accountId: number,
    values: Pick<SessionRow, 'accessTokenEnc' | 'accessTokenExpiresAt' | 'tradeProtectionAcknowledgedAt'>,
  ): Promise<void> {
    const row = { ...values, updatedAt: new Date() };
    await this.tx
      .insert(steamTradeSessions)
      .values({ accountId, userId: this.userId, ...row })
      .onConflictDoUpdate({ target: steamTradeSessions.accountId, set: row });
  }

  // --- inventories

  scans(accountId: number): Promise<ScanRow[]> {
    return this.tx
      .select()
      .from(steamInventoryScans)
      .where(and(this.own(steamInventoryScans), eq(steamInventoryScans.accountId, accountId)))
      .orderBy(asc(steamInventoryScans.game));
  }

  /** Accounts among `accountIds` whose every game in `games` was attempted at or after `since`. */
  async attemptedSince(accountIds: readonly number[], games: readonly TradeGame[], since: Date) {
    if (accountIds.length === 0) return new Set<number>();
    const rows = await this.tx
      .select({ accountId: steamInventoryScans.accountId })
      .from(steamInventoryScans)
      .where(
        and(
          this.own(steamInventoryScans),
          anyId(steamInventoryScans.accountId, accountIds),
          anyText(steamInventoryScans.game, games),
          gte(steamInventoryScans.attemptedAt, since),
        ),
      )
      .groupBy(steamInventoryScans.accountId)
      .having(sql`count(*) = ${games.length}`);
    return new Set(rows.map((row) => row.accountId));
  }

  /** Stores one game's scan: the items are replaced when Steam listed the inventory (or said it is empty). */
  async saveScan(accountId: number, game: TradeGame, outcome: ScanOutcome): Promise<ScanRow> {
    if (outcome.state === 'failed') {
      const failed = {
        state: 'failed',
        attemptedAt: outcome.at,
        errorReason: outcome.errorReason,
      };
      const [row] = await this.tx
        .insert(steamInventoryScans)
        .values({ accountId, userId: this.userId, game, ...failed })
        .onConflictDoUpdate({
          target: [steamInventoryScans.accountId, steamInventoryScans.game],
          set: failed,
        })
        .returning();
      return row!;
    }
    await this.tx
      .delete(steamInventoryItems)
      .where(
        and(
          this.own(steamInventoryItems),
          eq(steamInventoryItems.accountId, accountId),
          eq(steamInventoryItems.game, game),
        ),
      );
    for (let start = 0; start < outcome.items.length; start += INSERT_CHUNK) {
      const chunk = outcome.items.slice(start, start + INSERT_CHUNK);
      await this.tx.insert(steamInventoryItems).values(
        chunk.map((item, i) => ({
          accountId,
          userId: this.userId,
          game,
          appId: item.appId,
          contextId: item.contextId,
          assetId: item.assetId,
          classId: item.classId,
          instanceId: item.instanceId,
          amount: item.amount,
          name: item.name,
          marketHashName: item.marketHashName,
          type: item.type,
          iconUrl: item.iconUrl,
          exterior: item.exterior,
          rarity: item.rarity,
          tradable: item.tradable,
          marketable: item.marketable,
          tradableAfter: item.tradableAfter ? new Date(item.tradableAfter) : null,
          protectedUntil: item.protectedUntil ? new Date(item.protectedUntil) : null,
          priceAmount: item.referencePrice?.amount ?? null,
          priceCurrency: item.referencePrice?.currency ?? null,
          position: start + i,
        })),
      );
    }
    const scanned = {
      state: outcome.state,
      itemCount: outcome.items.length,
      totalCount: outcome.totalCount,
      scannedAt: outcome.at,
      attemptedAt: outcome.at,
      errorReason: null,
    };
    const [row] = await this.tx
      .insert(steamInventoryScans)
      .values({ accountId, userId: this.userId, game, ...scanned })
      .onConflictDoUpdate({ target: [steamInventoryScans.accountId, steamInventoryScans.game], set: scanned })
      .returning();
    return row!;
  }

  /** Every cached item of the account, game by game in the order Steam listed them. */
  async allItems(accountId: number): Promise<InventoryItem[]> {
    const rows = await this.tx
      .select()
      .from(steamInventoryItems)
      .where(and(this.own(steamInventoryItems), eq(steamInventoryItems.accountId, accountId)))
      .orderBy(asc(steamInventoryItems.game), asc(steamInventoryItems.position));
    return rows.map(toInventoryItem);
  }

  /** One page of the cached items with the total and the value of everything matching, per currency. */
  async itemsPage(
    accountId: number,
    filters: InventoryFilters,
    sort: { propertyName: InventorySortKey; isDescending: boolean }[],
    page: number,
    pageSize: number,
  ) {
    const where = this.itemWhere(accountId, filters);
    const items = await this.tx
      .select()
      .from(steamInventoryItems)
      .where(where)
      .orderBy(...itemOrder(sort))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const totals = await this.tx
      .select({
        currency: steamInventoryItems.priceCurrency,
        n: sql<number>`count(*)::int`,
        amount: sql<string>`coalesce(sum(${steamInventoryItems.priceAmount} * ${steamInventoryItems.amount}), 0)::text`,
      })
      .from(steamInventoryItems)
      .where(where)
      .groupBy(steamInventoryItems.priceCurrency);
    return {
      items,
      total: totals.reduce((sum, row) => sum + Number(row.n), 0),
      value: totals.flatMap((row) =>
        isCurrency(row.currency) ? [{ currency: row.currency, amount: Number(row.amount) }] : [],
      ),
    };
  }

  private itemWhere(accountId: number, filters: InventoryFilters): SQL {
    const conditions: (SQL | undefined)[] = [
      this.own(steamInventoryItems),
      eq(steamInventoryItems.accountId, accountId),
    ];
    if (filters.game) conditions.push(eq(steamInventoryItems.game, filters.game));
    if (filters.tradableOnly) conditions.push(eq(steamInventoryItems.tradable, true));
    const search = filters.searchString?.trim();
    if (search) conditions.push(sql`${steamInventoryItems.name} ilike ${likeContains(search)}`);
    if (filters.minPrice !== undefined) {
      conditions.push(
        and(
          isNotNull(steamInventoryItems.priceAmount),
          gte(steamInventoryItems.priceAmount, filters.minPrice),
        ),
      );
    }
    return and(...conditions)!;
  }

  // --- intents

  async intent(accountId: number, kind: string, reference: string): Promise<IntentRow | null> {
    const [row] = await this.tx
      .select()
      .from(steamTradeIntents)
      .where(
        and(
          this.own(steamTradeIntents),
          eq(steamTradeIntents.accountId, accountId),
          eq(steamTradeIntents.kind, kind),
          eq(steamTradeIntents.reference, reference),
        ),
      );
    return row ?? null;
  }

  /** Writes a new pending intent; null when its reference already has one. */
  async insertIntent(
    values: Omit<typeof steamTradeIntents.$inferInsert, 'userId' | 'status'>,
  ): Promise<IntentRow | null> {
    const [inserted] = await this.tx
      .insert(steamTradeIntents)
      .values({ ...values, userId: this.userId, status: 'pending' })
      .onConflictDoNothing()
      .returning();
    return inserted ?? null;
  }

  /** An intent's status moves (the kernel's compare-and-set: a late answer never overwrites a settled intent). */
  readonly intentStatus: StatusStore<TradeIntentStatus, IntentRow> = this.claimStatus(null);

  /**
   * The status moves of one claim of an intent (its owner and lease as the claim wrote them; null: any claim): an
   * answer about an earlier claim never settles a later one of the same reference.
   */
  claimStatus(
    claim: Pick<IntentRow, 'owner' | 'leaseUntil'> | null,
  ): StatusStore<TradeIntentStatus, IntentRow> {
    return {
      compareAndSet: async (id, from, set) => {
        const [row] = await this.tx
          .update(steamTradeIntents)
          .set(set)
          .where(
            and(
              this.own(steamTradeIntents),
              eq(steamTradeIntents.id, id),
              anyText(steamTradeIntents.status, from),
              claim ? eq(steamTradeIntents.owner, claim.owner) : undefined,
              claim ? eq(steamTradeIntents.leaseUntil, claim.leaseUntil) : undefined,
            ),
          )
          .returning();
        return row ?? null;
      },
    };
  }

  async releaseIntent(id: number, leaseUntil: Date): Promise<void> {
    await this.tx
      .update(steamTradeIntents)
      .set({ leaseUntil })
      .where(and(this.own(steamTradeIntents), eq(steamTradeIntents.id, id)));
  }

  intents(accountId: number, reference?: string): Promise<IntentRow[]> {
    return this.tx
      .select()
      .from(steamTradeIntents)
      .where(
        and(
          this.own(steamTradeIntents),
          eq(steamTradeIntents.accountId, accountId),
          reference ? eq(steamTradeIntents.reference, reference) : undefined,
        ),
      )
      .orderBy(desc(steamTradeIntents.createdAt), desc(steamTradeIntents.id))
      .limit(500);
  }

  pendingIntents(accountId: number): Promise<IntentRow[]> {
    return this.tx
      .select()
      .from(steamTradeIntents)
      .where(
        and(
          this.own(steamTradeIntents),
          eq(steamTradeIntents.accountId, accountId),
          eq(steamTradeIntents.status, 'pending'),
        ),
      )
      .orderBy(asc(steamTradeIntents.id));
  }

  /** The offer ids among `offerIds` that this account sent or accepted through Tradedeck. */
  async ownOfferIds(accountId: number, offerIds: readonly string[]): Promise<Set<string>> {
    if (offerIds.length === 0) return new Set();
    const rows = await this.tx
      .select({ offerId: steamTradeIntents.offerId })
      .from(steamTradeIntents)
      .where(
        and(
          this.own(steamTradeIntents),
          eq(steamTradeIntents.accountId, accountId),
          eq(steamTradeIntents.status, 'done'),
          anyText(steamTradeIntents.offerId, offerIds),
        ),
      );
    return new Set(rows.map((row) => row.offerId!));
  }

  /** A done intent whose mobile confirmation could not be given (it stays to be confirmed later). */
  async noteConfirmationFailure(id: number, reason: string): Promise<void> {
    await this.tx
      .update(steamTradeIntents)
      .set({ errorReason: reason })
      .where(and(this.own(steamTradeIntents), eq(steamTradeIntents.id, id)));
  }

  async markConfirmed(accountId: number, offerIds: readonly string[], accepted: boolean): Promise<void> {
    if (offerIds.length === 0) return;
    await this.tx
      .update(steamTradeIntents)
      .set({
        needsConfirmation: false,
        // A denied confirmation cancels the offer (state 10, canceled by the second factor).
        ...(accepted ? { errorReason: null } : { offerState: 10 }),
      })
      .where(
        and(
          this.own(steamTradeIntents),
          eq(steamTradeIntents.accountId, accountId),
          anyText(steamTradeIntents.offerId, offerIds),
        ),
      );
  }
}

const ITEM_SORT: Record<InventorySortKey, SQL> = {
  price: sql`${steamInventoryItems.priceAmount}`,
  name: sql`lower(${steamInventoryItems.name})`,
  tradableAfter: sql`${steamInventoryItems.tradableAfter}`,
  game: sql`${steamInventoryItems.game}`,
};

/** Steam's listing order by default (game, then position); the asset id last so pages never overlap. */
function itemOrder(sort: { propertyName: InventorySortKey; isDescending: boolean }[]): SQL[] {
  const order = sort.map((item) =>
    item.isDescending
      ? sql`${ITEM_SORT[item.propertyName]} desc nulls last`
      : sql`${ITEM_SORT[item.propertyName]} asc nulls last`,
  );
  order.push(
    sql`${steamInventoryItems.game}`,
    sql`${steamInventoryItems.position}`,
    sql`${steamInventoryItems.assetId}`,
  );
  return order;
}
