import { and, asc, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { lotRepriceBatches, lotRepriceJobs } from '../../db/schema.ts';

export type RepriceBatchDbRow = typeof lotRepriceBatches.$inferSelect;

/** The price writes of apply jobs (run in the caller's user scope): written before each market call. */
export class BatchQueries {
  constructor(
    private readonly tx: Db,
    private readonly userId: string,
  ) {}

  /** The intent: this batch is about to be sent. */
  async sending(jobId: number, sellerAccountId: number, itemIds: string[], now: Date): Promise<number> {
    const [row] = await this.tx
      .insert(lotRepriceBatches)
      .values({ userId: this.userId, jobId, sellerAccountId, itemIds, state: 'sending', sentAt: now })
      .returning({ id: lotRepriceBatches.id });
    return (row as { id: number }).id;
  }

  async answered(id: number, refused: Record<string, string>, now: Date): Promise<void> {
    await this.tx
      .update(lotRepriceBatches)
      .set({ state: 'answered', refused, answeredAt: now })
      .where(and(eq(lotRepriceBatches.userId, this.userId), eq(lotRepriceBatches.id, id)));
  }

  async ofJob(jobId: number): Promise<RepriceBatchDbRow[]> {
    return this.tx
      .select()
      .from(lotRepriceBatches)
      .where(and(eq(lotRepriceBatches.userId, this.userId), eq(lotRepriceBatches.jobId, jobId)))
      .orderBy(asc(lotRepriceBatches.id));
  }
}

/**
 * Apply jobs of every user still marked running, with their process: all of them when `staleBefore` is null, else
 * those whose heartbeat stopped before it and those run by another process (the caller asks whether it is gone).
 */
export async function interruptedJobs(
  db: Db,
  staleBefore: Date | null,
  self: string,
): Promise<{ id: number; userId: string; owner: string | null; stale: boolean }[]> {
  const running = eq(lotRepriceJobs.status, 'running');
  const stale = staleBefore
    ? or(
        lt(lotRepriceJobs.heartbeatAt, staleBefore),
        and(isNull(lotRepriceJobs.heartbeatAt), lt(lotRepriceJobs.createdAt, staleBefore)),
      )!
    : sql`true`;
  return db
    .select({
      id: lotRepriceJobs.id,
      userId: lotRepriceJobs.userId,
      owner: lotRepriceJobs.owner,
      stale: sql<boolean>`coalesce(${stale}, false)`,
    })
    .from(lotRepriceJobs)
    .where(and(running, or(stale, and(isNotNull(lotRepriceJobs.owner), ne(lotRepriceJobs.owner, self)))));
}
