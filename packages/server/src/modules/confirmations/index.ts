import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { newProcessOwner } from '../../jobs/process-owner.ts';
import { UserScope } from '../../security/user-scope.ts';
import { type CentreTrading, type ConfirmationsDeps, REFRESH_TIMING, type RefreshTiming } from './deps.ts';
import { CONFIRMATION_JOB_QUEUE, type ConfirmationJobData, ConfirmationJobs } from './job.ts';
import { PendingReader } from './pending.ts';
import { BackgroundRefresh } from './refresh.ts';
import { ConfirmationsRepo } from './repo.ts';
import { confirmationRoutes } from './routes.ts';
import { RulesService } from './rules-service.ts';
import { ConfirmationsService } from './service.ts';
import { SnapshotRepo } from './snapshot-repo.ts';
import type { ItemPrices } from './types.ts';

export { REFRESH_TIMING, type RefreshTiming } from './deps.ts';

export interface ConfirmationsDepsIn {
  database: Database;
  steamTrading: CentreTrading;
  /** Values our own offers' items from the portfolio's price source (the one the user picks). */
  prices: ItemPrices;
  jobs: Jobs;
  now: () => number;
  /** The clock the background refresh waits on (the app's). */
  clock: Clock;
  /** The background refresh's timing (tests and the demo shorten it; `refreshEveryMs: 0` turns it off). */
  refresh?: Partial<RefreshTiming>;
}

/** What other areas use of the confirmations centre. */
export interface ConfirmationsApi {
  /** Records a Steam market listing the account made through Tradedeck: its confirmation is ours from then on. */
  recordOwnListing(userId: string, accountId: number, listingId: string): Promise<void>;
  /** Whether the account's tag rules accept confirmations of our own offers (the trading area's `ownOfferRule`). */
  acceptsOwnOffers(userId: string, accountId: number): Promise<boolean>;
}

/**
 * The confirmations centre: every account's pending mobile confirmations, answered one by one, by offer, or in
 * bulk jobs, and the per-tag rules for what is answered without the user.
 */
export function registerConfirmations(app: FastifyInstance, deps: ConfirmationsDepsIn): ConfirmationsApi {
  const scope = new UserScope(deps.database.db);
  const repo = new ConfirmationsRepo(scope);
  const shared: ConfirmationsDeps = {
    repo,
    snapshots: new SnapshotRepo(deps.database.db, scope),
    trading: deps.steamTrading,
    prices: deps.prices,
    jobs: deps.jobs,
    log: app.log.child({ module: 'confirmations' }),
    now: deps.now,
    clock: deps.clock,
    refresh: { ...REFRESH_TIMING, ...deps.refresh },
  };
  const pending = new PendingReader(shared);
  const jobs = new ConfirmationJobs(shared, pending);
  const rules = new RulesService(shared, pending, jobs);
  confirmationRoutes(new ConfirmationsService(shared, pending, jobs), rules, jobs).bind(app);
  const stopRefresh = new AbortController();
  let refreshing: Promise<void> | null = null;
  app.addHook('onReady', async () => {
    await deps.jobs.work<ConfirmationJobData>(CONFIRMATION_JOB_QUEUE, (job) => jobs.run(job));
    if (shared.refresh.refreshEveryMs > 0)
      refreshing = new BackgroundRefresh(shared, pending, newProcessOwner()).loop(stopRefresh.signal);
  });
  app.addHook('preClose', async () => {
    stopRefresh.abort();
    await refreshing;
  });
  return {
    recordOwnListing: (userId, accountId, listingId) =>
      repo.run(userId, (q) => q.recordListing(accountId, listingId)),
    acceptsOwnOffers: (userId, accountId) => rules.acceptsOwnOffers(userId, accountId),
  };
}
