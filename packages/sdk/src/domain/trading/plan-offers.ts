/**
 * Splits items for one partner into offers within Steam's limits: at most 255 items an offer and 5 offers a
 * run. What does not fit is returned as the remainder, never dropped (notes §10).
 */
import { TRADE_LIMITS } from './limits.ts';

export interface OfferPlan<T> {
  offers: T[][];
  remainder: T[];
}

export function planOffers<T>(
  items: readonly T[],
  limits: { maxItemsPerOffer?: number; maxOffers?: number } = {},
): OfferPlan<T> {
  const size = limits.maxItemsPerOffer ?? TRADE_LIMITS.maxItemsPerOffer;
  const maxOffers = limits.maxOffers ?? TRADE_LIMITS.maxOffersPerPartnerPerRun;
  if (size < 1 || maxOffers < 0) throw new Error('Offer limits must be positive');
  const offers: T[][] = [];
  let index = 0;
  while (index < items.length && offers.length < maxOffers) {
    offers.push(items.slice(index, index + size));
    index += size;
  }
  return { offers, remainder: items.slice(index) };
}
