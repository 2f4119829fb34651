import { and, asc, eq, gt, lt, lte, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { hubEvents, hubKeys, hubSources } from '../../db/schema.ts';
import { rowsOf } from '../../db/sql-fragments.ts';

export interface SourceKey {
  userId: string;
  hub: string;
  sourceId: string;
}

export interface StoredEvent extends SourceKey {
  id: number;
  version: number;
  eventName: string;
  payload: unknown;
  createdAt: Date;
}

export interface AppendInput extends SourceKey {
  eventName: string;
  /** One or more payloads: they get consecutive versions in this order. */
  payloads: unknown[];
  /**
   * Appends only when no event of this name after `afterVersion` has `field` equal to `value` in its payload
   * (checked and appended under one lock of the source, so two writers cannot both append).
   */
  once?: { field: string; value: string; afterVersion: number };
}

function sameSource(key: SourceKey) {
  return and(
    eq(hubEvents.userId, key.userId),
    eq(hubEvents.hub, key.hub),
    eq(hubEvents.sourceId, key.sourceId),
  );
}

export class HubEventRepo {
  /**
   * With `inTransaction`, `db` is an open transaction the appends join as they are (no savepoint of their own):
   * they commit or roll back with the change they announce.
   */
  constructor(
    private readonly db: Db,
    private readonly inTransaction = false,
  ) {}

  /**
   * Gives the events the next versions of their source, stores them, trims the source to `keepCount` events and
   * sends `notice(event)` for each on `channel`, all in one transaction: listeners hear of events only once they
   * are committed, in version order.
   */
  async append(
    input: AppendInput,
    keepCount: number,
    channel: string,
    notice: (event: StoredEvent) => string,
  ): Promise<StoredEvent[]> {
    const count = input.payloads.length;
    if (count === 0) return [];
    const { userId, hub, sourceId, eventName } = input;
    const work = async (tx: Db) => {
      if (input.once && (await this.alreadyAppended(tx, input, input.once))) return [];
      // The upsert locks the source's head row until commit, so concurrent appends take turns per source.
      const [head] = await tx
        .insert(hubSources)
        .values({ userId, hub, sourceId, lastVersion: count })
        .onConflictDoUpdate({
          target: [hubSources.userId, hubSources.hub, hubSources.sourceId],
          set: { lastVersion: sql`${hubSources.lastVersion} + ${count}`, updatedAt: sql`now()` },
        })
        .returning({ version: hubSources.lastVersion });
      const first = head!.version - count + 1;
      // One parameter for all the payloads: a batch of thousands of events (a check run's results) builds no
      // statement tree and no parameter per row.
      const inserted = await tx.execute(sql`
        insert into ${hubEvents} (user_id, hub, source_id, event_name, version, payload)
        select ${userId}, ${hub}, ${sourceId}, ${eventName}, ${first}::bigint + e.ord - 1, e.value
        from jsonb_array_elements(${JSON.stringify(input.payloads)}::jsonb) with ordinality as e(value, ord)
        returning id, version, extract(epoch from created_at)::float8 * 1000 as created_ms`);
      const rows = rowsOf<{ id: number | string; version: number | string; created_ms: number | string }>(
        inserted,
      )
        .map((row) => ({
          id: Number(row.id),
          version: Number(row.version),
          createdAt: new Date(Number(row.created_ms)),
        }))
        .sort((a, b) => a.version - b.version);
      if (head!.version > keepCount) {
        await tx
          .delete(hubEvents)
          .where(and(sameSource(input), lte(hubEvents.version, head!.version - keepCount)));
      }
      const events: StoredEvent[] = rows.map((row, index) => ({
        userId,
        hub,
        sourceId,
        eventName,
        payload: input.payloads[index],
        id: row.id,
        version: row.version,
        createdAt: row.createdAt,
      }));
      const notices = events.map(notice);
      // One statement for the batch; the function scan yields the array in order, so notices keep version order.
      await tx.execute(
        sql`select pg_notify(${channel}, n) from jsonb_array_elements_text(${JSON.stringify(notices)}::jsonb) as t(n)`,
      );
      return events;
    };
    return this.inTransaction ? work(this.db) : this.db.transaction((tx) => work(tx as unknown as Db));
  }

  /** Whether the event `once` names is in the log; holds the source's append lock until the transaction ends. */
  private async alreadyAppended(tx: Db, input: AppendInput, once: NonNullable<AppendInput['once']>) {
    const lockKey = `${input.userId}/${input.hub}/${input.sourceId}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
    const found = await tx
      .select({ id: hubEvents.id })
      .from(hubEvents)
      .where(
        and(
          sameSource(input),
          eq(hubEvents.eventName, input.eventName),
          gt(hubEvents.version, once.afterVersion),
          sql`${hubEvents.payload}->>${once.field} = ${once.value}`,
        ),
      )
      .limit(1);
    return found.length > 0;
  }

  /** The last version given out for a source (0 before its first event). */
  async headVersion(key: SourceKey): Promise<number> {
    const rows = await this.db
      .select({ version: hubSources.lastVersion })
      .from(hubSources)
      .where(
        and(
          eq(hubSources.userId, key.userId),
          eq(hubSources.hub, key.hub),
          eq(hubSources.sourceId, key.sourceId),
        ),
      );
    return rows[0]?.version ?? 0;
  }

  async oldestVersion(key: SourceKey): Promise<number | null> {
    const rows = await this.db
      .select({ version: min(hubEvents.version) })
      .from(hubEvents)
      .where(sameSource(key));
    return rows[0]?.version ?? null;
  }

  async eventsAfter(key: SourceKey, afterVersion: number, limit: number): Promise<StoredEvent[]> {
    const rows = await this.db
      .select()
      .from(hubEvents)
      .where(and(sameSource(key), gt(hubEvents.version, afterVersion)))
      .orderBy(asc(hubEvents.version))
      .limit(limit);
    return rows.map(toStored);
  }

  async eventById(id: number): Promise<StoredEvent | null> {
    const rows = await this.db.select().from(hubEvents).where(eq(hubEvents.id, id));
    return rows[0] ? toStored(rows[0]) : null;
  }

  async deleteOlderThan(cutoff: Date): Promise<void> {
    await this.db.delete(hubEvents).where(lt(hubEvents.createdAt, cutoff));
  }

  /** The stored key of that name; the first process to ask stores `candidate`, and all later ones read it. */
  async sharedKey(name: string, candidate: string): Promise<string> {
    await this.db.insert(hubKeys).values({ name, secret: candidate }).onConflictDoNothing();
    const rows = await this.db.select({ secret: hubKeys.secret }).from(hubKeys).where(eq(hubKeys.name, name));
    return rows[0]!.secret;
  }
}

function toStored(row: typeof hubEvents.$inferSelect): StoredEvent {
  return {
    id: row.id,
    userId: row.userId,
    hub: row.hub,
    sourceId: row.sourceId,
    version: row.version,
    eventName: row.eventName,
    payload: row.payload,
    createdAt: row.createdAt,
  };
}
