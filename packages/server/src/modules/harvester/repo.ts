import type { HarvesterTransactionStatus } from '@tradedeck/sdk/domain';
import { and, asc, desc, eq, getTableColumns, ne, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import {
  afterKeys,
  countMatches,
  keyColumns,
  type ListKey,
  type ListWindow,
  listAnswer,
  orderByKeys,
} from '../../db/list-page.ts';
import { harvesterProfiles, harvesterSessions, harvesterTransactions } from '../../db/schema.ts';
import { anyId, anyText } from '../../db/sql-fragments.ts';
import type { StatusStore } from '../../db/state-machine.ts';
import type { UserScope } from '../../security/user-scope.ts';
import { nextTurn } from './turns.ts';

export type ProfileRow = typeof harvesterProfiles.$inferSelect;
export type SessionRow = typeof harvesterSessions.$inferSelect;
export type TransactionRow = typeof harvesterTransactions.$inferSelect;
export type NewTransaction = typeof harvesterTransactions.$inferInsert;
/** A transaction row without its item lists (they never change after planning). */
export type TransactionHead = Omit<TransactionRow, 'items' | 'giveBack'>;

export interface TransactionFilters {
  withStatus: readonly string[];
  accountIds: readonly number[];
  sourceIds: readonly number[];
  targetIds: readonly number[];
  game?: string | undefined;
}

type SortOf<K extends string> = { propertyName: K; isDescending: boolean }[];

/** Rows inserted per statement (about 20 columns each: well under Postgres's 65,535 parameters). */
const INSERT_CHUNK = 1000;
/**
 * Items stored per statement when a plan is written, and open transactions read per statement. On the embedded
 * database a statement runs to its end in the server's thread: one statement with the 100,000 items of a large
 * plan held the event loop long enough on a busy machine for every hub client to time out.
 */
const ITEMS_PER_STATEMENT = 2000;
const OPEN_PAGE = 100;

/** Every SQL statement of the harvester area. */
export class HarvesterRepo {
  constructor(
    private readonly db: Db,
    private readonly scope: UserScope,
  ) {}

  /** Runs `work` in one transaction as the user (row-level security applies), after a turn of the event loop. */
  async run<T>(userId: string, work: (q: HarvesterQueries, tx: Db) => Promise<T>): Promise<T> {
    await nextTurn();
    return this.scope.run(userId, (tx) => work(new HarvesterQueries(tx, userId), tx));
  }

  /** The owner of a session, for the hub's source guard (before any user scope is known). */
  async sessionOwner(sessionId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ userId: harvesterSessions.userId })
      .from(harvesterSessions)
      .where(eq(harvesterSessions.id, sessionId));
    return row?.userId ?? null;
  }
}

export class HarvesterQueries {
  constructor(
    readonly tx: Db,
    private readonly userId: string,
  ) {}

  private own(table: { userId: PgColumn }): SQL {
    return eq(table.userId, this.userId);
  }

  // --- profiles

  profiles(): Promise<ProfileRow[]> {
    return this.tx
      .select()
      .from(harvesterProfiles)
      .where(this.own(harvesterProfiles))
      .orderBy(desc(harvesterProfiles.isDefault), asc(harvesterProfiles.id));
  }

  async profile(id: number): Promise<ProfileRow | null> {
    const [row] = await this.tx
      .select()
      .from(harvesterProfiles)
      .where(and(this.own(harvesterProfiles), eq(harvesterProfiles.id, id)));
    return row ?? null;
  }

  async defaultProfile(): Promise<ProfileRow | null> {
    const [row] = await this.tx
      .select()
      .from(harvesterProfiles)
      .where(and(this.own(harvesterProfiles), eq(harvesterProfiles.isDefault, true)));
    return row ?? null;
  }

  async nameTaken(name: string, exceptId: number | null): Promise<boolean> {
    const [row] = await this.tx
      .select({ id: harvesterProfiles.id })
      .from(harvesterProfiles)
      .where(
        and(
          this.own(harvesterProfiles),
          eq(harvesterProfiles.name, name),
          exceptId === null ? undefined : ne(harvesterProfiles.id, exceptId),
        ),
      );
    return row !== undefined;
  }

