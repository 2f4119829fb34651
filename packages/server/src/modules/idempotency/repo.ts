import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { idempotencyKeys } from '../../db/schema.ts';
import type { UserScope } from '../../security/user-scope.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** What a key's first request was: the operation and a keyed hash of its input. */
export interface KeyedRequest {
  key: string;
  operation: string;
  requestHash: string;
}

/**
 * All SQL of the idempotency keys. A gate's step is one `run`, its own short transaction in the user's scope, so
 * other requests see it at once.
 */
export class IdempotencyRepo {
  constructor(
    private readonly db: Db,
    private readonly scope: UserScope,
  ) {}

  run<T>(userId: string, work: (q: IdempotencyQueries) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new IdempotencyQueries(tx, userId)));
  }

  /** Deletes the keys of every user whose time ran out (the owner role: across users); how many. */
  async purge(now: Date): Promise<number> {
    const gone = await this.db
      .delete(idempotencyKeys)
      .where(lte(idempotencyKeys.expiresAt, now))
      .returning({ one: sql<number>`1` });
    return gone.length;
  }
}

/** One user's keys, inside the user's scope. */
export class IdempotencyQueries {
  constructor(
    private readonly tx: Db,
    readonly userId: string,
  ) {}

  private own(key: string) {
    return and(eq(idempotencyKeys.userId, this.userId), eq(idempotencyKeys.key, key));
  }

  /**
   * Claims the key for this request: inserts it as `running`, or takes over a row whose time ran out. Null when
   * the key is claimed already; the row found then tells how (`found`).
   */
  async claim(
    request: KeyedRequest,
    now: Date,
    expiresAt: Date,
  ): Promise<{ claimed: true } | { claimed: false; found: IdempotencyRow | null }> {
    const fresh = { ...request, status: 'running' as const, httpStatus: null, answer: null };
    const inserted = await this.tx
      .insert(idempotencyKeys)
      .values({ userId: this.userId, ...fresh, createdAt: now, expiresAt })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { claimed: true };
    const renewed = await this.tx
      .update(idempotencyKeys)
      .set({ ...fresh, createdAt: now, expiresAt })
      .where(and(this.own(request.key), lte(idempotencyKeys.expiresAt, now)))
      .returning({ key: idempotencyKeys.key });
    if (renewed.length > 0) return { claimed: true };
    const [found] = await this.tx.select().from(idempotencyKeys).where(this.own(request.key));
    return { claimed: false, found: found ?? null };
  }

  /** The user's row of a key whose time has not run out, or null. */
  async find(key: string, now: Date): Promise<IdempotencyRow | null> {
    const [found] = await this.tx
      .select()
      .from(idempotencyKeys)
      .where(and(this.own(key), gt(idempotencyKeys.expiresAt, now)));
    return found ?? null;
  }

  /** Records the first answer of a claimed key. */
  async finish(key: string, httpStatus: number, answer: unknown): Promise<void> {
    await this.tx.update(idempotencyKeys).set({ status: 'done', httpStatus, answer }).where(this.own(key));
  }

  /** Frees a claimed key whose request was refused before it acted: the same key may try again. */
  async release(key: string): Promise<void> {
    await this.tx.delete(idempotencyKeys).where(and(this.own(key), eq(idempotencyKeys.status, 'running')));
  }
}
