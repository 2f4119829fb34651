import type { P2P_ACCOUNT_SORT_PROPERTIES } from '@tradedeck/sdk/contract';
import { ACTIVE_DELIVERY_STATUSES, type DeliveryStatus } from '@tradedeck/sdk/domain';
import { and, asc, desc, eq, gte, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import {
  proxies,
  sellerAccounts,
  sellerDeliveries,
  sellerInventoryUpdates,
  steamAccounts,
  steamTradeIntents,
} from '../../db/schema.ts';
import { anyId, anyText, likeContains } from '../../db/sql-fragments.ts';
import type { StatusStore } from '../../db/state-machine.ts';
import type { UserScope } from '../../security/user-scope.ts';

export type SellerAccountDbRow = typeof sellerAccounts.$inferSelect;
export type DeliveryRow = typeof sellerDeliveries.$inferSelect;
export type NewSellerAccount = typeof sellerAccounts.$inferInsert;

/** A seller account with what its list row shows beside it: the Steam login and id, the proxy, active deliveries. */
export interface SellerAccountView extends SellerAccountDbRow {
  login: string;
  steamId: string | null;
  proxyHost: string | null;
  proxyPort: number | null;
  activeDeliveries: number;
}

export interface SellerFilters {
  searchString?: string | undefined;
  withStatus: string[];
  withPlatformStatus: string[];
  withModules: string[];
  hasActiveDeliveries?: boolean | null | undefined;
}

export type SellerSort = {
  propertyName: (typeof P2P_ACCOUNT_SORT_PROPERTIES)[number];
  isDescending: boolean;
};

const ACTIVE = [...ACTIVE_DELIVERY_STATUSES];

/** Every SQL statement of the seller area. */
export class SellerRepo {
  constructor(
    private readonly db: Db,
    private readonly scope: UserScope,
  ) {}

  /** Runs `work` in one transaction as the user (row-level security applies). */
  run<T>(userId: string, work: (q: SellerQueries, tx: Db) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new SellerQueries(tx, userId), tx));
  }

  /** Records what the market answered a read, whoever read it (`UserScope.record`). */
  record<T>(userId: string, work: (q: SellerQueries, tx: Db) => Promise<T>): Promise<T> {
    return this.scope.record(userId, (tx) => work(new SellerQueries(tx, userId), tx));
  }

  /** Accounts of every user that should have a loop running (the start of a process checks their jobs). */
  async accountsToRun(): Promise<{ userId: string; id: number; loopJobId: string | null }[]> {
    return this.db
      .select({ userId: sellerAccounts.userId, id: sellerAccounts.id, loopJobId: sellerAccounts.loopJobId })
      .from(sellerAccounts)
      .where(ne(sellerAccounts.status, 'stopped'));
  }
}

export class SellerQueries {
  constructor(
    readonly tx: Db,
    private readonly userId: string,
  ) {}

  private own(table: { userId: PgColumn }): SQL {
    return eq(table.userId, this.userId);
  }

  private activeCount() {
    return sql<number>`(select count(*)::int from ${sellerDeliveries} d where d.seller_account_id = ${sellerAccounts.id} and d.status = any(${sql.param(ACTIVE)}::text[]))`;
  }

