import type { Operation } from './operation.ts';
import { adminRoutes } from './routes/admin.ts';
import { auditRoutes } from './routes/audit.ts';
import { authRoutes } from './routes/auth.ts';
import { confirmationsRoutes } from './routes/confirmations.ts';
import { harvesterRoutes } from './routes/harvester.ts';
import { ledgerRoutes } from './routes/ledger.ts';
import { lotsRoutes } from './routes/lots.ts';
import { notificationsRoutes } from './routes/notifications.ts';
import { p2pRoutes } from './routes/p2p.ts';
import { pacingRoutes } from './routes/pacing.ts';
import { portfolioRoutes } from './routes/portfolio.ts';
import { priceProfileRoutes } from './routes/price-profile.ts';
import { proxiesRoutes } from './routes/proxies.ts';
import { ratesRoutes } from './routes/rates.ts';
import { salesRoutes } from './routes/sales.ts';
import { searchRoutes } from './routes/search.ts';
import { settingsRoutes } from './routes/settings.ts';
import { steamAccountsRoutes } from './routes/steam-accounts.ts';
import { steamTradingRoutes } from './routes/steam-trading.ts';
import { systemRoutes } from './routes/system.ts';
import { transferRoutes } from './routes/transfer.ts';
import { userRoutes } from './routes/user.ts';
import { workspaceRoutes } from './routes/workspace.ts';

/** What the client needs to call an operation: its address and switches, without the schemas. */
export type Route = Pick<Operation, 'id' | 'method' | 'path' | 'flags' | 'requestBody' | 'responseBody'>;

/**
 * Every operation of the contract as a route (one file per area under `routes/`), kept in step with it by
 * test/routes.test.ts (which rewrites these files with `UPDATE_ROUTES=1`). Calling through it loads neither zod nor the areas' schemas, so a command line
 * that makes one call starts quickly; the server still validates every input against the contract.
 */
export const routes = {
  auth: authRoutes,
  system: systemRoutes,
  user: userRoutes,
  admin: adminRoutes,
  search: searchRoutes,
  settings: settingsRoutes,
  proxies: proxiesRoutes,
  steamAccounts: steamAccountsRoutes,
  steamTrading: steamTradingRoutes,
  confirmations: confirmationsRoutes,
  p2p: p2pRoutes,
  harvester: harvesterRoutes,
  notifications: notificationsRoutes,
  rates: ratesRoutes,
  transfer: transferRoutes,
  lots: lotsRoutes,
  sales: salesRoutes,
  priceProfile: priceProfileRoutes,
  pacing: pacingRoutes,
  portfolio: portfolioRoutes,
  ledger: ledgerRoutes,
  workspace: workspaceRoutes,
  audit: auditRoutes,
} as const;
