import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from './database.ts';
import { KEPT_TOTAL_MS } from './list-totals.ts';
import { rowsOf } from './sql-fragments.ts';

/** How often the change rows are purged. */
const PURGE_EVERY_MS = 60_000;
/**
 * A change row goes once its transaction had ended before a snapshot taken this long ago: every total kept now
 * (at most `KEPT_TOTAL_MS` old, in any process) was counted in a later snapshot, whose xmin is no lower, so the
 * row is below that xmin and its check skips it anyway. Five lifetimes leave room for a stalled process.
 */
const PURGE_AFTER_MS = 5 * KEPT_TOTAL_MS;

/**
 * Purges `list_changes` (drizzle/0030_list_changes.sql) by transaction horizon rather than by age: a row's age
 * says nothing of when its transaction committed, and a long transaction's row must outlive every total counted
 * while it ran. Each pass notes the xmin of its own snapshot and deletes the rows of transactions below the xmin
 * noted `PURGE_AFTER_MS` earlier. Several server processes may each purge; they delete the same rows.
 */
export class ListChangesPurge {
  /** The xmin of each pass's snapshot and when it was taken, oldest first. */
  readonly #horizons: { at: number; xmin: string }[] = [];

  constructor(
    private readonly db: Db,
    private readonly now: () => number = () => performance.now(),
    private readonly afterMs: number = PURGE_AFTER_MS,
  ) {}

  /** One pass: how many rows it deleted. */
  async pass(): Promise<number> {
    const now = this.now();
    let horizon: string | null = null;
    while (this.#horizons.length > 0 && this.#horizons[0]!.at <= now - this.afterMs)
      horizon = this.#horizons.shift()!.xmin;
    const below = horizon === null ? sql`false` : sql`xid < ${horizon}::xid8`;
    const [row] = rowsOf<{ xmin: string; purged: number }>(
      await this.db.execute(sql`with purged as (delete from list_changes where ${below} returning 1)
        select pg_snapshot_xmin(pg_current_snapshot())::text as xmin, (select count(*)::int from purged) as purged`),
    );
    if (row) this.#horizons.push({ at: now, xmin: row.xmin });
    return Number(row?.purged ?? 0);
  }
}

/** Purges the change rows every minute while the app runs. */
export function registerListChangesPurge(app: FastifyInstance, database: Database): void {
  const purge = new ListChangesPurge(database.db);
  const timer = setInterval(() => {
    if (!database.health.reachable) return;
    purge.pass().catch((error: unknown) => app.log.warn({ err: error }, 'list change purge failed'));
  }, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('preClose', async () => clearInterval(timer));
}