  async insertProfile(values: { name: string; settings: unknown; isDefault: boolean }): Promise<ProfileRow> {
    const [row] = await this.tx
      .insert(harvesterProfiles)
      .values({ userId: this.userId, ...values })
      .returning();
    return row!;
  }

  async updateProfile(
    id: number,
    values: { name: string; settings: unknown },
    at: Date,
  ): Promise<ProfileRow | null> {
    const [row] = await this.tx
      .update(harvesterProfiles)
      .set({ ...values, updatedAt: at })
      .where(and(this.own(harvesterProfiles), eq(harvesterProfiles.id, id)))
      .returning();
    return row ?? null;
  }

  async deleteProfile(id: number): Promise<ProfileRow | null> {
    const [row] = await this.tx
      .delete(harvesterProfiles)
      .where(and(this.own(harvesterProfiles), eq(harvesterProfiles.id, id)))
      .returning();
    return row ?? null;
  }

  /** Makes one profile the default (or none, with null): the others lose the flag. */
  async setDefault(id: number | null): Promise<void> {
    await this.tx
      .update(harvesterProfiles)
      .set({ isDefault: id === null ? false : sql`${harvesterProfiles.id} = ${id}` })
      .where(this.own(harvesterProfiles));
  }

  async oldestProfileId(): Promise<number | null> {
    const [row] = await this.tx
      .select({ id: harvesterProfiles.id })
      .from(harvesterProfiles)
      .where(this.own(harvesterProfiles))
      .orderBy(asc(harvesterProfiles.id))
      .limit(1);
    return row?.id ?? null;
  }

  // --- sessions

  async insertSession(values: Omit<typeof harvesterSessions.$inferInsert, 'userId'>): Promise<SessionRow> {
    const [row] = await this.tx
      .insert(harvesterSessions)
      .values({ ...values, userId: this.userId })
      .returning();
    return row!;
  }

  async session(id: number, forUpdate = false): Promise<SessionRow | null> {
    const query = this.tx
      .select()
      .from(harvesterSessions)
      .where(and(this.own(harvesterSessions), eq(harvesterSessions.id, id)));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ?? null;
  }

  async updateSession(
    id: number,
    values: Partial<Omit<typeof harvesterSessions.$inferInsert, 'id' | 'userId'>>,
  ): Promise<SessionRow | null> {
    const [row] = await this.tx
      .update(harvesterSessions)
      .set(values)
      .where(and(this.own(harvesterSessions), eq(harvesterSessions.id, id)))
      .returning();
    return row ?? null;
  }

