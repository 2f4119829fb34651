import { and, asc, eq, gte, inArray, isNotNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { changedAfter, type ListSource, snapshotOf } from '../../db/list-totals.ts';
import {
  ledgerDays,
  ledgerEntries,
  ledgerSales,
  sellerAccounts,
  steamAccounts,
  steamAccountTagLinks,
  steamAccountTags,
  transfers,
} from '../../db/schema.ts';
import type { StatusStore } from '../../db/state-machine.ts';
import type { UserScope } from '../../security/user-scope.ts';
import type { PoolPurchase, PoolUse } from './cost.ts';
import type { SaleStatus } from './sale-machine.ts';

export type EntryRow = typeof ledgerEntries.$inferSelect;
export type NewEntry = Omit<typeof ledgerEntries.$inferInsert, 'userId' | 'id' | 'createdAt'>;
export type SaleRow = typeof ledgerSales.$inferSelect;
export type NewSale = Omit<typeof ledgerSales.$inferInsert, 'userId' | 'id'>;

/** A market account as the ledger names it: the seller account, its Steam account and login, its last balances. */
export interface MarketAccountFacts {
  id: number;
  steamAccountId: number;
  login: string;
  currency: string;
  available: number | null;
  onHold: number | null;
  balanceCurrency: string | null;
}

/** Which entries a report reads. */
export interface EntryFilter {
  from: Date | null;
  to: Date | null;
  accountIds: number[];
}

export type GroupBy = 'item' | 'account' | 'tag' | 'game';

/** The day (`YYYY-MM-DD`, UTC) a report of the day totals starts or ends on. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

const DAY = sql<string>`to_char(${ledgerEntries.occurredAt} at time zone 'UTC', 'YYYY-MM-DD')`;
/**
 * A report's sums of one key and currency, one column per figure (a year by day is a row per day and currency,
 * not one per effect and realisation as well): revenue, of it what is held, cost and fees as positive amounts,
 * and everything realised or pending.
 */
function sumsOf(table: typeof ledgerDays | typeof ledgerEntries) {
  const sum = (where: SQL) => sql<string>`coalesce(sum(${table.amount}) filter (where ${where}), 0)::text`;
  return {
    revenue: sum(sql`${table.effect} = 'revenue'`),
    held: sum(sql`${table.effect} = 'revenue' and not ${table.realised}`),
    cost: sum(sql`${table.effect} = 'cost'`),
    fees: sum(sql`${table.effect} = 'fee'`),
    realised: sum(sql`${table.realised}`),
    pending: sum(sql`not ${table.realised}`),
  };
}

/** Rows per insert: an entry binds about 20 parameters and one statement at most 65,535. */
const APPEND_CHUNK = 1_000;

export class LedgerRepo {
  constructor(private readonly scope: UserScope) {}

  run<T>(userId: string, work: (q: LedgerQueries) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new LedgerQueries(tx, userId)));
  }

  /** Records what Steam or the market answered a read, whoever read it (`UserScope.record`). */
  record<T>(userId: string, work: (q: LedgerQueries) => Promise<T>): Promise<T> {
    return this.scope.record(userId, (tx) => work(new LedgerQueries(tx, userId)));
  }
}

/** One user's ledger statements, bound to the caller's transaction. */
export class LedgerQueries {
  readonly saleStatus: StatusStore<SaleStatus, SaleRow>;

  constructor(
    readonly tx: Db,
    private readonly userId: string,
  ) {
    this.saleStatus = {
      compareAndSet: async (id, from, set) => {
        const [row] = await this.tx
          .update(ledgerSales)
          .set(set)
          .where(and(this.ownSale(), eq(ledgerSales.id, id), inArray(ledgerSales.status, [...from])))
          .returning();
        return row ?? null;
      },
    };
  }

  private own() {
    return eq(ledgerEntries.userId, this.userId);
  }

  private ownSale() {
    return eq(ledgerSales.userId, this.userId);
  }

