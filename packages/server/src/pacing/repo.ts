/**
 * Limiter states in the database, shared by every server process: one row per (egress or account, class), moved
 * by compare-and-set on its version (store.ts), so two processes never both take the same slot.
 */
import { and, eq, gt, like } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { pacingLimiters } from '../db/schema.ts';
import type { LimiterState } from './limiter.ts';
import type { PacingStore, VersionedState } from './store.ts';

export class DbPacingStore implements PacingStore {
  constructor(private readonly db: Db) {}

  async read(key: string): Promise<VersionedState | null> {
    const [row] = await this.db
      .select({ state: pacingLimiters.state, version: pacingLimiters.version })
      .from(pacingLimiters)
      .where(eq(pacingLimiters.key, key));
    return row ? { state: row.state as LimiterState, version: row.version } : null;
  }

  async write(key: string, version: number | null, next: LimiterState): Promise<boolean> {
    const restUntil = next.restUntil;
    if (version === null) {
      const inserted = await this.db
        .insert(pacingLimiters)
        .values({ key, state: next, version: 1, restUntil })
        .onConflictDoNothing()
        .returning({ key: pacingLimiters.key });
      return inserted.length === 1;
    }
    const updated = await this.db
      .update(pacingLimiters)
      .set({ state: next, version: version + 1, restUntil })
      .where(and(eq(pacingLimiters.key, key), eq(pacingLimiters.version, version)))
      .returning({ key: pacingLimiters.key });
    return updated.length === 1;
  }

  async list(prefix: string): Promise<{ key: string; state: LimiterState }[]> {
    const rows = await this.db
      .select({ key: pacingLimiters.key, state: pacingLimiters.state })
      .from(pacingLimiters)
      .where(like(pacingLimiters.key, `${prefix.replace(/[\\%_]/g, '\\$&')}%`));
    return rows.map((row) => ({ key: row.key, state: row.state as LimiterState }));
  }

  async resting(now: number): Promise<{ key: string; state: LimiterState }[]> {
    const rows = await this.db
      .select({ key: pacingLimiters.key, state: pacingLimiters.state })
      .from(pacingLimiters)
      .where(gt(pacingLimiters.restUntil, now));
    return rows.map((row) => ({ key: row.key, state: row.state as LimiterState }));
  }
}
