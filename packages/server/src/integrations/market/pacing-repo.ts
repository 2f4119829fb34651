/**
 * The market's per-key pacing in the database, shared by every server process. A slot is taken with one statement:
 * a conditional upsert (`INSERT ... ON CONFLICT DO UPDATE ... WHERE next_slot <= clock_timestamp()`) on the
 * database's own clock, read as the statement runs, so of two processes asking at once only one gets the slot and
 * a statement that waited in a queue records when it really ran. The same statement says how long a refused caller
 * waits (the row as it was before the statement).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { marketKeyPacing } from '../../db/schema.ts';
import { rowsOf } from '../../db/sql-fragments.ts';
import type { MarketPacingStore, PacingTake } from './pacing-store.ts';

const at = (epochMs: number) => sql`to_timestamp(${epochMs}::double precision / 1000)`;

export class DbPacingStore implements MarketPacingStore {
  constructor(private readonly db: Db) {}

  async take(keyId: string, _now: number, spacingMs: number): Promise<PacingTake> {
    const after = sql`clock_timestamp() + ${spacingMs}::double precision * interval '1 millisecond'`;
    const [row] = rowsOf<{ granted: string; wait_ms: string | null }>(
      await this.db.execute(sql`
        with taken as (
          insert into ${marketKeyPacing} (key_id, next_slot) values (${keyId}, ${after})
          on conflict (key_id) do update set next_slot = ${after}
          where ${marketKeyPacing.nextSlot} <= clock_timestamp()
          returning key_id
        )
        select (select count(*) from taken)::text as granted,
          (select (extract(epoch from next_slot - clock_timestamp()) * 1000)::text
             from ${marketKeyPacing} where key_id = ${keyId}) as wait_ms`),
    );
    if (Number(row?.granted ?? 0) > 0) return { granted: true };
    // On Postgres a statement that waited on another's insert of a new key finds the conflict but, reading through
    // the snapshot it started with, not the row: the wait is then read again in a fresh statement.
    const waitMs = row?.wait_ms == null ? await this.waitOf(keyId) : Number(row.wait_ms);
    return { granted: false, waitMs: Math.max(1, Math.ceil(waitMs)) };
  }

  private async waitOf(keyId: string): Promise<number> {
    const [row] = rowsOf<{ wait_ms: string | null }>(
      await this.db.execute(sql`
        select (extract(epoch from next_slot - clock_timestamp()) * 1000)::text as wait_ms
          from ${marketKeyPacing} where key_id = ${keyId}`),
    );
    return Number(row?.wait_ms ?? 1);
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