  /**
   * Appends entries (an entry whose source key was written before is skipped, so an event records once) and adds
   * the profit ones to the day totals in the same transaction. Answers the entries written.
   */
  async append(entries: readonly NewEntry[]): Promise<EntryRow[]> {
    if (entries.length === 0) return [];
    const written: EntryRow[] = [];
    // In chunks: one statement binds at most 65,535 parameters, and a big purchase file has more.
    for (let at = 0; at < entries.length; at += APPEND_CHUNK)
      written.push(
        ...(await this.tx
          .insert(ledgerEntries)
          .values(entries.slice(at, at + APPEND_CHUNK).map((entry) => ({ ...entry, userId: this.userId })))
          .onConflictDoNothing({ target: [ledgerEntries.userId, ledgerEntries.sourceKey] })
          .returning()),
      );
    const days = new Map<string, typeof ledgerDays.$inferInsert>();
    for (const entry of written) {
      if (entry.effect === 'none') continue;
      const day = entry.occurredAt.toISOString().slice(0, 10);
      const key = [day, entry.currency, entry.effect, entry.realised, entry.method].join('|');
      const sum = days.get(key);
      if (sum) sum.amount += entry.amount;
      else
        days.set(key, {
          userId: this.userId,
          day,
          currency: entry.currency,
          effect: entry.effect,
          realised: entry.realised,
          method: entry.method ?? '',
          amount: entry.amount,
        });
    }
    // In key order, so two writers of the same days never wait on each other crosswise.
    const rows = [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => row);
    for (let at = 0; at < rows.length; at += APPEND_CHUNK)
      await this.tx
        .insert(ledgerDays)
        .values(rows.slice(at, at + APPEND_CHUNK))
        .onConflictDoUpdate({
          target: [
            ledgerDays.userId,
            ledgerDays.day,
            ledgerDays.currency,
            ledgerDays.effect,
            ledgerDays.realised,
            ledgerDays.method,
          ],
          set: { amount: sql`${ledgerDays.amount} + excluded.amount` },
        });
    return written;
  }

  /** Which of these Steam account ids are the user's (row-level security hides the others). */
  async ownAccountIds(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.tx
      .select({ id: steamAccounts.id })
      .from(steamAccounts)
      .where(inArray(steamAccounts.id, [...ids]));
    return rows.map((row) => row.id);
  }

  async entry(id: number): Promise<EntryRow | null> {
    const [row] = await this.tx
      .select()
      .from(ledgerEntries)
      .where(and(this.own(), eq(ledgerEntries.id, id)));
    return row ?? null;
  }

  private selectMarketAccounts() {
    return this.tx
      .select({
        id: sellerAccounts.id,
        steamAccountId: sellerAccounts.steamAccountId,
        login: steamAccounts.login,
        currency: sellerAccounts.currency,
        available: sellerAccounts.balanceAvailable,
        onHold: sellerAccounts.balanceOnHold,
        balanceCurrency: sellerAccounts.balanceCurrency,
      })
      .from(sellerAccounts)
      .innerJoin(steamAccounts, eq(steamAccounts.id, sellerAccounts.steamAccountId));
  }

  async marketAccount(id: number): Promise<MarketAccountFacts | null> {
    const [row] = await this.selectMarketAccounts().where(
      and(eq(sellerAccounts.userId, this.userId), eq(sellerAccounts.id, id)),
    );
    return row ?? null;
  }

  marketAccounts(): Promise<MarketAccountFacts[]> {
    return this.selectMarketAccounts()
      .where(eq(sellerAccounts.userId, this.userId))
      .orderBy(asc(sellerAccounts.id));
  }

  // --- sales ------------------------------------------------------------------------------------------------

  async sale(marketAccountId: number, itemId: string): Promise<SaleRow | null> {
    const [row] = await this.tx
      .select()
      .from(ledgerSales)
      .where(
        and(this.ownSale(), eq(ledgerSales.marketAccountId, marketAccountId), eq(ledgerSales.itemId, itemId)),
      );
    return row ?? null;
  }

  /** Inserts a sale first seen; the one already recorded when another writer was first. */
  async insertSale(row: NewSale): Promise<SaleRow> {
    const [inserted] = await this.tx
      .insert(ledgerSales)
      .values({ ...row, userId: this.userId })
      .onConflictDoNothing({ target: [ledgerSales.marketAccountId, ledgerSales.itemId] })
      .returning();
    return inserted ?? (await this.sale(row.marketAccountId, row.itemId))!;
  }

  /** Held sales whose release time has come. */
  dueHeld(now: Date): Promise<SaleRow[]> {
    return this.tx
      .select()
      .from(ledgerSales)
      .where(and(this.ownSale(), eq(ledgerSales.status, 'held'), lte(ledgerSales.settlesAt, now)))
      .orderBy(asc(ledgerSales.id));
  }

  /** Held sales with their release time, soonest first. */
  held(): Promise<SaleRow[]> {
    return this.tx
      .select()
      .from(ledgerSales)
      .where(and(this.ownSale(), eq(ledgerSales.status, 'held')))
      .orderBy(asc(ledgerSales.settlesAt), asc(ledgerSales.id));
  }

