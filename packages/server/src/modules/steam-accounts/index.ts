import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import {
  createSteamPort,
  type SteamPort,
  type SteamPortOptions,
  systemClock,
} from '../../integrations/steam/index.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { DbPacingStore } from '../../pacing/repo.ts';
import { MemoryPacingStore } from '../../pacing/store.ts';
import { UserScope } from '../../security/user-scope.ts';
import type { AuthApi } from '../auth/index.ts';
import type { SearchService } from '../search/index.ts';
import { AddAccountsJobs } from './add-job.ts';
import { AddAccountsService } from './add-service.ts';
import { BatchProxiesService } from './batch-proxies-service.ts';
import type { AccountsDeps } from './deps.ts';
import { AccountEditService } from './edit-service.ts';
import { GuardCodeService } from './guard-code-service.ts';
import { AccountQueryService } from './query-service.ts';
import { SteamAccountsRepo } from './repo.ts';
import { steamAccountRoutes } from './routes.ts';
import { DbThrottleStore } from './throttle-repo.ts';
import { AccountTradingAccess } from './trading-access.ts';
import { TradingAccountRepo } from './trading-repo.ts';

export { accountSlot } from './deps.ts';
export type { OpenedTradingAccount } from './trading-access.ts';

export interface SteamAccountsDeps {
  config: Pick<ServerConfig, 'mode'>;
  database: Database;
  auth: Pick<AuthApi, 'secrets' | 'limiter' | 'audit'>;
  search: SearchService;
  /** An add of many accounts runs as a job and is announced on the event log. */
  jobs: Pick<Jobs, 'send' | 'work'>;
  eventLog: EventLog;
  now: () => number;
  /** Overrides of the Steam port (tests: a clock, spacing, a sandbox world). */
  steam?: SteamPortOptions | undefined;
}

/** What other modules (and the app's services) use of the Steam accounts area. */
export interface SteamAccountsApi {
  /** The Steam port of the configured mode (`steam.mode` is what system.status reports). */
  steam: SteamPort;
  /** What the trading area may do with accounts: open one for trading, keep its session, set its status. */
  trading: AccountTradingAccess;
}

/**
 * The Steam accounts area: the Steam port of the configured mode (live or sandbox) with its sign-in spacing and
 * rests kept in the database, the steamAccounts.* operations and the global search source.
 */
export function registerSteamAccounts(app: FastifyInstance, deps: SteamAccountsDeps): SteamAccountsApi {
  const { database, auth } = deps;
  const steam = createSteamPort(deps.config, {
    throttleStore: new DbThrottleStore(database.db),
    // Every process on one Postgres paces through the same limiters; PGlite serves one process.
    pacingStore: database.kind === 'postgres' ? new DbPacingStore(database.db) : new MemoryPacingStore(),
    ...deps.steam,
  });
  app.addHook('onClose', async () => steam.close());
  const shared: AccountsDeps = {
    repo: new SteamAccountsRepo(database.db, new UserScope(database.db)),
    secrets: auth.secrets,
    steam,
    steamClock: deps.steam?.clock ?? systemClock,
    limiter: auth.limiter,
    audit: (event) => auth.audit(event),
    log: app.log.child({ module: 'steam-accounts' }),
    now: deps.now,
  };
  const query = new AccountQueryService(shared);
  const edit = new AccountEditService(shared);
  const add = new AddAccountsService(shared);
  const addJobs = new AddAccountsJobs({
    add,
    secrets: auth.secrets,
    jobs: deps.jobs,
    eventLog: deps.eventLog,
  });
  app.addHook('onReady', () => addJobs.work());
  steamAccountRoutes({
    query,
    add,
    addJobs,
    edit,
    batchProxies: new BatchProxiesService(shared),
    guardCodes: new GuardCodeService(shared, edit),
  }).bind(app);
  deps.search.addSteamAccountSource(query);
  return {
    steam,
    trading: new AccountTradingAccess(shared, new TradingAccountRepo(new UserScope(database.db))),
  };
}
