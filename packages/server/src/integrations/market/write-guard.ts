/**
 * What every adapter refuses before a write reaches the market: more than TM's 50 items, an amount in another
 * currency than the account's (TM would cancel it: the currency guard), fractions and negatives.
 */
import type { Currency, Money } from '@tradedeck/sdk/domain';
import type { MarketFailure, MarketFailureReason } from './port.ts';

/** TM takes at most 50 items per mass call and 50 names per search. */
export const TM_BATCH_LIMIT = 50;

export function failure(
  reason: MarketFailureReason,
  extra: Omit<MarketFailure, 'ok' | 'reason'> = {},
): MarketFailure {
  return { ok: false, reason, ...extra };
}

export function refusedWrite(currency: Currency, prices: readonly Money[]): MarketFailure | null {
  if (prices.length > TM_BATCH_LIMIT) {
    return failure('badRequest', { detail: `at most ${TM_BATCH_LIMIT} items per call` });
  }
  const foreign = prices.find((price) => price.currency !== currency);
  if (foreign) {
    return failure('currencyMismatch', {
      detail: `a price in ${foreign.currency} for a ${currency} account`,
    });
  }
  if (prices.some((price) => !Number.isSafeInteger(price.amount) || price.amount < 0)) {
    return failure('badRequest', { detail: 'prices must be whole non-negative units' });
  }
  return null;
}
