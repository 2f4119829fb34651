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

/** All SQL of the idempotency keys: each call in its own short transaction, so other requests see it at once. */
export class IdempotencyRepo {
  constructor(
    private readonly db: Db,
    private readonly scope: UserScope,
  ) {}

  /**
   * Claims the key for this request: inserts it as `running`, or takes over a row whose time ran out. Null when
   * the key is claimed already; the row found then tells how (`found`).
   */
  claim(
    userId: string,
    request: KeyedRequest,
    now: Date,
    expiresAt: Date,
  ): Promise<{ claimed: true } | { claimed: false; found: IdempotencyRow | null }> {
    return this.scope.run(userId, async (tx) => {
      const fresh = { ...request, status: 'running' as const, httpStatus: null, answer: null };
      const inserted = await tx
        .insert(idempotencyKeys)
        .values({ userId, ...fresh, createdAt: now, expiresAt })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length > 0) return { claimed: true };
      const own = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, request.key));
      const renewed = await tx
        .update(idempotencyKeys)
        .set({ ...fresh, createdAt: now, expiresAt })
        .where(and(own, lte(idempotencyKeys.expiresAt, now)))
        .returning({ key: idempotencyKeys.key });
      if (renewed.length > 0) return { claimed: true };
      const [found] = await tx.select().from(idempotencyKeys).where(own);
      return { claimed: false, found: found ?? null };
    });
  }

  /** The user's row of a key whose time has not run out, or null. */
  find(userId: string, key: string, now: Date): Promise<IdempotencyRow | null> {
    return this.scope.run(userId, async (tx) => {
      const [found] = await tx
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            gt(idempotencyKeys.expiresAt, now),
          ),
        );
      return found ?? null;
    });
  }

  /** Records the first answer of a claimed key. */
  async finish(userId: string, key: string, httpStatus: number, answer: unknown): Promise<void> {
    await this.scope.run(userId, (tx) =>
      tx
        .update(idempotencyKeys)
        .set({ status: 'done', httpStatus, answer })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))),
    );
  }

  /** Frees a claimed key whose request was refused before it acted: the same key may try again. */
  async release(userId: string, key: string): Promise<void> {
    await this.scope.run(userId, (tx) =>
      tx
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            eq(idempotencyKeys.status, 'running'),
          ),
        ),
    );
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
