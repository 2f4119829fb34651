import { admin } from './admin.ts';
import { audit } from './audit.ts';
import { auth } from './auth.ts';
import { confirmations } from './confirmations.ts';
import { harvester } from './harvester.ts';
import { ledger } from './ledger.ts';
import { lots } from './lots.ts';
import { notifications } from './notifications.ts';
import type { Operation } from './operation.ts';
import { p2p } from './p2p.ts';
import { pacing } from './pacing.ts';
import { portfolio } from './portfolio.ts';
import { priceProfile } from './price-profile.ts';
import { proxies } from './proxies.ts';
import { rates } from './rates.ts';
import { sales } from './sales.ts';
import { search } from './search.ts';
import { settings } from './settings.ts';
import { steamAccounts } from './steam-accounts.ts';
import { steamTrading } from './steam-trading.ts';
import { system } from './system.ts';
import { transfer } from './transfer.ts';
import { user } from './user.ts';
import { workspace } from './workspaces.ts';

export * from './admin.ts';
export * from './api.ts';
export * from './audit.ts';
export * from './auth.ts';
export * from './common.ts';
export * from './confirmations.ts';
export * from './envelope.ts';
export * from './harvester.ts';
export * from './http-status.ts';
export * from './hubs.ts';
export * from './idempotency.ts';
export * from './ledger.ts';
export * from './lists.ts';
export * from './lots.ts';
export * from './notifications.ts';
export * from './operation.ts';
export * from './operation-classes.ts';
export * from './p2p.ts';
export * from './pacing.ts';
export * from './portfolio.ts';
export * from './price-profile.ts';
export * from './proxies.ts';
export * from './rates.ts';
export * from './result-codes.ts';
export * from './sales.ts';
export * from './search.ts';
export * from './settings.ts';
export * from './steam-accounts.ts';
export * from './steam-trading.ts';
export * from './step-up.ts';
export * from './system.ts';
export * from './transfer.ts';
export * from './user.ts';
export * from './workspaces.ts';

/**
 * Every area of the API, keyed as in operation ids (`<area>.<operation>`), each by its own constant's type: the
 * declarations name those instead of writing every area out again here (that copy was a fifth of the sdk's
 * declarations). A type, not an interface, so it stays assignable to a record of areas.
 */
export type Contract = {
  readonly auth: typeof auth;
  readonly system: typeof system;
  readonly user: typeof user;
  readonly admin: typeof admin;
  readonly search: typeof search;
  readonly settings: typeof settings;
  readonly proxies: typeof proxies;
  readonly steamAccounts: typeof steamAccounts;
  readonly steamTrading: typeof steamTrading;
  readonly confirmations: typeof confirmations;
  readonly p2p: typeof p2p;
  readonly harvester: typeof harvester;
  readonly notifications: typeof notifications;
  readonly rates: typeof rates;
  readonly transfer: typeof transfer;
  readonly lots: typeof lots;
  readonly sales: typeof sales;
  readonly priceProfile: typeof priceProfile;
  readonly pacing: typeof pacing;
  readonly portfolio: typeof portfolio;
  readonly ledger: typeof ledger;
  readonly workspace: typeof workspace;
  readonly audit: typeof audit;
};

export const contract: Contract = {
  auth,
  system,
  user,
  admin,
  search,
  settings,
  proxies,
  steamAccounts,
  steamTrading,
  confirmations,
  p2p,
  harvester,
  notifications,
  rates,
  transfer,
  lots,
  sales,
  priceProfile,
  pacing,
  portfolio,
  ledger,
  workspace,
  audit,
};

/** All operations, flat, in declaration order. */
export function listOperations(areas: Record<string, Record<string, Operation>> = contract): Operation[] {
  return Object.values(areas).flatMap((area) => Object.values(area));
}
