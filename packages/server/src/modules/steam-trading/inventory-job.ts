import type { TradeGame } from '@tradedeck/sdk/domain';
import type { JobContext } from '../../jobs/jobs.ts';
import type { TradingDeps } from './deps.ts';
import type { InventoryService } from './inventory-service.ts';

/** The job queue of inventory refresh batches. */
export const INVENTORY_REFRESH_QUEUE = 'steam-inventory-refresh';
/**
 * Proxies read side by side in one batch, one account at a time on each. The pacing kernel spaces every proxy's
 * inventory pages to its budget, so a second account of a proxy at once would only wait for the first one's slots,
 * while a proxy left idle is budget unused.
 */
export const PROXIES_AT_ONCE = 32;

/** What a refresh batch carries: the selection fixed when it was asked for. */
export interface InventoryRefreshJobData {
  userId: string;
  batchId: string;
  accountIds: number[];
  games: TradeGame[];
  /** A resumed batch skips accounts whose every game was attempted since. */
  requestedAt: string;
}

export class RefreshInterrupted extends Error {
  override name = 'RefreshInterrupted';
}

/**
 * Runs one refresh batch, a few accounts at a time. Each account's scans are stored with their event in one
 * transaction, so a batch resumed after a shutdown or a crash skips exactly the accounts already announced.
 */
export async function runInventoryRefresh(
  job: JobContext<InventoryRefreshJobData>,
  deps: Pick<TradingDeps, 'repo'> & { accounts: Pick<TradingDeps['accounts'], 'egresses'> },
  inventory: InventoryService,
): Promise<void> {
  const { userId, batchId, accountIds, games } = job.data;
  const done =
    job.retryCount > 0
      ? await deps.repo.run(userId, (q) =>
          q.attemptedSince(accountIds, games, new Date(job.data.requestedAt)),
        )
      : new Set<number>();
  const todo = accountIds.filter((id) => !done.has(id));
  let count = done.size;
  /**
   * Accounts are scanned a few at once but stored one at a time, each counted once committed: counts taken before
   * concurrent commits could land out of order, and a kill between them left a gap that the resumed run (counting
   * what is stored) announced a second time.
   */
  let storing: Promise<unknown> = Promise.resolve();
  const store = <T>(write: (done: number) => Promise<T>): Promise<T> => {
    const stored = storing.then(async () => {
      const result = await write(count + 1);
      count += 1;
      return result;
    });
    storing = stored.catch(() => {});
    return stored;
  };
  const lanes = proxyLanes(todo, await deps.accounts.egresses(userId, todo));
  let nextLane = 0;
  let scanned = 0;
  const worker = async () => {
    while (nextLane < lanes.length && !job.signal.aborted) {
      const lane = lanes[nextLane++]!;
      for (const accountId of lane) {
        if (job.signal.aborted) return;
        await inventory.scanAccount(userId, accountId, games, { batchId, total: accountIds.length, store });
        scanned += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PROXIES_AT_ONCE, lanes.length) }, worker));
  if (scanned < todo.length)
    throw new RefreshInterrupted('The server shut down during the batch; it resumes on the next start');
}

/**
 * The batch's accounts by the proxy they read through, in the batch's order, proxies in the order their first
 * account comes; an account without a proxy (answered at once: no proxy) or gone is a lane of its own.
 */
export function proxyLanes(
  accountIds: readonly number[],
  egresses: ReadonlyMap<number, string | null>,
): number[][] {
  const lanes: number[][] = [];
  const byEgress = new Map<string, number[]>();
  for (const id of accountIds) {
    const egress = egresses.get(id) ?? null;
    const lane = egress === null ? undefined : byEgress.get(egress);
    if (lane) lane.push(id);
    else {
      const opened = [id];
      lanes.push(opened);
      if (egress !== null) byEgress.set(egress, opened);
    }
  }
  return lanes;
}
