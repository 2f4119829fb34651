/**
 * The repricing decision for one lot: the one function behind both preview and apply, so they agree by
 * construction. Pure: the time is an input. The order of the rules is documented in docs/repricing.md.
 */
import type { Money } from '../money/money.ts';
import { scaleCeil } from './basis-points.ts';
import { BID_FLOOR_BP, MARKET_ASKS_TTL_MS, PRICE_WRITE_COOLDOWN_MS } from './constants.ts';
import { marketView } from './market-view.ts';
import { DEFAULT_PROFILE_SETTINGS, profilePrice, profileReference } from './profiles.ts';
import { floorReference, outlierReferences, referenceProblem } from './references.ts';
import { strategyReference, strategyTarget } from './strategies.ts';
import type {
  DroppedReference,
  ReferenceKind,
  RepricingContext,
  RepricingDecision,
  RepricingLot,
  RepricingOutcome,
  RepricingReason,
} from './types.ts';

function decision(
  lot: RepricingLot,
  outcome: RepricingOutcome,
  reason: RepricingReason,
  extra: Partial<RepricingDecision> = {},
): RepricingDecision {
  return { itemId: lot.itemId, outcome, reason, ...extra };
}

function inCurrency(value: Money | null, currency: string): boolean {
  return value === null || value.currency === currency;
}

function isAmount(value: Money | null): boolean {
  return value === null || (Number.isSafeInteger(value.amount) && value.amount >= 0);
}

/** The references the lot's strategy and profile read (single price skips the profile). */
export function neededReferences(lot: RepricingLot): ReferenceKind[] {
  const needed = new Set<ReferenceKind>();
  const fromStrategy = strategyReference(lot.strategy);
  if (fromStrategy) needed.add(fromStrategy);
  const fromProfile = lot.strategy.kind === 'singlePrice' ? null : profileReference(lot.profile);
  if (fromProfile) needed.add(fromProfile);
  return [...needed];
}

export function decideReprice(lot: RepricingLot, context: RepricingContext): RepricingDecision {
  const currency = lot.price.currency;
  const now = context.now.getTime();

  if (!lot.onSale || lot.settlement > 0) return decision(lot, 'unavailable', 'not_on_sale');
  if (lot.lastPriceWriteAt) {
    const next = lot.lastPriceWriteAt.getTime() + (context.priceWriteCooldownMs ?? PRICE_WRITE_COOLDOWN_MS);
    if (now < next) return decision(lot, 'unavailable', 'cooldown', { retryAt: new Date(next) });
  }
  if (lot.min === null || lot.max === null) return decision(lot, 'unavailable', 'no_thresholds');
  const amounts = [lot.price, lot.min, lot.max, lot.purchasePrice];
  if (!amounts.every((value) => inCurrency(value, currency)))
    return decision(lot, 'failed', 'currency_mismatch');
  if (!amounts.every(isAmount)) return decision(lot, 'failed', 'invalid_amount');
  if (lot.min.amount > lot.max.amount) return decision(lot, 'failed', 'invalid_thresholds');

  const snapshot = context.asksByName.get(lot.marketHashName);
  if (!snapshot) return decision(lot, 'unavailable', 'no_market_data');
  if (now - snapshot.fetchedAt.getTime() > MARKET_ASKS_TTL_MS)
    return decision(lot, 'unavailable', 'stale_market_data');
  if (snapshot.asks.some((ask) => ask.price.currency !== currency))
    return decision(lot, 'failed', 'currency_mismatch');

  const references = context.referencesByName.get(lot.marketHashName) ?? {};
  const used = neededReferences(lot);
  const problem = referenceProblem(references, used, currency, context.now);
  if (problem) return decision(lot, problem === 'currency_mismatch' ? 'failed' : 'unavailable', problem);
  // The outlier guard: a reference far off the other sources is dropped; one the lot needs stops the lot.
  const outliers = outlierReferences(references, currency, context.now);
  const dropped: DroppedReference[] = outliers.map((kind) => ({ kind, why: 'outlier' }));
  if (used.some((kind) => outliers.includes(kind)))
    return decision(lot, 'unavailable', 'reference_outlier', {
      referencesUsed: [],
      referencesDropped: dropped,
    });

  const market = marketView(snapshot, lot.itemId, context.ownItemIds);
  const target = strategyTarget(lot.strategy, {
    currency,
    thresholds: { min: lot.min.amount, max: lot.max.amount },
    references,
    market,
  });
  if (target.kind === 'invalid') return decision(lot, 'failed', 'invalid_strategy');
  if (target.kind === 'noMarket') return decision(lot, 'unavailable', 'no_market_data');

  let amount =
    target.kind === 'price'
      ? target.price
      : profilePrice(lot.profile, {
          band: target,
          askToBeat: market.askToBeat,
          references,
          settings: context.profileSettings ?? DEFAULT_PROFILE_SETTINGS,
        });
  // Never under our own listing that already leads, never under what the item cost.
  if (market.ownLeading !== null) amount = Math.max(amount, market.ownLeading);
  if (lot.purchasePrice) amount = Math.max(amount, lot.purchasePrice.amount);
  // Never under the chosen share of the highest buy order, while that order is fresh and not an outlier.
  const bid = floorReference(references.bid, currency, context.now);
  if (bid && 'dropped' in bid) dropped.push({ kind: 'bid', why: bid.dropped });
  else if (bid && !outliers.includes('bid')) {
    const floor = scaleCeil(bid.amount, context.bidFloorBp ?? BID_FLOOR_BP);
    if (floor > amount) {
      amount = floor;
      used.push('bid');
    }
  }

  const targetPrice: Money = { currency, amount };
  const told = { target: targetPrice, referencesUsed: used, referencesDropped: dropped };
  // A price of zero delists on TM, so one tick is the lowest price ever sent.
  if (amount < Math.max(lot.min.amount, 1) || amount > lot.max.amount)
    return decision(lot, 'unchanged', 'out_of_range', { ...told, issue: 'out_of_range' });
  if (Math.abs(amount - lot.price.amount) < 1) return decision(lot, 'unchanged', 'no_change', told);
  return decision(lot, 'changed', 'repriced', { ...told, newPrice: targetPrice });
}
