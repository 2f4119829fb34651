import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { workspaces } from '../../db/schema.ts';
import { rowsOf } from '../../db/sql-fragments.ts';
import { JOBS_SCHEMA } from '../../jobs/schema-name.ts';
import type { UserScope } from '../../security/user-scope.ts';

/** A workspace whose inventories are read on a schedule, and whether its last scheduled batch is still going. */
export interface ScheduledWorkspace {
  workspaceId: string;
  hours: number;
  batchGoing: boolean;
}

/**
 * The SQL of scheduled inventory reads, across workspaces (the sweep runs as the server, not as a member). Batches
 * waiting or running are read from the job queue itself, so a batch queued by another process counts too.
 */
export class ScheduleRepo {
  constructor(private readonly db: Db) {}

  /** Workspaces with the schedule on. */
  async scheduledWorkspaces(queue: string): Promise<ScheduledWorkspace[]> {
    const rows = rowsOf<{ id: string; hours: number; going: boolean }>(
      await this.db.execute(sql`
        select w.id, w.inventory_refresh_hours as hours,
               exists (select 1 from ${sql.identifier(JOBS_SCHEMA)}.job j
                        where j.name = ${queue} and j.state in ('created', 'retry', 'active')
                          and j.data->>'userId' = w.id::text and (j.data->>'scheduled')::boolean) as going
          from workspaces w
         where w.inventory_refresh_hours is not null
         order by w.id`),
    );
    return rows.map((row) => ({ workspaceId: row.id, hours: Number(row.hours), batchGoing: row.going }));
  }

  /**
   * The workspace's accounts last read before `staleBefore` (never read first, then oldest), at most `limit`:
   * accounts already in a waiting or running batch are left to it, and accounts that cannot sign in (no Steam id
   * yet, or the last sign-in failed) are left to an on-demand read, since a scheduled one would only fail again.
   */
  async staleAccounts(
    queue: string,
    workspaceId: string,
    staleBefore: Date,
    limit: number,
  ): Promise<number[]> {
    const rows = rowsOf<{ id: number }>(
      await this.db.execute(sql`
        select a.id
          from steam_accounts a
          left join (select account_id, max(attempted_at) as read_at
                       from steam_inventory_scans where user_id = ${workspaceId}
                      group by account_id) s on s.account_id = a.id
         where a.user_id = ${workspaceId}
           and a.steam_id is not null and a.status <> 2
           and (s.read_at is null or s.read_at < ${staleBefore.toISOString()}::timestamptz)
           and not exists (
             select 1 from ${sql.identifier(JOBS_SCHEMA)}.job j
              where j.name = ${queue} and j.state in ('created', 'retry', 'active')
                and j.data->>'userId' = ${workspaceId}
                and j.data->'accountIds' @> to_jsonb(a.id))
         order by s.read_at asc nulls first, a.id
         limit ${limit}`),
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
