import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { workspaces } from '../../db/schema.ts';
import { rowsOf } from '../../db/sql-fragments.ts';
import { JOBS_SCHEMA } from '../../jobs/schema-name.ts';
import type { UserScope } from '../../security/user-scope.ts';

/** A workspace of the sweep, and whether its last scheduled batch is still going. */
export interface ScheduledWorkspace {
  workspaceId: string;
  /** The period of the periodic reads; null when off (its accounts are still read after our trades). */
  hours: number | null;
  batchGoing: boolean;
}

/** Which accounts a sweep queues for a workspace. */
export interface DueAccountsQuery {
  /** Accounts last read before this are due; null when the periodic reads are off. */
  staleBefore: Date | null;
  /** Trades completed since this are looked at: older ones are long covered by a sweep (one every 5 minutes). */
  tradedSince: Date;
  limit: number;
}

/**
 * The SQL of scheduled inventory reads, across workspaces (the sweep runs as the server, not as a member). Batches
 * waiting or running are read from the job queue itself, so a batch queued by another process counts too.
 */
export class ScheduleRepo {
  constructor(private readonly db: Db) {}

  /** Every workspace: with the period off, its accounts are still read after our trades. */
  async scheduledWorkspaces(queue: string): Promise<ScheduledWorkspace[]> {
    const rows = rowsOf<{ id: string; hours: number | null; going: boolean }>(
      await this.db.execute(sql`
        select w.id, w.inventory_refresh_hours as hours,
               exists (select 1 from ${sql.identifier(JOBS_SCHEMA)}.job j
                        where j.name = ${queue} and j.state in ('created', 'retry', 'active')
                          and j.data->>'userId' = w.id::text and (j.data->>'scheduled')::boolean) as going
          from workspaces w
         order by w.id`),
    );
    return rows.map((row) => ({
      workspaceId: row.id,
      hours: row.hours === null ? null : Number(row.hours),
      batchGoing: row.going,
    }));
  }

  /**
   * The workspace's accounts due a read, at most `limit`: first those a trade of ours involved since their last
   * read, then (with the period on) those last read before `staleBefore`, never read first, then oldest. Accounts
   * already in a waiting or running batch are left to it, and accounts that cannot sign in (no Steam id yet, or the
   * last sign-in failed) are left to an on-demand read, since a scheduled one would only fail again.
   */
  async dueAccounts(queue: string, workspaceId: string, due: DueAccountsQuery): Promise<number[]> {
    const since = due.tradedSince.toISOString();
    const staleBefore = due.staleBefore?.toISOString() ?? null;
    // A trade of ours is an accepted harvester offer (both sides), a delivery the market took from the seller's
    // Steam account, or a send or accept of ours Steam took (our account, and the partner when it is one of the
    // workspace's own). A trade found reversed (its items back where they came from) counts again from the time
    // it was found, on both sides. Each source is read by the workspace (or its accounts) and bounded in time.
    const rows = rowsOf<{ id: number }>(
      await this.db.execute(sql`
        with own as (
          select id, steam_id from steam_accounts where user_id = ${workspaceId}
        ), intents as (
          -- Through (account_id, created_at): an intent completes within minutes of its claim (a 2-minute lease).
          select i.account_id, i.partner_steam_id, i.completed_at from steam_trade_intents i
           where i.account_id in (select id from own) and i.created_at > ${since}::timestamptz
             and i.kind in ('send', 'accept') and i.status = 'done' and i.completed_at > ${since}::timestamptz
        ), reversals as (
          select w.account_id, w.partner_steam_id, w.reversed_at from steam_trade_watches w
           where w.user_id = ${workspaceId} and w.status = 'reversed' and w.reversed_at > ${since}::timestamptz
        ), traded_at as (
          select t.source_id as account_id, t.updated_at as at from harvester_transactions t
           where t.user_id = ${workspaceId} and t.status = 'completed' and t.updated_at > ${since}::timestamptz
          union all
          select t.target_id, t.updated_at from harvester_transactions t
           where t.user_id = ${workspaceId} and t.status = 'completed' and t.updated_at > ${since}::timestamptz
          union all
          select s.steam_account_id, d.ready_at from seller_deliveries d
            join seller_accounts s on s.id = d.seller_account_id
           where d.user_id = ${workspaceId} and d.status = 'ready' and d.ready_at > ${since}::timestamptz
          union all
          select x.account_id, x.completed_at from intents x
          union all
          select partner.id, x.completed_at from intents x join own partner on partner.steam_id = x.partner_steam_id
          union all
          select r.account_id, r.reversed_at from reversals r
          union all
          select partner.id, r.reversed_at from reversals r join own partner on partner.steam_id = r.partner_steam_id
        ), traded as (
          select account_id, max(at) as at from traded_at group by account_id
        )
        select a.id
          from steam_accounts a
          left join (select account_id, max(attempted_at) as read_at
                       from steam_inventory_scans where user_id = ${workspaceId}
                      group by account_id) s on s.account_id = a.id
          left join traded tr on tr.account_id = a.id and (s.read_at is null or tr.at > s.read_at)
         where a.user_id = ${workspaceId}
           and a.steam_id is not null and a.status <> 2
           and (tr.account_id is not null
                or (${staleBefore}::timestamptz is not null
                    and (s.read_at is null or s.read_at < ${staleBefore}::timestamptz)))
           and not exists (
             select 1 from ${sql.identifier(JOBS_SCHEMA)}.job j
              where j.name = ${queue} and j.state in ('created', 'retry', 'active')
                and j.data->>'userId' = ${workspaceId}
                and j.data->'accountIds' @> to_jsonb(a.id))
         order by (tr.account_id is null), s.read_at asc nulls first, a.id
         limit ${due.limit}`),
    );
    return rows.map((row) => Number(row.id));
  }
}

/** The active workspace's own schedule, read and set as a member (only its owner may set it: row-level security). */
export class ScheduleSettingRepo {
  constructor(private readonly scope: UserScope) {}

  run<T>(workspaceId: string, work: (q: ScheduleSettingQueries) => Promise<T>): Promise<T> {
    return this.scope.run(workspaceId, (tx) => work(new ScheduleSettingQueries(tx, workspaceId)));
  }
}

export class ScheduleSettingQueries {
  constructor(
    private readonly tx: Db,
    private readonly workspaceId: string,
  ) {}

  async hours(): Promise<number | null> {
    const [row] = await this.tx
      .select({ hours: workspaces.inventoryRefreshHours })
      .from(workspaces)
      .where(eq(workspaces.id, this.workspaceId));
    return row?.hours ?? null;
  }

  /** False when the caller may not change it. */
  async setHours(hours: number | null): Promise<boolean> {
    const updated = await this.tx
      .update(workspaces)
      .set({ inventoryRefreshHours: hours })
      .where(eq(workspaces.id, this.workspaceId))
      .returning({ id: workspaces.id });
    return updated.length > 0;
  }
}
