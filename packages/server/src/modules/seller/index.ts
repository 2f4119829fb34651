import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type Clock, systemClock } from '../../clock.ts';
import type { Database, Db } from '../../db/database.ts';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { MarketPort } from '../../integrations/market/port.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { UserScope } from '../../security/user-scope.ts';
import type { AuthApi } from '../auth/index.ts';
import type { NotificationsApi } from '../notifications/index.ts';
import type { OwnOfferConfirmRule, SteamTradingApi } from '../steam-trading/index.ts';
import { SellerAccountService } from './account-service.ts';
import { announceAccount, announceDelivery } from './announce.ts';
import { SellerCurrencyService } from './currency-service.ts';
import { DeliveryQueryService } from './delivery-query.ts';
import { DEFAULT_SELLER_TIMING, type SellerShared, type SellerTiming } from './deps.ts';
import { SellerLifecycleService } from './lifecycle-service.ts';
import { LoopWakers, SELLER_LOOP_QUEUE, SellerLoop, type SellerLoopJobData, sendLoopJob } from './loop.ts';
import { type DeliveryRow, SellerQueries, SellerRepo } from './repo.ts';
import { sellerRoutes } from './routes.ts';
import { SandboxSales } from './sandbox-sales.ts';
import { type SellerTransferApi, sellerTransferApi } from './transfer-api.ts';

export { openCredentials, sellerSecretSlot } from './credentials.ts';
export { deliveryMachine } from './delivery-machine.ts';
export type { SellerTiming } from './deps.ts';
export { LOOP_CALL_SPACING_MS } from './loop.ts';
export { pacedMarket } from './paced-market.ts';
export type { SellerTransferApi, TmAccountFacts } from './transfer-api.ts';

/** What other areas use of the seller accounts. */
export interface SellerApi {
  transfer: SellerTransferApi;
  /** Announces a delivery another area moved (a reversal), in the caller's transaction. */
  announceDelivery(userId: string, row: DeliveryRow, tx: Db): Promise<void>;
}

export interface SellerDeps {
  database: Database;
  auth: Pick<AuthApi, 'secrets'>;
  steamTrading: SteamTradingApi;
  /** The tag rule for confirming our own offers, handed in at wiring (the default confirms them). */
  ownOfferRule?: OwnOfferConfirmRule;
  market: MarketPort;
  jobs: Jobs;
  eventLog: EventLog;
  notifications: Pick<NotificationsApi, 'post'>;
  now: () => number;
  /** The clock the loops wait on (the app's; the system's by default). */
  clock?: Clock;
  /** How many accounts' loops one process runs at once. */
  loopWorkers?: number;
  timing?: Partial<SellerTiming>;
  /** Told of the assets of each new sale, so its lots show as sold at once. */
  onSold?: SellerShared['onSold'];
  /** Told of each completed delivery, so its sales reach the sales history at once. */
  onDelivered?: SellerShared['onDelivered'];
}

/** Loops one process runs at once by default (each waits on the market and Steam most of the time). */
const DEFAULT_LOOP_WORKERS = 256;
/** Idle loop workers look for accounts another process handed on this often (a send here wakes one at once). */
const LOOP_POLLING_SECONDS = 15;

/**
 * The P2P seller area: seller accounts on the market (TM first), their lifecycle, and the seller loop per account
 * that is not stopped, run as a job so one process runs it and another takes it over.
 */
export function registerSeller(app: FastifyInstance, deps: SellerDeps): SellerApi {
  const { database, jobs } = deps;
  const shared: SellerShared = {
    repo: new SellerRepo(database.db, new UserScope(database.db)),
    secrets: deps.auth.secrets,
    market: deps.market,
    steamTrading: deps.steamTrading,
    ownOfferRule: deps.ownOfferRule ?? (async () => true),
    jobs,
    eventLog: deps.eventLog,
    notifications: deps.notifications,
    log: app.log.child({ module: 'seller' }),
    now: deps.now,
    clock: deps.clock ?? systemClock,
    timing: { ...DEFAULT_SELLER_TIMING, ...deps.timing },
    sandbox: deps.market.mode === 'sandbox',
    ...(deps.onSold ? { onSold: deps.onSold } : {}),
    ...(deps.onDelivered ? { onDelivered: deps.onDelivered } : {}),
  };
  const wakers = new LoopWakers(shared.clock);
  sellerRoutes({
    accounts: new SellerAccountService(shared),
    lifecycle: new SellerLifecycleService(shared, wakers),
    deliveries: new DeliveryQueryService(shared),
    sandbox: new SandboxSales(shared),
    currency: new SellerCurrencyService(shared),
  }).bind(app);
  app.addHook('onReady', async () => {
    await jobs.work<SellerLoopJobData>(
      SELLER_LOOP_QUEUE,
      (job) => new SellerLoop(shared, wakers, job).run(),
      { workers: deps.loopWorkers ?? DEFAULT_LOOP_WORKERS, pollingIntervalSeconds: LOOP_POLLING_SECONDS },
    );
    // An account whose job was lost (a crash between its start and the job's send) gets one again.
    void resumeLoops(shared).catch((error: unknown) =>
      shared.log.warn({ err: error }, 'seller loops not resumed'),
    );
  });
  return {
    transfer: sellerTransferApi(shared),
    async announceDelivery(userId, row, tx) {
      const q = new SellerQueries(tx, userId);
      await announceDelivery(shared.eventLog, userId, q, row);
      await announceAccount(shared.eventLog, userId, q, row.sellerAccountId);
    },
  };
}

async function resumeLoops(shared: SellerShared): Promise<void> {
  for (const account of await shared.repo.accountsToRun()) {
    if (!account.loopJobId) continue;
    const state = await shared.jobs.state(SELLER_LOOP_QUEUE, account.loopJobId);
    if (state && state.state !== 'completed' && state.state !== 'failed' && state.state !== 'cancelled')
      continue;
    const next = randomUUID();
    const moved = await shared.repo.run(account.userId, (q) =>
      q.updateIfOwned(account.id, account.loopJobId!, { loopJobId: next }),
    );
    if (!moved) continue;
    await sendLoopJob(shared, { userId: account.userId, accountId: account.id }, next).catch(
      (error: unknown) =>
        shared.log.warn({ err: error, sellerAccountId: account.id }, 'seller loop not resumed'),
    );
  }
}