  private viewSelect() {
    return this.tx
      .select({
        account: sellerAccounts,
        login: steamAccounts.login,
        steamId: steamAccounts.steamId,
        proxyHost: proxies.host,
        proxyPort: proxies.port,
        activeDeliveries: this.activeCount(),
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(sellerAccounts)
      .innerJoin(steamAccounts, eq(steamAccounts.id, sellerAccounts.steamAccountId))
      .leftJoin(proxies, eq(proxies.id, sellerAccounts.proxyId));
  }

  private static toView(row: {
    account: SellerAccountDbRow;
    login: string;
    steamId: string | null;
    proxyHost: string | null;
    proxyPort: number | null;
    activeDeliveries: number;
  }): SellerAccountView {
    return {
      ...row.account,
      login: row.login,
      steamId: row.steamId,
      proxyHost: row.proxyHost,
      proxyPort: row.proxyPort,
      activeDeliveries: Number(row.activeDeliveries),
    };
  }

  async page(
    filters: SellerFilters,
    sort: SellerSort[],
    page: number,
    pageSize: number,
  ): Promise<{ rows: SellerAccountView[]; total: number }> {
    const where: SQL[] = [this.own(sellerAccounts)];
    if (filters.searchString)
      where.push(sql`${steamAccounts.login} ilike ${likeContains(filters.searchString)}`);
    if (filters.withStatus.length > 0) where.push(anyText(sellerAccounts.status, filters.withStatus));
    if (filters.withPlatformStatus.length > 0)
      where.push(anyText(sellerAccounts.platformStatus, filters.withPlatformStatus));
    for (const module of filters.withModules)
      where.push(sql`${sellerAccounts.modules} @> ${JSON.stringify([module])}::jsonb`);
    if (filters.hasActiveDeliveries != null)
      where.push(
        filters.hasActiveDeliveries ? sql`${this.activeCount()} > 0` : sql`${this.activeCount()} = 0`,
      );
    const columns = {
      id: sellerAccounts.id,
      login: sql`lower(${steamAccounts.login})`,
      status: sellerAccounts.status,
      platformStatus: sellerAccounts.platformStatus,
      ordersCount: sellerAccounts.ordersCount,
      available: sellerAccounts.balanceAvailable,
      createdAt: sellerAccounts.createdAt,
    } as const;
    const order = sort.map((s) =>
      s.isDescending ? desc(columns[s.propertyName]) : asc(columns[s.propertyName]),
    );
    const rows = await this.viewSelect()
      .where(and(...where))
      .orderBy(...order, desc(sellerAccounts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows: rows.map(SellerQueries.toView), total: rows[0]?.total ?? 0 };
  }

  async view(id: number): Promise<SellerAccountView | null> {
    const [row] = await this.viewSelect().where(and(this.own(sellerAccounts), eq(sellerAccounts.id, id)));
    return row ? SellerQueries.toView(row) : null;
  }

  async views(ids: readonly number[]): Promise<SellerAccountView[]> {
    if (ids.length === 0) return [];
    const rows = await this.viewSelect().where(and(this.own(sellerAccounts), anyId(sellerAccounts.id, ids)));
    return rows.map(SellerQueries.toView);
  }

  async counters() {
    const byStatus = await this.tx
      .select({
        status: sellerAccounts.status,
        platform: sellerAccounts.platformStatus,
        n: sql<number>`count(*)::int`,
      })
      .from(sellerAccounts)
      .where(this.own(sellerAccounts))
      .groupBy(sellerAccounts.status, sellerAccounts.platformStatus);
    const [active] = await this.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(sellerDeliveries)
      .where(and(this.own(sellerDeliveries), anyText(sellerDeliveries.status, ACTIVE)));
    const balances = await this.tx
      .select({
        currency: sellerAccounts.balanceCurrency,
        available: sql<string>`coalesce(sum(${sellerAccounts.balanceAvailable}), 0)::text`,
        onHold: sql<string>`coalesce(sum(${sellerAccounts.balanceOnHold}), 0)::text`,
      })
      .from(sellerAccounts)
      .where(and(this.own(sellerAccounts), sql`${sellerAccounts.balanceCurrency} is not null`))
      .groupBy(sellerAccounts.balanceCurrency)
      .orderBy(sellerAccounts.balanceCurrency);
    return {
      groups: byStatus.map((g) => ({ ...g, n: Number(g.n) })),
      activeDeliveries: Number(active?.n ?? 0),
      balances: balances.map((b) => ({
        currency: b.currency!,
        available: Number(b.available),
        onHold: Number(b.onHold),
      })),
    };
  }

  async account(id: number): Promise<SellerAccountDbRow | null> {
    const [row] = await this.tx
      .select()
      .from(sellerAccounts)
      .where(and(this.own(sellerAccounts), eq(sellerAccounts.id, id)));
    return row ?? null;
  }

  async hasSteamAccount(steamAccountId: number, platform = 'tm'): Promise<boolean> {
    const [row] = await this.tx
      .select({ id: sellerAccounts.id })
      .from(sellerAccounts)
      .where(
        and(
          this.own(sellerAccounts),
          eq(sellerAccounts.steamAccountId, steamAccountId),
          eq(sellerAccounts.platform, platform),
        ),
      );
    return row !== undefined;
  }

  /** The user's Steam account a seller account is made from (its proxy is the seller's default). */
  async steamAccount(steamAccountId: number) {
    const [row] = await this.tx
      .select({ id: steamAccounts.id, steamId: steamAccounts.steamId, proxyId: steamAccounts.proxyId })
      .from(steamAccounts)
      .where(and(this.own(steamAccounts), eq(steamAccounts.id, steamAccountId)));
    return row ?? null;
  }

  async proxyExists(proxyId: number): Promise<boolean> {
    const [row] = await this.tx
      .select({ id: proxies.id })
      .from(proxies)
      .where(and(this.own(proxies), eq(proxies.id, proxyId)));
    return row !== undefined;
  }

  async insert(values: Omit<NewSellerAccount, 'userId'>): Promise<SellerAccountDbRow> {
    const [row] = await this.tx
      .insert(sellerAccounts)
      .values({ ...values, userId: this.userId })
      .returning();
    return row!;
  }

  async update(id: number, values: Partial<NewSellerAccount>): Promise<SellerAccountDbRow | null> {
    const [row] = await this.tx
      .update(sellerAccounts)
      .set(values)
      .where(and(this.own(sellerAccounts), eq(sellerAccounts.id, id)))
      .returning();
    return row ?? null;
  }

  /** Updates the account only while the loop run `loopJobId` owns it. */
  async updateIfOwned(id: number, loopJobId: string, values: Partial<NewSellerAccount>): Promise<boolean> {
    const rows = await this.tx
      .update(sellerAccounts)
      .set(values)
      .where(
        and(this.own(sellerAccounts), eq(sellerAccounts.id, id), eq(sellerAccounts.loopJobId, loopJobId)),
      )
      .returning({ id: sellerAccounts.id });
    return rows.length > 0;
  }

  /** Updates the account only while its platform is still in status error (a reset done twice does it once). */
  async updateIfPlatformError(id: number, values: Partial<NewSellerAccount>): Promise<boolean> {
    const rows = await this.tx
      .update(sellerAccounts)
      .set(values)
      .where(
        and(this.own(sellerAccounts), eq(sellerAccounts.id, id), eq(sellerAccounts.platformStatus, 'error')),
      )
      .returning({ id: sellerAccounts.id });
    return rows.length > 0;
  }

  async remove(id: number): Promise<boolean> {
    const rows = await this.tx
      .delete(sellerAccounts)
      .where(and(this.own(sellerAccounts), eq(sellerAccounts.id, id)))
      .returning({ id: sellerAccounts.id });
    return rows.length > 0;
  }

  // --- deliveries

  /** Writes the intent of one delivery request; null when its hash already has one (it is never offered twice). */
  async insertDelivery(
    values: Omit<typeof sellerDeliveries.$inferInsert, 'userId'>,
  ): Promise<DeliveryRow | null> {
    const [row] = await this.tx
      .insert(sellerDeliveries)
      .values({ ...values, userId: this.userId })
      .onConflictDoNothing({ target: [sellerDeliveries.sellerAccountId, sellerDeliveries.hash] })
      .returning();
    return row ?? null;
  }

  /**
   * Takes the lock of every seller account of one Steam account (its markets), so the sales of one item on two
   * markets are recorded one after the other and the first recorded is the one delivered.
   */
  async lockSteamAccountSellers(steamAccountId: number): Promise<void> {
    await this.tx
      .select({ id: sellerAccounts.id })
      .from(sellerAccounts)
      .where(and(this.own(sellerAccounts), eq(sellerAccounts.steamAccountId, steamAccountId)))
      .orderBy(asc(sellerAccounts.id))
      .for('update');
  }

  /**
   * Whether another market's seller account of the same Steam account already holds a delivery (not failed) of
   * any of these assets: the item was sold there first.
   */
  async deliveredElsewhere(
    steamAccountId: number,
    sellerAccountId: number,
    assetIds: string[],
  ): Promise<boolean> {
    if (assetIds.length === 0) return false;
    const [row] = await this.tx
      .select({ id: sellerDeliveries.id })
      .from(sellerDeliveries)
      .innerJoin(sellerAccounts, eq(sellerAccounts.id, sellerDeliveries.sellerAccountId))
      .where(
        and(
          this.own(sellerDeliveries),
          eq(sellerAccounts.steamAccountId, steamAccountId),
          ne(sellerDeliveries.sellerAccountId, sellerAccountId),
          ne(sellerDeliveries.status, 'failed'),
          sql`exists (select 1 from jsonb_array_elements(${sellerDeliveries.items}) as item where item->>'assetId' = any(${sql.param(assetIds)}::text[]))`,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  activeDeliveries(sellerAccountId: number): Promise<DeliveryRow[]> {
    return this.tx
      .select()
      .from(sellerDeliveries)
      .where(
        and(
          this.own(sellerDeliveries),
          eq(sellerDeliveries.sellerAccountId, sellerAccountId),
          anyText(sellerDeliveries.status, ACTIVE),
        ),
      )
      .orderBy(asc(sellerDeliveries.id));
  }

  /** A delivery's status moves (the kernel's compare-and-set: a force stop may have failed it meanwhile). */
  readonly deliveryStatus: StatusStore<DeliveryStatus, DeliveryRow> = {
    compareAndSet: async (id, from, set) => {
      const [row] = await this.tx
        .update(sellerDeliveries)
        .set(set)
        .where(
          and(
            this.own(sellerDeliveries),
            eq(sellerDeliveries.id, id),
            anyText(sellerDeliveries.status, from),
          ),
        )
        .returning();
      return row ?? null;
    },
  };

  async deliveriesPage(sellerAccountId: number, statuses: string[], page: number, pageSize: number) {
    const where = [this.own(sellerDeliveries), eq(sellerDeliveries.sellerAccountId, sellerAccountId)];
    if (statuses.length > 0) where.push(inArray(sellerDeliveries.status, statuses));
    const rows = await this.tx
      .select({ row: sellerDeliveries, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(sellerDeliveries)
      .where(and(...where))
      .orderBy(desc(sellerDeliveries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { rows: rows.map((r) => r.row), total: rows[0]?.total ?? 0 };
  }

  /**
   * Records the accepted incoming trades of the account's Steam account made since `since` (its `accept` intents
   * Steam took, confirmed where they needed it) and answers those TM was not yet asked to read the inventory for.
   */
  async incomingTradesToAnnounce(
    sellerAccountId: number,
    steamAccountId: number,
    since: Date,
  ): Promise<number[]> {
    await this.tx.execute(sql`insert into ${sellerInventoryUpdates}
        (${sql.identifier('user_id')}, ${sql.identifier('seller_account_id')}, ${sql.identifier('intent_id')})
      select ${steamTradeIntents.userId}, ${sellerAccountId}::int, ${steamTradeIntents.id} from ${steamTradeIntents}
      where ${and(
        this.own(steamTradeIntents),
        eq(steamTradeIntents.accountId, steamAccountId),
        eq(steamTradeIntents.kind, 'accept'),
        eq(steamTradeIntents.status, 'done'),
        eq(steamTradeIntents.needsConfirmation, false),
        inArray(steamTradeIntents.offerState, [2, 3]),
        gte(steamTradeIntents.completedAt, since),
      )}
      on conflict do nothing`);
    const rows = await this.tx
      .select({ intentId: sellerInventoryUpdates.intentId })
      .from(sellerInventoryUpdates)
      .where(
        and(
          this.own(sellerInventoryUpdates),
          eq(sellerInventoryUpdates.sellerAccountId, sellerAccountId),
          isNull(sellerInventoryUpdates.calledAt),
        ),
      );
    return rows.map((row) => row.intentId);
  }

  /** TM took `update-inventory` for these trades: they never ask again. */
  async inventoryUpdated(sellerAccountId: number, intentIds: readonly number[], at: Date): Promise<void> {
    if (intentIds.length === 0) return;
    await this.tx
      .update(sellerInventoryUpdates)
      .set({ calledAt: at })
      .where(
        and(
          this.own(sellerInventoryUpdates),
          eq(sellerInventoryUpdates.sellerAccountId, sellerAccountId),
          inArray(sellerInventoryUpdates.intentId, [...intentIds]),
        ),
      );
  }
}
