import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import {
  createSteamPort,
  type SteamPort,
  type SteamPortOptions,
  systemClock,
} from '../../integrations/steam/index.ts';
import { UserScope } from '../../security/user-scope.ts';
import type { AuthApi } from '../auth/index.ts';
import type { SearchService } from '../search/index.ts';
import { AddAccountsService } from './add-service.ts';
import { BatchProxiesService } from './batch-proxies-service.ts';
import type { AccountsDeps } from './deps.ts';
import { AccountEditService } from './edit-service.ts';
import { GuardCodeService } from './guard-code-service.ts';
import { AccountQueryService } from './query-service.ts';
import { SteamAccountsRepo } from './repo.ts';
import { registerSteamAccountRoutes, type SteamAccountServices } from './routes.ts';
import { DbThrottleStore } from './throttle-repo.ts';
import { AccountTradingAccess } from './trading-access.ts';

export interface SteamAccountsModuleOptions {
  config: Pick<ServerConfig, 'mode'>;
  database: Database;
  auth: AuthApi;
  search: SearchService;
  now: () => number;
  /** Overrides of the Steam port (tests: a clock, spacing, a sandbox world). */
  steam?: SteamPortOptions;
}

/**
 * Wires the Steam accounts area: the Steam port of the configured mode (live or sandbox) with its sign-in
 * spacing and rests kept in the database, the services, the routes and the global search source.
 */
export function registerSteamAccountsModule(
  app: FastifyInstance,
  options: SteamAccountsModuleOptions,
): SteamAccountServices & { steam: SteamPort; trading: AccountTradingAccess } {
  const { database, auth } = options;
  const steam = createSteamPort(options.config, {
    throttleStore: new DbThrottleStore(database.db),
    ...options.steam,
  });
  app.addHook('onClose', async () => steam.close());
  const deps: AccountsDeps = {
    repo: new SteamAccountsRepo(database.db, new UserScope(database.db)),
    secrets: auth.secrets,
    steam,
    steamClock: options.steam?.clock ?? systemClock,
    limiter: auth.limiter,
    audit: (event) => auth.audit(event),
    log: app.log.child({ module: 'steam-accounts' }),
    now: options.now,
  };
  const query = new AccountQueryService(deps);
  const edit = new AccountEditService(deps);
  const services: SteamAccountServices = {
    query,
    add: new AddAccountsService(deps),
    edit,
    batchProxies: new BatchProxiesService(deps),
    guardCodes: new GuardCodeService(deps, edit),
  };
  registerSteamAccountRoutes(app, services);
  options.search.addSteamAccountSource(query);
  const trading = new AccountTradingAccess(deps, new UserScope(database.db));
  return { ...services, steam, trading };
}
