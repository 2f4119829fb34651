import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { harvesterSessions, lotRepriceJobs, steamLoginThrottle, steamTradeIntents } from '../db/schema.ts';
import { rowsOf } from '../db/sql-fragments.ts';
import { JOBS_SCHEMA } from '../jobs/schema-name.ts';

/** One held lease as stored: its kind, what it holds, the owner tag and its times. */
export interface LeaseRow {
  kind: 'job' | 'tradeIntent' | 'harvesterSession' | 'repricingApply' | 'renewalTurn';
  what: string;
  owner: string | null;
  since: Date | null;
  expiresAt: Date | null;
}

/**
 * Every lease row across users and queues, for the administrators' view (run as the table owner, outside any
 * user's scope): running pg-boss jobs (their renewal moves `started_on`, so the lease ends at `started_on +
 * expire_in`, and names its process in `output`), pending trade intents, harvester sessions held by a runner and
 * repricing applies being written, and the Steam session renewal turns held now (rows `turn:renew:<steam id>` of the
 * shared throttle table, taken for `turnMs` and naming no process). `applyStaleMs` is how long an apply's heartbeat
 * may pause before it counts as cut.
 */
export class LeasesRepo {
  constructor(private readonly db: Db) {}

  async all(applyStaleMs: number, turnMs: number, now: number): Promise<LeaseRow[]> {
    const rows = rowsOf<{
      kind: LeaseRow['kind'];
      what: string;
      owner: string | null;
      since: string | Date | null;
      expires_at: string | Date | null;
    }>(
      await this.db.execute(sql`
        select 'job' as kind, name || ' ' || id::text as what,
               case when output->>'leaseRun' = retry_count::text then output->>'leaseOwner' end as owner,
               created_on as since, started_on + expire_in as expires_at
          from ${sql.identifier(JOBS_SCHEMA)}.job where state = 'active'
        union all
        select 'tradeIntent', ${steamTradeIntents.kind} || ' ' || ${steamTradeIntents.reference}
                 || ' (account ' || ${steamTradeIntents.accountId}::text || ')',
               ${steamTradeIntents.owner}, ${steamTradeIntents.createdAt}, ${steamTradeIntents.leaseUntil}
          from ${steamTradeIntents} where ${steamTradeIntents.status} = 'pending'
        union all
        select 'harvesterSession', 'session ' || ${harvesterSessions.id}::text, ${harvesterSessions.runnerOwner},
               ${harvesterSessions.startedAt}, ${harvesterSessions.leaseUntil}
          from ${harvesterSessions} where ${harvesterSessions.runnerOwner} is not null
        union all
        select 'repricingApply', 'apply ' || ${lotRepriceJobs.id}::text, ${lotRepriceJobs.owner},
               ${lotRepriceJobs.createdAt},
               coalesce(${lotRepriceJobs.heartbeatAt}, ${lotRepriceJobs.createdAt})
                 + ${applyStaleMs} * interval '1 millisecond'
          from ${lotRepriceJobs} where ${lotRepriceJobs.owner} is not null and ${lotRepriceJobs.finishedAt} is null
        union all
        select 'renewalTurn', 'renew ' || substr(${steamLoginThrottle.key}, 12), null,
               to_timestamp((${steamLoginThrottle.nextSlotAt} - ${turnMs}::bigint) / 1000.0),
               to_timestamp(${steamLoginThrottle.nextSlotAt} / 1000.0)
          from ${steamLoginThrottle}
         where ${steamLoginThrottle.key} like 'turn:renew:%' and ${steamLoginThrottle.nextSlotAt} > ${now}::bigint
        order by 1, 2`),
    );
    const date = (value: string | Date | null) => (value === null ? null : new Date(value));
    return rows.map((row) => ({
      kind: row.kind,
      what: row.what,
      owner: row.owner,
      since: date(row.since),
      expiresAt: date(row.expires_at),
    }));
  }
}
