import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { SandboxWorld, SteamPort } from '../../integrations/steam/index.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import { UserScope } from '../../security/user-scope.ts';
import type { SteamTradingDeps, TradingAccounts } from './deps.ts';
import {
  INVENTORY_REFRESH_QUEUE,
  type InventoryRefreshJobData,
  runInventoryRefresh,
} from './inventory-job.ts';
import { InventoryService } from './inventory-service.ts';
import { OfferService } from './offer-service.ts';
import { IntentReconciler } from './reconcile.ts';
import { RefreshService } from './refresh-service.ts';
import { SteamTradingRepo } from './repo.ts';
import { registerSteamTradingRoutes, type SteamTradingServices } from './routes.ts';
import { SandboxControls } from './sandbox-controls.ts';
import { TradeSessions } from './sessions.ts';

export type { TradingAccount, TradingAccounts } from './deps.ts';

export interface SteamTradingOptions {
  database: Database;
  secrets: SecretBox;
  steam: SteamPort;
  accounts: TradingAccounts;
  sandboxWorld: SandboxWorld | null;
  now: () => number;
}

export interface SteamTradingApi extends SteamTradingServices {
  sessions: TradeSessions;
  reconciler: IntentReconciler;
}

/**
 * The Steam trading area: web sessions, the inventory cache and its refresh job, trade offers with their intents
 * and reconciliation, confirmations of our own offers. Needs `app.jobs` and `app.hubs`.
 */
export function registerSteamTrading(app: FastifyInstance, options: SteamTradingOptions): SteamTradingApi {
  const deps: SteamTradingDeps = {
    repo: new SteamTradingRepo(options.database.db, new UserScope(options.database.db)),
    accounts: options.accounts,
    steam: options.steam,
    secrets: options.secrets,
    jobs: app.jobs,
    eventLog: app.hubs.eventLog,
    sandboxWorld: options.sandboxWorld,
    processId: randomUUID(),
    singleProcess: options.database.kind === 'pglite',
    log: app.log.child({ module: 'steam-trading' }),
    now: options.now,
  };
  const sessions = new TradeSessions(deps);
  const reconciler = new IntentReconciler(deps, sessions);
  const inventory = new InventoryService(deps, sessions);
  const services: SteamTradingServices = {
    inventory,
    refresh: new RefreshService(deps),
    offers: new OfferService(deps, sessions, reconciler),
    sandbox: new SandboxControls(deps, sessions),
  };
  registerSteamTradingRoutes(app, services);
  app.addHook('onReady', async () => {
    await app.jobs.work<InventoryRefreshJobData>(INVENTORY_REFRESH_QUEUE, (job) =>
      runInventoryRefresh(job, deps, inventory),
    );
    // Intents a crash left without an outcome are reconciled in the background; a send waits for it anyway.
    void reconciler
      .sweep()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'trade intent sweep failed'));
  });
  return { ...services, sessions, reconciler };
}
