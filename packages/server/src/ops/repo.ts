import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, migrationsFolder } from '../db/database.ts';
import { marketKeyPacing, rateLimits, steamLoginThrottle } from '../db/schema.ts';
import { rowsOf } from '../db/sql-fragments.ts';
import { JOBS_SCHEMA } from '../jobs/schema-name.ts';

export interface QueueDepth {
  queue: string;
  state: string;
  jobs: number;
}

export interface LimiterState {
  limiter: string;
  state: string;
  keys: number;
}

/** How many migrations the server ships with: the journal's entries. */
export function shippedMigrations(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** What the health and metrics endpoints read from the database. */
export class OpsRepo {
  constructor(private readonly db: Db) {}

  /** How many migrations the database has applied (drizzle's own ledger); one round trip, so also a probe. */
  async appliedMigrations(): Promise<number> {
    const [row] = rowsOf<{ applied: string }>(
      await this.db.execute(sql`select count(*)::text as applied from drizzle.__drizzle_migrations`),
    );
    return Number(row?.applied ?? 0);
  }

  /** Jobs waiting or running, per queue and state (finished ones are not a queue's depth). */
  async queueDepths(): Promise<QueueDepth[]> {
    const rows = rowsOf<{ name: string; state: string; jobs: string }>(
      await this.db.execute(sql`
        select name, state::text as state, count(*)::text as jobs
          from ${sql.identifier(JOBS_SCHEMA)}.job
         where state in ('created', 'retry', 'active')
         group by name, state`),
    );
    return rows.map((row) => ({ queue: row.name, state: row.state, jobs: Number(row.jobs) }));
  }

  /**
   * The shared limiters: Steam sign-in keys resting or spaced, market keys waiting for their next slot, and the
   * per-address/account counters with a window still open.
   */
  async limiterStates(now: number): Promise<LimiterState[]> {
    const [row] = rowsOf<Record<string, string>>(
      await this.db.execute(sql`
        select
          (select count(*) from ${steamLoginThrottle} where ${steamLoginThrottle.coolDownUntil} > ${now})::text
            as steam_resting,
          (select count(*) from ${steamLoginThrottle} where ${steamLoginThrottle.nextSlotAt} > ${now})::text
            as steam_spaced,
          (select count(*) from ${marketKeyPacing} where ${marketKeyPacing.nextSlot} > clock_timestamp())::text
            as market_waiting,
          (select count(*) from ${rateLimits}
            where ${rateLimits.windowStart} > clock_timestamp() - interval '1 hour')::text as counters_open`),
    );
    const count = (name: string) => Number(row?.[name] ?? 0);
    return [
      { limiter: 'steam_sign_in', state: 'resting', keys: count('steam_resting') },
      { limiter: 'steam_sign_in', state: 'spaced', keys: count('steam_spaced') },
      { limiter: 'market_key', state: 'waiting', keys: count('market_waiting') },
      { limiter: 'request_counters', state: 'open_window', keys: count('counters_open') },
    ];
  }
}
