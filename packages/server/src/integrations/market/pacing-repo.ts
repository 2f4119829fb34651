/**
 * The market's per-key pacing in the database, shared by every server process. A slot is taken with one atomic
 * upsert (`INSERT ... ON CONFLICT DO UPDATE ... RETURNING`): the row is locked for the statement, so two
 * processes on one Postgres never take the same slot.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { marketKeyPacing } from '../../db/schema.ts';
import type { MarketPacingStore } from './pacing-store.ts';

const at = (epochMs: number) => sql`to_timestamp(${epochMs}::double precision / 1000)`;

export class DbPacingStore implements MarketPacingStore {
  constructor(private readonly db: Db) {}

  async reserve(keyId: string, now: number, spacingMs: number): Promise<number> {
    const rows = await this.db
      .insert(marketKeyPacing)
      .values({
        keyId,
        nextSlot: sql`${at(now)} + ${spacingMs}::double precision * interval '1 millisecond'`,
      })
      .onConflictDoUpdate({
        target: marketKeyPacing.keyId,
        set: {
          nextSlot: sql`greatest(${marketKeyPacing.nextSlot}, ${at(now)}) + ${spacingMs}::double precision * interval '1 millisecond'`,
        },
      })
      .returning({ nextSlot: sql<string>`(extract(epoch from ${marketKeyPacing.nextSlot}) * 1000)::text` });
    return Math.round(Number(rows[0]!.nextSlot)) - spacingMs;
  }

  async rest(keyId: string, until: number): Promise<void> {
    await this.db
      .insert(marketKeyPacing)
      .values({ keyId, nextSlot: at(until) })
      .onConflictDoUpdate({
        target: marketKeyPacing.keyId,
        set: { nextSlot: sql`greatest(${marketKeyPacing.nextSlot}, ${at(until)})` },
      });
  }
}
