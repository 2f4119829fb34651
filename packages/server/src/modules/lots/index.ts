import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database, Db } from '../../db/database.ts';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { MarketHistoryEntry, MarketPort } from '../../integrations/market/port.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { newProcessOwner } from '../../jobs/process-owner.ts';
import { UserScope } from '../../security/user-scope.ts';
import type { AuthApi } from '../auth/index.ts';
import type { LedgerApi } from '../ledger/index.ts';
import type { SteamTradingApi } from '../steam-trading/index.ts';
import { APPLY_STALE_MS, reconcileInterrupted } from './apply-reconcile.ts';
import { AsksCache } from './asks-cache.ts';
import { Delister, type DelistJobData, LOTS_DELIST_QUEUE } from './delist.ts';
import { DEFAULT_LOTS_TIMING, type LotsShared, type LotsTiming } from './deps.ts';
import { Lister, type ListJobData, LOTS_LIST_QUEUE } from './listing-job.ts';
import { LotService } from './lot-service.ts';
import { MarketAccess } from './market-access.ts';
import { PriceService } from './price-service.ts';
import { LotsRepo, RepricerRepo } from './repo.ts';
import { RepriceEngine } from './reprice-engine.ts';
import { RepriceService } from './reprice-service.ts';
import { lotRoutes, priceRoutes, salesRoutes } from './routes.ts';
import { recordDeliveredSales } from './sale-record.ts';
import { SalesService } from './sales-service.ts';
import { markLotsSold } from './sold.ts';
import { LotSync } from './sync.ts';
import { LOTS_TICK_QUEUE, LotTick, type LotTickJobData, superviseTicks, type TickParts } from './tick.ts';

export type { LotsTiming } from './deps.ts';

/** What other areas use of the lots. */
export interface LotsApi {
  /** A sale the seller loop saw: the lots of the sold assets show as sold at once. */
  markSold(userId: string, sellerAccountId: number, assetIds: readonly string[]): Promise<number>;
  /**
   * A delivery completed: its sales (the history rows of the delivered assets' listings) reach the sales history
   * and the ledger in the caller's transaction. Answers how many were new.
   */
  recordDelivered(
    delivered: {
      userId: string;
      sellerAccountId: number;
      assetIds: readonly string[];
      history: readonly MarketHistoryEntry[];
      now: number;
    },
    tx: Db,
  ): Promise<number>;
}
export { APPLY_STALE_MS } from './apply-reconcile.ts';
export type { PriceWriteRow } from './price-repo.ts';
export { LotsRepo } from './repo.ts';

export interface LotsDeps {
  database: Database;
  auth: Pick<AuthApi, 'secrets'>;
  steamTrading: Pick<SteamTradingApi, 'webAccess'>;
  market: MarketPort;
  jobs: Jobs;
  eventLog: EventLog;
  now: () => number;
  /** Waits on the app's clock (`src/clock.ts`): the tick's pause between passes. */
  sleep: Clock['sleep'];
  /** The ledger, written with every sales sync. */
  ledger?: LedgerApi;
  timing?: Partial<LotsTiming>;
  /** How many accounts' ticks one process runs at once. */
  tickWorkers?: number;
}

const DEFAULT_TICK_WORKERS = 64;

/**
 * The lots area (docs/lots.md): lots synced from the market per seller account, thresholds, repricing with preview,
 * mass delete, add-to-sale, the sales history and the price profile; the repricing tick per scanner account.
 */
export function registerLots(app: FastifyInstance, deps: LotsDeps): LotsApi {
  const shared: LotsShared = {
    repo: new LotsRepo(deps.database.db, new UserScope(deps.database.db)),
    secrets: deps.auth.secrets,
    market: deps.market,
    steamTrading: deps.steamTrading,
    jobs: deps.jobs,
    eventLog: deps.eventLog,
    log: app.log.child({ module: 'lots' }),
    now: deps.now,
    sleep: deps.sleep,
    timing: { ...DEFAULT_LOTS_TIMING, ...deps.timing },
    processId: newProcessOwner(),
    ledger: deps.ledger ?? null,
  };
  const access = new MarketAccess(shared);
  const delister = new Delister(shared, access);
  const engine = new RepriceEngine(shared, access, new AsksCache(() => shared.timing.asksRefreshMs));
  const sync = new LotSync(shared, access);
  const lister = new Lister(shared, access);
  const reprice = new RepriceService(shared, engine, access, delister);
  const services = {
    lots: new LotService(shared, access, sync, lister),
    reprice,
    sales: new SalesService(shared),
    prices: new PriceService(shared),
  };
  lotRoutes(services).bind(app);
  salesRoutes(services).bind(app);
  priceRoutes(services).bind(app);

  const parts: TickParts = {
    deps: shared,
    repricers: new RepricerRepo(deps.database.db),
    sync,
    engine,
    reprice,
  };
  let supervisor: NodeJS.Timeout | null = null;
  // One process owns an embedded database: every apply job still running was cut by the previous process's end.
  const alone = deps.database.kind === 'pglite';
  app.addHook('onReady', async () => {
    const ended = await reconcileInterrupted(shared, alone ? null : new Date(shared.now() - APPLY_STALE_MS));
    if (ended > 0) shared.log.info({ jobs: ended }, 'interrupted repricing jobs ended');
    await deps.jobs.work<LotTickJobData>(LOTS_TICK_QUEUE, (job) => new LotTick(parts, job).run(), {
      workers: deps.tickWorkers ?? DEFAULT_TICK_WORKERS,
    });
    await deps.jobs.work<DelistJobData>(LOTS_DELIST_QUEUE, (job) => delister.run(job), { workers: 4 });
    await deps.jobs.work<ListJobData>(LOTS_LIST_QUEUE, (job) => lister.run(job), { workers: 4 });
    const supervise = () => {
      void superviseTicks(parts).catch((error: unknown) =>
        shared.log.warn({ err: error }, 'repricing ticks not supervised'),
      );
      void delister
        .supervise()
        .catch((error: unknown) => shared.log.warn({ err: error }, 'delists not supervised'));
      // Several processes: a job whose process died stops its heartbeat and is ended by another.
      if (!alone)
        void reconcileInterrupted(shared, new Date(shared.now() - APPLY_STALE_MS)).catch((error: unknown) =>
          shared.log.warn({ err: error }, 'interrupted repricing jobs not ended'),
        );
    };
    supervise();
    supervisor = setInterval(supervise, shared.timing.superviseEveryMs);
    supervisor.unref();
  });
  app.addHook('onClose', async () => {
    if (supervisor) clearInterval(supervisor);
  });
  return {
    markSold: (userId, sellerAccountId, assetIds) =>
      markLotsSold(shared, delister, userId, sellerAccountId, assetIds),
    recordDelivered: (delivered, tx) =>
      recordDeliveredSales(
        shared,
        tx,
        delivered.userId,
        delivered.sellerAccountId,
        delivered.assetIds,
        delivered.history,
        delivered.now,
      ),
  };
}
