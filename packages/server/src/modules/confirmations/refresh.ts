import { forEachLimited } from '@tradedeck/sdk/domain';
import type { ConfirmationsDeps } from './deps.ts';
import type { PendingReader } from './pending.ts';

/** Accounts of one look read at once; each still waits for its own confirmation turn in the shared pacing. */
const REFRESH_CONCURRENCY = 4;

/**
 * The background refresh: every account the centre watches (listed there in the last `watchMs`, any user) is read
 * from Steam again once its kept list is `refreshEveryMs` old, so the centre shows fresh confirmations without a
 * manual fetch. Each process looks every `tickEveryMs`; an account is leased to the one process reading it (a
 * process that dies lets its lease run out), and every read goes through the trading area's sessions and the
 * shared pacing (one mobileconf request per account every 10 s, the proxy's learned budget, any rest Steam called
 * for), so the refresh never adds a request the budgets do not allow. Each account is read in its user's scope.
 */
export class BackgroundRefresh {
  constructor(
    private readonly deps: ConfirmationsDeps,
    private readonly pending: PendingReader,
    private readonly owner: string,
  ) {}

  /** One look: reads the due accounts this process could lease; answers how many it read. */
  async tick(): Promise<number> {
    const { refresh } = this.deps;
    const now = this.deps.now();
    const claimed = await this.deps.snapshots.claimDue({
      now: new Date(now),
      readBefore: new Date(now - refresh.refreshEveryMs),
      owner: this.owner,
      leaseUntil: new Date(now + refresh.leaseMs),
      limit: refresh.batch,
    });
    await forEachLimited(claimed, REFRESH_CONCURRENCY, async ({ userId, accountId }) => {
      // A failed read is kept with its reason by the reader; anything else is the database's and is logged.
      await this.pending.of(userId, accountId).catch((error: unknown) => {
        this.deps.log.warn({ err: error, accountId }, 'confirmations not refreshed');
      });
    });
    return claimed.length;
  }

  /** Looks every `tickEveryMs` on the app's clock until `stop` is aborted. */
  async loop(stop: AbortSignal): Promise<void> {
    while (!stop.aborted) {
      await this.tick().catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'confirmations refresh failed'),
      );
      await this.deps.clock.sleep(this.deps.refresh.tickEveryMs, stop);
    }
  }
}
