import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { RatesPort } from '../../integrations/rates/index.ts';
import { UserScope } from '../../security/user-scope.ts';
import type { SteamTradingApi } from '../steam-trading/index.ts';
import { HoldingsRecorder } from './holdings.ts';
import { KeptPages } from './kept-pages.ts';
import { PortfolioRepo } from './repo.ts';
import { portfolioRoutes } from './routes.ts';
import { PortfolioService } from './service.ts';

export interface PortfolioDeps {
  database: Database;
  steamTrading: Pick<SteamTradingApi, 'onScanStored'>;
  rates: RatesPort;
  eventLog: EventLog;
  now: () => number;
}

/**
 * The portfolio: one valued table over the inventory cache of every account of the user, and the holdings that
 * follow items across the new asset ids Trade Protection gives them (docs/portfolio.md).
 */
/** What other areas use of the portfolio. */
export interface PortfolioApi {
  /** Unit values of items, in their order, from the price source the user picks (null without a price). */
  valueItems: PortfolioService['valueNames'];
}

export function registerPortfolio(app: FastifyInstance, deps: PortfolioDeps): PortfolioApi {
  const recorder = new HoldingsRecorder(deps.eventLog);
  deps.steamTrading.onScanStored((scan, tx) => recorder.record(scan, tx));
  const service = new PortfolioService(
    new PortfolioRepo(new UserScope(deps.database.db), deps.database.db),
    deps.rates,
    deps.now,
    new KeptPages(),
  );
  portfolioRoutes(service).bind(app);
  return { valueItems: (userId, names, valuing) => service.valueNames(userId, names, valuing) };
}