  async sessionsPage(
    filters: { withStatus: readonly string[]; includeCompleted: boolean },
    sort: SortOf<'id' | 'createdAt' | 'status' | 'name'>,
    page: number,
    pageSize: number,
  ) {
    const where = and(
      this.own(harvesterSessions),
      filters.withStatus.length > 0 ? anyText(harvesterSessions.status, filters.withStatus) : undefined,
      filters.includeCompleted ? undefined : sql`${harvesterSessions.completedAt} is null`,
    );
    const order = orderOf(
      {
        id: harvesterSessions.id,
        createdAt: harvesterSessions.createdAt,
        status: harvesterSessions.status,
        name: harvesterSessions.name,
      },
      sort,
    );
    const rows = await this.tx
      .select()
      .from(harvesterSessions)
      .where(where)
      .orderBy(...order, desc(harvesterSessions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [count] = await this.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(harvesterSessions)
      .where(where);
    return { rows, total: Number(count?.n ?? 0) };
  }

  /** Transactions of sessions by status: `{ sessionId: { status: n } }`. */
  async statusCounts(sessionIds: readonly number[]): Promise<Map<number, Record<string, number>>> {
    const counts = new Map<number, Record<string, number>>();
    if (sessionIds.length === 0) return counts;
    const rows = await this.tx
      .select({
        sessionId: harvesterTransactions.sessionId,
        status: harvesterTransactions.status,
        n: sql<number>`count(*)::int`,
      })
      .from(harvesterTransactions)
      .where(and(this.own(harvesterTransactions), anyId(harvesterTransactions.sessionId, sessionIds)))
      .groupBy(harvesterTransactions.sessionId, harvesterTransactions.status);
    for (const row of rows) {
      const bucket = counts.get(row.sessionId) ?? {};
      bucket[row.status] = Number(row.n);
      counts.set(row.sessionId, bucket);
    }
    return counts;
  }

  /** Items and value (per currency) of the sessions' completed transactions. */
  async moved(
    sessionIds: readonly number[],
  ): Promise<Map<number, { items: number; value: { currency: string; amount: number }[] }>> {
    const moved = new Map<number, { items: number; value: { currency: string; amount: number }[] }>();
    if (sessionIds.length === 0) return moved;
    const t = harvesterTransactions;
    const where = and(this.own(t), anyId(t.sessionId, sessionIds), eq(t.status, 'completed'));
    const items = await this.tx
      .select({ sessionId: t.sessionId, n: sql<number>`coalesce(sum(${t.itemCount}), 0)::int` })
      .from(t)
      .where(where)
      .groupBy(t.sessionId);
    for (const row of items) moved.set(row.sessionId, { items: Number(row.n), value: [] });
    const result = await this.tx.execute(sql`
      select ${t.sessionId} as session_id, v->>'currency' as currency, sum((v->>'amount')::bigint)::text as amount
      from ${t} cross join lateral jsonb_array_elements(${t.value}) as v
      where ${where}
      group by ${t.sessionId}, v->>'currency' order by 2`);
    for (const row of rowsOf<{ session_id: number; currency: string; amount: string }>(result)) {
      moved.get(Number(row.session_id))?.value.push({ currency: row.currency, amount: Number(row.amount) });
    }
    return moved;
  }

  // --- transactions

  /**
   * Stores planned transactions in statements of a bounded number of items, giving the event loop a turn between
   * them; answers the stored rows without their item lists, in order.
   */
  async insertTransactions(rows: readonly Omit<NewTransaction, 'userId'>[]): Promise<TransactionHead[]> {
    const { items: _items, giveBack: _giveBack, ...columns } = getTableColumns(harvesterTransactions);
    const stored: TransactionHead[] = [];
    let start = 0;
    while (start < rows.length) {
      let end = start;
      let items = 0;
      while (
        end < rows.length &&
        end - start < INSERT_CHUNK &&
        (end === start || items < ITEMS_PER_STATEMENT)
      ) {
        items +=
          (rows[end]!.items as unknown[]).length +
          ((rows[end]!.giveBack as unknown[] | undefined)?.length ?? 0);
        end += 1;
      }
      if (start > 0) await nextTurn();
      stored.push(
        ...(await this.tx
          .insert(harvesterTransactions)
          .values(rows.slice(start, end).map((row) => ({ ...row, userId: this.userId })))
          .returning(columns)),
      );
      start = end;
    }
    return stored;
  }

  async transaction(sessionId: number, id: number): Promise<TransactionRow | null> {
    const [row] = await this.tx
      .select()
      .from(harvesterTransactions)
      .where(
        and(
          this.own(harvesterTransactions),
          eq(harvesterTransactions.sessionId, sessionId),
          eq(harvesterTransactions.id, id),
        ),
      );
    return row ?? null;
  }

  /**
   * A transaction's status moves (the kernel's compare-and-set: two writers never both move it). Answers the row
   * without its item lists (they never change, and reading them back on every step costs more than the step).
   */
  readonly transactionStatus: StatusStore<HarvesterTransactionStatus, TransactionHead> = {
    compareAndSet: async (id, from, set) => {
      const { items: _items, giveBack: _giveBack, ...columns } = getTableColumns(harvesterTransactions);
      const [row] = await this.tx
        .update(harvesterTransactions)
        .set(set)
        .where(
          and(
            this.own(harvesterTransactions),
            eq(harvesterTransactions.id, id),
            anyText(harvesterTransactions.status, from),
          ),
        )
        .returning(columns);
      return row ?? null;
    },
  };

  /**
   * The session's transactions not yet ended, run by run: a page of them after `after` (run and id), with their
   * item lists.
   */
  openTransactions(
    sessionId: number,
    after: { run: number; id: number } | null = null,
    limit = OPEN_PAGE,
  ): Promise<TransactionRow[]> {
    const t = harvesterTransactions;
    return this.tx
      .select()
      .from(t)
      .where(
        and(
          this.own(t),
          eq(t.sessionId, sessionId),
          sql`${t.status} not in ('completed', 'cancelled', 'error')`,
          after ? sql`(${t.run}, ${t.id}) > (${after.run}, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(t.run), asc(t.id))
      .limit(limit);
  }

  transactionsIn(
    sessionId: number,
    ids: readonly number[] | null,
    statuses: readonly HarvesterTransactionStatus[],
  ) {
    return this.tx
      .select()
      .from(harvesterTransactions)
      .where(
        and(
          this.own(harvesterTransactions),
          eq(harvesterTransactions.sessionId, sessionId),
          ids === null
            ? anyText(harvesterTransactions.status, statuses)
            : anyId(harvesterTransactions.id, ids),
        ),
      )
      .orderBy(asc(harvesterTransactions.id));
  }

  /** What the summary adds up: every transaction's outcome without its item lists. */
  outcomes(sessionId: number) {
    return this.tx
      .select({
        status: harvesterTransactions.status,
        game: harvesterTransactions.game,
        sourceId: harvesterTransactions.sourceId,
        sourceLogin: harvesterTransactions.sourceLogin,
        targetId: harvesterTransactions.targetId,
        targetLogin: harvesterTransactions.targetLogin,
        itemCount: harvesterTransactions.itemCount,
        value: harvesterTransactions.value,
        giveBackCount: harvesterTransactions.giveBackCount,
        errorReason: harvesterTransactions.errorReason,
      })
      .from(harvesterTransactions)
      .where(and(this.own(harvesterTransactions), eq(harvesterTransactions.sessionId, sessionId)));
  }

  /** A page of a session's transactions (OFFSET or keyset) with its capped total. */
  async transactionsPage(
    sessionId: number,
    filters: TransactionFilters,
    sort: SortOf<'id' | 'status' | 'itemCount' | 'value' | 'updatedAt' | 'run'>,
    window: ListWindow,
  ) {
    const t = harvesterTransactions;
    const where = and(
      this.own(t),
      eq(t.sessionId, sessionId),
      filters.withStatus.length > 0 ? anyText(t.status, filters.withStatus) : undefined,
      filters.accountIds.length > 0
        ? or(anyId(t.sourceId, filters.accountIds), anyId(t.targetId, filters.accountIds))
        : undefined,
      filters.sourceIds.length > 0 ? anyId(t.sourceId, filters.sourceIds) : undefined,
      filters.targetIds.length > 0 ? anyId(t.targetId, filters.targetIds) : undefined,
      filters.game ? eq(t.game, filters.game) : undefined,
    )!;
    const keys = transactionKeys(sort);
    const rows = await this.tx
      .select({ row: t, ...keyColumns(keys) })
      .from(t)
      .where(window.after ? and(where, afterKeys(keys, window.after)) : where)
      .orderBy(...orderByKeys(keys))
      .limit(window.pageSize)
      .offset(window.offset);
    const count = await countMatches(this.tx, { table: t, where }, window, rows.length, {
      list: 'harvesterTransactions',
      userId: this.userId,
      sources: ['harvester_transactions'],
    });
    return listAnswer(rows, (entry) => entry.row, window, keys, count);
  }
}

function rowsOf<T>(result: unknown): T[] {
  // node-postgres and PGlite answer { rows }; drizzle may hand back the array itself.
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** ORDER BY terms of a list's sort over the columns it may sort by. */
/** The order of a transactions page: the chosen sort, then the id. */
export function transactionKeys(
  sort: SortOf<'id' | 'status' | 'itemCount' | 'value' | 'updatedAt' | 'run'>,
): ListKey[] {
  const t = harvesterTransactions;
  const columns = {
    id: t.id,
    status: t.status,
    itemCount: t.itemCount,
    value: sql`coalesce((${t.value}->0->>'amount')::bigint, 0)`,
    updatedAt: t.updatedAt,
    run: t.run,
  };
  return [
    ...sort.map((s) => ({ expr: columns[s.propertyName], descending: s.isDescending })),
    { expr: t.id, descending: false },
  ];
}

function orderOf<K extends string>(columns: Record<K, SQLWrapper>, sort: SortOf<K>): SQL[] {
  return sort.map((s) => (s.isDescending ? desc(columns[s.propertyName]) : asc(columns[s.propertyName])));
}
