import { and, asc, count, eq, gt, notLike, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { userKeys } from '../db/schema.ts';
import { rowsOf } from '../db/sql-fragments.ts';

export interface WrappedKeyRow {
  userId: string;
  wrappedKey: string;
}

/**
 * Every user's wrapped data key, for the master-key maintenance commands (they run as the table owner, not for a
 * request). The key id in each row's envelope (`v1.<kid>.…`) is the row's marker of which master key wraps it.
 */
export class UserKeysRepo {
  constructor(private readonly db: Db) {}

  /**
   * Whether any user's data key is stored, read before migrations run: a database not yet migrated has no table
   * and so no keys.
   */
  async anyKept(): Promise<boolean> {
    const [table] = rowsOf<{ present: boolean }>(
      await this.db.execute(sql`select to_regclass('public.user_keys') is not null as present`),
    );
    if (!table?.present) return false;
    const [row] = rowsOf<{ kept: boolean }>(
      await this.db.execute(sql`select exists (select 1 from ${userKeys}) as kept`),
    );
    return row?.kept === true;
  }

  async total(): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(userKeys);
    return row?.n ?? 0;
  }

  /** Rows not yet wrapped by `activeKid`, in user id order. */
  notWrappedBy(activeKid: string, limit: number): Promise<WrappedKeyRow[]> {
    return this.db
      .select({ userId: userKeys.userId, wrappedKey: userKeys.wrappedKey })
      .from(userKeys)
      .where(notLike(userKeys.wrappedKey, `v1.${activeKid}.%`))
      .orderBy(asc(userKeys.userId))
      .limit(limit);
  }

  /** Rows after `afterUserId` in user id order (a page of the verification walk). */
  page(afterUserId: string | null, limit: number): Promise<WrappedKeyRow[]> {
    return this.db
      .select({ userId: userKeys.userId, wrappedKey: userKeys.wrappedKey })
      .from(userKeys)
      .where(afterUserId ? gt(userKeys.userId, afterUserId) : undefined)
      .orderBy(asc(userKeys.userId))
      .limit(limit);
  }

  /**
   * Replaces one wrapped key only if it is still the one read (compare and set): a row changed meanwhile is left
   * for the next pass. Each replacement commits on its own, so a killed run keeps what it did.
   */
  async replace(row: WrappedKeyRow, wrappedKey: string): Promise<boolean> {
    const changed = await this.db
      .update(userKeys)
      .set({ wrappedKey, rotatedAt: new Date() })
      .where(and(eq(userKeys.userId, row.userId), eq(userKeys.wrappedKey, row.wrappedKey)))
      .returning({ userId: userKeys.userId });
    return changed.length > 0;
  }
}
