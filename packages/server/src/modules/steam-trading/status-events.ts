import { type AccountStatusChanged, hubEvents, STEAM_TRADING_SOURCE } from '@tradedeck/sdk/contract';
import type { TradingDeps } from './deps.ts';

/** Tells the user's open screens that an account's status changed (`AccountStatusChanged`). */
export async function announceStatus(
  deps: Pick<TradingDeps, 'eventLog' | 'log'>,
  userId: string,
  payload: AccountStatusChanged,
): Promise<void> {
  try {
    await deps.eventLog.append(userId, hubEvents.accountStatusChanged, STEAM_TRADING_SOURCE, payload);
  } catch (error) {
    // The status is stored; a missed announcement only delays what the screens show until they reload.
    deps.log.warn({ err: error, accountId: payload.accountId }, 'account status event not announced');
  }
}
