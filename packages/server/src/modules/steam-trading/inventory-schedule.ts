import { TRADE_GAME_KEYS } from '@tradedeck/sdk/domain';
import type { Jobs } from '../../jobs/jobs.ts';
import { slotId } from '../../jobs/slot-id.ts';
import { INVENTORY_REFRESH_QUEUE, type InventoryRefreshJobData } from './inventory-job.ts';
import type { ScheduleRepo } from './schedule-repo.ts';

/** How often the scheduled reads are looked for. */
export const SCHEDULE_SWEEP_EVERY_MS = 5 * 60_000;
/**
 * Accounts one sweep queues per workspace: a workspace of thousands is read over several sweeps rather than in one
 * batch that would hold its proxies for hours (200 accounts every 5 minutes is 14,400 in a 6-hour period).
 */
export const SCHEDULE_BATCH_LIMIT = 200;

/**
 * How far back a sweep looks for trades of ours: a trade is seen by the next sweep, 5 minutes on; the bound only keeps
 * each sweep's reads of the trade tables short, with days of slack for a server that was down.
 */
export const TRADES_LOOKBACK_MS = 8 * 24 * 3_600_000;

/** A scheduled batch: marked so the next sweep waits for it to end. */
export interface ScheduledRefreshJobData extends InventoryRefreshJobData {
  scheduled: true;
}

export interface ScheduleDeps {
  repo: ScheduleRepo;
  jobs: Pick<Jobs, 'send'>;
  now: () => number;
  queue?: string;
  limit?: number;
  everyMs?: number;
}

/**
 * Queues one inventory refresh batch per workspace, of its accounts a trade of ours involved since their last read
 * (whatever the period, also with it off) and then of those read longer ago than its period, unless its previous
 * scheduled batch still waits or runs. The batch id is the same in every process for a
 * workspace and a sweep slot, so processes sweeping side by side queue it once. Resolves with the batches queued.
 */
export async function sweepInventorySchedule(deps: ScheduleDeps): Promise<InventoryRefreshJobData[]> {
  const queue = deps.queue ?? INVENTORY_REFRESH_QUEUE;
  const now = deps.now();
  const slot = Math.floor(now / (deps.everyMs ?? SCHEDULE_SWEEP_EVERY_MS));
  const queued: InventoryRefreshJobData[] = [];
  for (const workspace of await deps.repo.scheduledWorkspaces(queue)) {
    if (workspace.batchGoing) continue;
    const accountIds = await deps.repo.dueAccounts(queue, workspace.workspaceId, {
      staleBefore: workspace.hours === null ? null : new Date(now - workspace.hours * 3_600_000),
      tradedSince: new Date(now - TRADES_LOOKBACK_MS),
      limit: deps.limit ?? SCHEDULE_BATCH_LIMIT,
    });
    if (accountIds.length === 0) continue;
    const batchId = slotId(`${queue}:${workspace.workspaceId}`, slot);
    const data: ScheduledRefreshJobData = {
      userId: workspace.workspaceId,
      batchId,
      accountIds,
      games: [...TRADE_GAME_KEYS],
      requestedAt: new Date(now).toISOString(),
      scheduled: true,
    };
    // Another process queued this slot's batch first: the queue keeps one.
    const sent = await deps.jobs.send(queue, data, { id: batchId }).catch(() => null);
    if (sent) queued.push(data);
  }
  return queued;
}
