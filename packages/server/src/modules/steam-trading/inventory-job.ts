import type { TradeGame } from '@tradedeck/sdk/domain';
import type { JobContext } from '../../jobs/jobs.ts';
import type { TradingDeps } from './deps.ts';
import type { InventoryService } from './inventory-service.ts';

/** The job queue of inventory refresh batches. */
export const INVENTORY_REFRESH_QUEUE = 'steam-inventory-refresh';
/** Accounts scanned at once in one batch (each through its own proxy; the port spaces calls per proxy). */
const ACCOUNTS_AT_ONCE = 4;

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
  deps: Pick<TradingDeps, 'repo'>,
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
  let next = 0;
  const worker = async () => {
    while (next < todo.length && !job.signal.aborted) {
      const accountId = todo[next++]!;
      await inventory.scanAccount(userId, accountId, games, { batchId, total: accountIds.length, store });
    }
  };
  await Promise.all(Array.from({ length: Math.min(ACCOUNTS_AT_ONCE, todo.length) }, worker));
  if (next < todo.length)
    throw new RefreshInterrupted('The server shut down during the batch; it resumes on the next start');
}
