import { and, asc, eq, gt, lt, lte, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { hubEvents, hubKeys, hubSources } from '../../db/schema.ts';

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
  payload: unknown;
}

function sameSource(key: SourceKey) {
  return and(
    eq(hubEvents.userId, key.userId),
    eq(hubEvents.hub, key.hub),
    eq(hubEvents.sourceId, key.sourceId),
  );
}

export class HubEventRepo {
  constructor(private readonly db: Db) {}

  /**
   * Gives the event the next version of its source, stores it, trims the source to `keepCount` events and sends
   * `notice(event)` on `channel`, all in one transaction: listeners hear of the event only once it is committed.
   */
  async append(
    input: AppendInput,
    keepCount: number,
    channel: string,
    notice: (event: StoredEvent) => string,
  ): Promise<StoredEvent> {
    return this.db.transaction(async (tx) => {
      const [head] = await tx
        .insert(hubSources)
        .values({ userId: input.userId, hub: input.hub, sourceId: input.sourceId, lastVersion: 1 })
        .onConflictDoUpdate({
          target: [hubSources.userId, hubSources.hub, hubSources.sourceId],
          set: { lastVersion: sql`${hubSources.lastVersion} + 1`, updatedAt: sql`now()` },
        })
        .returning({ version: hubSources.lastVersion });
      const version = head!.version;
      const [row] = await tx
        .insert(hubEvents)
        .values({ ...input, version, payload: input.payload as never })
        .returning({ id: hubEvents.id, createdAt: hubEvents.createdAt });
      if (version > keepCount) {
        await tx.delete(hubEvents).where(and(sameSource(input), lte(hubEvents.version, version - keepCount)));
      }
      const event: StoredEvent = { ...input, id: row!.id, version, createdAt: row!.createdAt };
      await tx.execute(sql`select pg_notify(${channel}, ${notice(event)})`);
      return event;
    });
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
