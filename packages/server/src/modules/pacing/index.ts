import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Pacer } from '../../pacing/pacer.ts';
import { UserScope } from '../../security/user-scope.ts';
import { PacingRepo } from './repo.ts';
import { pacingRoutes } from './routes.ts';
import { PacingService } from './service.ts';

// What other modules may use: the rests proxy and account rows show, and a proxy's budget share (the
// distribute import weighs a proxy's accounts by it).
export { proxyBudgetShares } from './budget-share.ts';
export { PacingRests, RestsNow } from './rests.ts';

export interface PacingDeps {
  database: Database;
  /** The Steam port's pacing kernel (its limiters are what is shown). */
  pacer: Pacer;
}

/** The pacing state of the caller's proxies and accounts (`pacing.state`). */
export function registerPacing(app: FastifyInstance, deps: PacingDeps): void {
  pacingRoutes(new PacingService(new PacingRepo(new UserScope(deps.database.db)), deps.pacer)).bind(app);
}
