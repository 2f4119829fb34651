import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { UserScope } from '../../security/user-scope.ts';
import type { LedgerApi } from '../ledger/index.ts';
import type { NotificationsApi } from '../notifications/index.ts';
import type { SteamTradingApi } from '../steam-trading/index.ts';
import { REVERSAL_TIMING, type ReversalAnnouncers, type ReversalDeps, type ReversalTiming } from './deps.ts';
import { REVERSALS_QUEUE, runReversalCheck, superviseReversals } from './job.ts';
import { ReversalsRepo } from './repo.ts';

export type { ReversalAnnouncers, ReversalDeps, ReversalTiming } from './deps.ts';
export { REVERSAL_TIMING } from './deps.ts';
export { REVERSALS_QUEUE, runReversalCheck, superviseReversals } from './job.ts';
export { ReversalsRepo } from './repo.ts';

export interface TradeReversalsDeps {
  database: Database;
  steamTrading: Pick<SteamTradingApi, 'tradeHistory' | 'tradeStatus'>;
  notifications: Pick<NotificationsApi, 'post'>;
  /** The live events of the rows a reversal moves (the harvester's and the seller's own). */
  announce?: ReversalAnnouncers;
  jobs: Jobs;
  now: () => number;
  timing?: Partial<ReversalTiming>;
  /** The ledger: a reversed delivery's sales are reversed there in the same transaction. */
  ledger?: LedgerApi;
}

/** The parts of the tracking over a database (the app's, or a test's with its own Steam and queue). */
export function reversalDeps(
  deps: TradeReversalsDeps & { log: ReversalDeps['log']; queue?: string },
): ReversalDeps {
  return {
    repo: new ReversalsRepo(deps.database.db, new UserScope(deps.database.db)),
    steam: deps.steamTrading,
    notifications: deps.notifications,
    announce: deps.announce ?? {},
    jobs: deps.jobs,
    queue: deps.queue ?? REVERSALS_QUEUE,
    timing: { ...REVERSAL_TIMING, ...deps.timing },
    log: deps.log,
    now: deps.now,
    ledger: deps.ledger ?? null,
  };
}

/**
 * Follows every accepted trade of ours (harvester transactions, seller deliveries, moves between own accounts)
 * through its Trade Protection window and records the ones Steam shows rolled back.
 */
export function registerTradeReversals(app: FastifyInstance, deps: TradeReversalsDeps): void {
  const shared = reversalDeps({ ...deps, log: app.log.child({ module: 'trade-reversals' }) });
  const supervise = () => {
    if (!deps.database.health.reachable) return;
    superviseReversals(shared).catch((error: unknown) =>
      shared.log.warn({ err: error }, 'trade reversal supervision failed'),
    );
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    await deps.jobs.work(shared.queue, (job) => runReversalCheck(shared, job));
    timer = setInterval(supervise, shared.timing.superviseEveryMs);
    timer.unref();
    supervise();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
  });
}
