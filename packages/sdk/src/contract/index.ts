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

/** Every area of the API, keyed as in operation ids (`<area>.<operation>`). */
export const contract = {
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
} as const;

export type Contract = typeof contract;

/** All operations, flat, in declaration order. */
export function listOperations(areas: Record<string, Record<string, Operation>> = contract): Operation[] {
  return Object.values(areas).flatMap((area) => Object.values(area));
}
