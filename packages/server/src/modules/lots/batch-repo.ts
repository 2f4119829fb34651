import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
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

/** Apply jobs of every user still marked running whose heartbeat stopped before `staleBefore` (all when null). */
export async function interruptedJobs(
  db: Db,
  staleBefore: Date | null,
): Promise<{ id: number; userId: string }[]> {
  const running = eq(lotRepriceJobs.status, 'running');
  return db
    .select({ id: lotRepriceJobs.id, userId: lotRepriceJobs.userId })
    .from(lotRepriceJobs)
    .where(
      staleBefore
        ? and(
            running,
            or(
              lt(lotRepriceJobs.heartbeatAt, staleBefore),
              and(isNull(lotRepriceJobs.heartbeatAt), lt(lotRepriceJobs.createdAt, staleBefore)),
            ),
          )
        : running,
    );
}