  /** The entries a sale wrote of one kind (its sale entry, its costs), to move or take back. */
  saleEntries(saleId: number): Promise<EntryRow[]> {
    return this.tx
      .select()
      .from(ledgerEntries)
      .where(and(this.own(), eq(ledgerEntries.saleId, saleId)))
      .orderBy(asc(ledgerEntries.id));
  }

  // --- cost pool --------------------------------------------------------------------------------------------

  /** The purchases of one item name, oldest first. */
  async purchases(name: string): Promise<PoolPurchase[]> {
    return this.tx
      .select({
        quantity: ledgerEntries.quantity,
        amount: ledgerEntries.amount,
        currency: ledgerEntries.currency,
      })
      .from(ledgerEntries)
      .where(and(this.own(), eq(ledgerEntries.marketHashName, name), eq(ledgerEntries.kind, 'purchase')))
      .orderBy(asc(ledgerEntries.occurredAt), asc(ledgerEntries.id));
  }

  /**
   * What one method has taken from an item's pool: units and amounts per currency. A cost moved from held to
   * settled is taken back and written again, and a reversal gives its unit back, so the plain sum is what is used.
   */
  async poolUse(name: string, method: string): Promise<PoolUse> {
    const rows = await this.tx
      .select({
        currency: ledgerEntries.currency,
        units: sql<number>`coalesce(sum(${ledgerEntries.quantity}), 0)::int`,
        amount: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text`,
      })
      .from(ledgerEntries)
      .where(
        and(
          this.own(),
          eq(ledgerEntries.marketHashName, name),
          eq(ledgerEntries.kind, 'cost'),
          eq(ledgerEntries.method, method),
        ),
      )
      .groupBy(ledgerEntries.currency);
    const use: PoolUse = { units: 0, byCurrency: new Map() };
    for (const row of rows) {
      use.units += row.units;
      // Cost entries are expenses (negative); what the pool gave is their opposite.
      use.byCurrency.set(row.currency, -Number(row.amount));
    }
    return use;
  }

  /** Sales of these names that went to the buyer and have no cost under `method` yet, oldest first. */
  uncosted(names: readonly string[], method: string): Promise<SaleRow[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.tx
      .select()
      .from(ledgerSales)
      .where(
        and(
          this.ownSale(),
          inArray(ledgerSales.marketHashName, [...names]),
          inArray(ledgerSales.status, ['held', 'settled']),
          sql`not exists (select 1 from ${ledgerEntries} e where e.user_id = ${ledgerSales.userId}
            and e.sale_id = ${ledgerSales.id} and e.kind = 'cost' and e.method = ${method})`,
        ),
      )
      .orderBy(asc(ledgerSales.soldAt), asc(ledgerSales.id));
  }

  /** Sales that went to the buyer with no cost yet. */
  async uncostedTotal(): Promise<number> {
    const [row] = await this.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerSales)
      .where(
        and(this.ownSale(), eq(ledgerSales.costed, false), inArray(ledgerSales.status, ['held', 'settled'])),
      );
    return row?.n ?? 0;
  }

  async markCosted(saleId: number): Promise<void> {
    await this.tx
      .update(ledgerSales)
      .set({ costed: true })
      .where(and(this.ownSale(), eq(ledgerSales.id, saleId)));
  }

  // --- reports ----------------------------------------------------------------------------------------------

  /** The snapshot a report is read in, or null once this transaction has written (db/list-totals.ts). */
  snapshot(): Promise<string | null> {
    return snapshotOf(this.tx);
  }

  /** Whether a transaction `snapshot` did not see has written to these tables of the user since. */
  changedSince(snapshot: string, sources: readonly ListSource[]): Promise<boolean> {
    return changedAfter(this.tx, { list: 'ledger', userId: this.userId, sources }, snapshot);
  }

  private filter(filter: EntryFilter): SQL[] {
    const where: SQL[] = [this.own()];
    if (filter.from) where.push(gte(ledgerEntries.occurredAt, filter.from));
    if (filter.to) where.push(lt(ledgerEntries.occurredAt, filter.to));
    if (filter.accountIds.length > 0) where.push(inArray(ledgerEntries.accountId, filter.accountIds));
    return where;
  }

  /** Profit sums per day from the day totals (every account). */
  days(from: Date | null, to: Date | null, method: string) {
    const where: SQL[] = [eq(ledgerDays.userId, this.userId), sql`${ledgerDays.method} in ('', ${method})`];
    if (from) where.push(gte(ledgerDays.day, dayOf(from)));
    if (to) where.push(lt(ledgerDays.day, dayOf(to)));
    return this.tx
      .select({ key: ledgerDays.day, currency: ledgerDays.currency, ...sumsOf(ledgerDays) })
      .from(ledgerDays)
      .where(and(...where))
      .groupBy(ledgerDays.day, ledgerDays.currency);
  }

  /** Profit sums per day read from the entries themselves (for a report of some accounts). */
  entryDays(filter: EntryFilter, method: string) {
    return this.tx
      .select({ key: DAY, currency: ledgerEntries.currency, ...sumsOf(ledgerEntries) })
      .from(ledgerEntries)
      .where(
        and(
          ...this.filter(filter),
          ne(ledgerEntries.effect, 'none'),
          sql`${ledgerEntries.method} in ('', ${method})`,
        ),
      )
      .groupBy(DAY, ledgerEntries.currency);
  }

  /** Profit sums per item, account, tag or game; `uncosted` counts sales with revenue and no cost. */
  groups(filter: EntryFilter, by: GroupBy, method: string) {
    const where = and(
      ...this.filter(filter),
      ne(ledgerEntries.effect, 'none'),
      sql`${ledgerEntries.method} in ('', ${method})`,
    );
    const sums = { currency: ledgerEntries.currency, ...sumsOf(ledgerEntries) };
    if (by === 'tag') {
      const key = sql<string>`coalesce(${steamAccountTags.name}, '')`;
      return this.tx
        .select({ key, ...sums })
        .from(ledgerEntries)
        .leftJoin(steamAccountTagLinks, eq(steamAccountTagLinks.accountId, ledgerEntries.accountId))
        .leftJoin(steamAccountTags, eq(steamAccountTags.id, steamAccountTagLinks.tagId))
        .where(where)
        .groupBy(key, ledgerEntries.currency);
    }
    const key =
      by === 'item'
        ? sql<string>`coalesce(${ledgerEntries.marketHashName}, '')`
        : by === 'game'
          ? sql<string>`coalesce(${ledgerEntries.game}, '')`
          : sql<string>`coalesce(${ledgerEntries.accountLogin}, '')`;
    return this.tx
      .select({ key, ...sums })
      .from(ledgerEntries)
      .where(where)
      .groupBy(key, ledgerEntries.currency);
  }

  /** Sales in the period that went to the buyer with no known cost (flagged, not valued at zero). */
  async uncostedCount(filter: EntryFilter): Promise<number> {
    const where: SQL[] = [
      this.ownSale(),
      eq(ledgerSales.costed, false),
      inArray(ledgerSales.status, ['held', 'settled']),
    ];
    if (filter.from) where.push(gte(ledgerSales.soldAt, filter.from));
    if (filter.to) where.push(lt(ledgerSales.soldAt, filter.to));
    if (filter.accountIds.length > 0) where.push(inArray(ledgerSales.accountId, filter.accountIds));
    const [row] = await this.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerSales)
      .where(and(...where));
    return row?.n ?? 0;
  }

  /** Entries in time order after `afterId`, for the ledger list and its CSV. */
  page(filter: EntryFilter, afterId: number, limit: number): Promise<EntryRow[]> {
    return this.tx
      .select()
      .from(ledgerEntries)
      .where(and(...this.filter(filter), sql`${ledgerEntries.id} > ${afterId}`))
      .orderBy(asc(ledgerEntries.id))
      .limit(limit);
  }

  // --- reconciliation ---------------------------------------------------------------------------------------

  /** The ledger's balance of one market account per bucket and currency. */
  balances(marketAccountId: number) {
    return this.tx
      .select({
        bucket: ledgerEntries.bucket,
        currency: ledgerEntries.currency,
        amount: sql<string>`sum(${ledgerEntries.amount})::text`,
      })
      .from(ledgerEntries)
      .where(
        and(this.own(), eq(ledgerEntries.marketAccountId, marketAccountId), isNotNull(ledgerEntries.bucket)),
      )
      .groupBy(ledgerEntries.bucket, ledgerEntries.currency);
  }

  async hasOpening(marketAccountId: number): Promise<boolean> {
    const [row] = await this.tx
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(
        and(
          this.own(),
          eq(ledgerEntries.marketAccountId, marketAccountId),
          eq(ledgerEntries.kind, 'opening'),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Transfers from or to the account whose outcome is not known yet: what may explain a gap. */
  openTransfers(marketAccountId: number) {
    return this.tx
      .select()
      .from(transfers)
      .where(
        and(
          eq(transfers.userId, this.userId),
          inArray(transfers.status, ['sending', 'unknown']),
          sql`(${transfers.fromAccountId} = ${marketAccountId} or ${transfers.toAccountId} = ${marketAccountId})`,
        ),
      );
  }
}
