import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { SandboxWorld } from '../../integrations/steam/index.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { newProcessOwner } from '../../jobs/process-owner.ts';
import { UserScope } from '../../security/user-scope.ts';
import type { AuthApi } from '../auth/index.ts';
import type { SteamAccountsApi } from '../steam-accounts/index.ts';
import type { OwnOfferConfirmRule, TradingDeps } from './deps.ts';
import {
  INVENTORY_REFRESH_QUEUE,
  type InventoryRefreshJobData,
  runInventoryRefresh,
} from './inventory-job.ts';
import { SCHEDULE_SWEEP_EVERY_MS, sweepInventorySchedule } from './inventory-schedule.ts';
import { InventoryService } from './inventory-service.ts';
import { OfferService } from './offer-service.ts';
import { IntentReconciler } from './reconcile.ts';
import { RefreshService } from './refresh-service.ts';
import { SteamTradingRepo } from './repo.ts';
import { steamTradingRoutes } from './routes.ts';
import { SandboxControls } from './sandbox-controls.ts';
import { ScheduleRepo, ScheduleSettingRepo } from './schedule-repo.ts';
import { ScheduleSetting } from './schedule-setting.ts';
import { TradeSessions } from './sessions.ts';
import { tradingStepUpWaivers } from './step-up-waivers.ts';
import { type SteamTradingApi, tradingApi } from './trading-api.ts';

export type { OwnOfferConfirmRule } from './deps.ts';
export { intentMachine } from './intent-machine.ts';
export { SCHEDULE_BATCH_LIMIT, sweepInventorySchedule } from './inventory-schedule.ts';
export { ScheduleRepo } from './schedule-repo.ts';
export { accessTokenSlot } from './sessions.ts';
export type {
  SendOfferRequest,
  SteamTradingApi,
  TradingFailure,
  TradingFailureReason,
  TradingOutcome,
} from './trading-api.ts';
export type { ScanListener, StoredScan } from './types.ts';

export interface SteamTradingDeps {
  database: Database;
  auth: Pick<AuthApi, 'secrets'>;
  steamAccounts: Pick<SteamAccountsApi, 'steam' | 'trading'>;
  jobs: Jobs;
  eventLog: EventLog;
  /** The simulated Steam the sign-in port also runs on (sandbox mode), null in live mode. */
  sandboxWorld: SandboxWorld | null;
  /** The confirmation rules of our own offers (the confirmations area's, handed in by the app); all given without. */
  ownOfferRule?: OwnOfferConfirmRule;
  /** Whether this process queues the automatic reads (TRADEDECK_INVENTORY_SCHEDULE); on without. */
  inventorySchedule?: boolean;
  now: () => number;
}

/**
 * The Steam trading area: web sessions, the inventory cache and its refresh job, trade offers with their intents
 * and reconciliation, confirmations of our own offers.
 */
export function registerSteamTrading(app: FastifyInstance, deps: SteamTradingDeps): SteamTradingApi {
  const { database, jobs } = deps;
  const shared: TradingDeps = {
    repo: new SteamTradingRepo(database.db, new UserScope(database.db)),
    accounts: deps.steamAccounts.trading,
    steam: deps.steamAccounts.steam,
    secrets: deps.auth.secrets,
    jobs,
    eventLog: deps.eventLog,
    sandboxWorld: deps.sandboxWorld,
    processId: newProcessOwner(),
    singleProcess: database.kind === 'pglite',
    log: app.log.child({ module: 'steam-trading' }),
    scanListeners: [],
    ownOfferRule: deps.ownOfferRule ?? (async () => true),
    now: deps.now,
  };
  const sessions = new TradeSessions(shared);
  const reconciler = new IntentReconciler(shared, sessions);
  const inventory = new InventoryService(shared, sessions);
  const offers = new OfferService(shared, sessions, reconciler);
  // Inventories read on each workspace's schedule (docs/portfolio.md "Freshness"), first one sweep after the start.
  const schedule = { repo: new ScheduleRepo(database.db), jobs, now: deps.now };
  const sweepSchedule = () => {
    if (!database.health.reachable) return;
    sweepInventorySchedule(schedule).catch((error: unknown) =>
      shared.log.warn({ err: error }, 'scheduled inventory reads not queued'),
    );
  };
  let scheduleTimer: NodeJS.Timeout | null = null;
  steamTradingRoutes({
    inventory,
    refresh: new RefreshService(shared),
    offers,
    sandbox: new SandboxControls(shared, sessions),
    schedule: new ScheduleSetting(new ScheduleSettingRepo(new UserScope(database.db))),
    waivers: tradingStepUpWaivers(shared, sessions),
  }).bind(app);
  app.addHook('onReady', async () => {
    await jobs.work<InventoryRefreshJobData>(INVENTORY_REFRESH_QUEUE, (job) =>
      runInventoryRefresh(job, shared, inventory),
    );
    // Intents a crash left without an outcome are reconciled in the background; a send waits for it anyway.
    void reconciler
      .sweep()
      .catch((error: unknown) => shared.log.warn({ err: error }, 'trade intent sweep failed'));
    if (deps.inventorySchedule === false) return;
    scheduleTimer = setInterval(sweepSchedule, SCHEDULE_SWEEP_EVERY_MS);
    scheduleTimer.unref();
  });
  app.addHook('preClose', async () => {
    if (scheduleTimer) clearInterval(scheduleTimer);
  });
  return tradingApi(shared, sessions, inventory, offers);
}
