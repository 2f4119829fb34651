/**
 * A repricing run over many lots: preview answers the decisions and their counts; apply sends the changed ones in
 * mass-set-price calls of at most `REPRICE_BATCH_LIMIT` and folds the market's per-item answers back in.
 */
import type { Money } from '../money/money.ts';
import { REPRICE_BATCH_LIMIT } from './constants.ts';
import { decideReprice } from './decide.ts';
import type { RepricingContext, RepricingDecision, RepricingLot, RepricingOutcome } from './types.ts';

export interface RepricePriceWrite {
  itemId: string;
  price: Money;
}

export type RepricingSummary = Record<RepricingOutcome, number>;

export interface RepricingPlan {
  decisions: RepricingDecision[];
  summary: RepricingSummary;
  /** The changed lots' writes, in lot order, at most `REPRICE_BATCH_LIMIT` per batch. */
  batches: RepricePriceWrite[][];
}

export function summarizeDecisions(decisions: readonly RepricingDecision[]): RepricingSummary {
  const summary: RepricingSummary = { changed: 0, unchanged: 0, unavailable: 0, failed: 0 };
  for (const item of decisions) summary[item.outcome] += 1;
  return summary;
}

export function priceWriteBatches(
  decisions: readonly RepricingDecision[],
  limit: number = REPRICE_BATCH_LIMIT,
): RepricePriceWrite[][] {
  const batches: RepricePriceWrite[][] = [];
  let current: RepricePriceWrite[] = [];
  for (const item of decisions) {
    if (item.outcome !== 'changed' || !item.newPrice) continue;
    current.push({ itemId: item.itemId, price: item.newPrice });
    if (current.length === limit) {
      batches.push(current);
      current = [];
    }
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export function planRepricing(lots: readonly RepricingLot[], context: RepricingContext): RepricingPlan {
  const decisions = lots.map((lot) => decideReprice(lot, context));
  return { decisions, summary: summarizeDecisions(decisions), batches: priceWriteBatches(decisions) };
}

/**
 * After apply: a changed lot whose write the market refused becomes failed (an envelope success is not an item
 * success). `refused` maps item ids to the market's detail.
 */
export function withWriteFailures(
  decisions: readonly RepricingDecision[],
  refused: ReadonlyMap<string, string | undefined>,
): RepricingDecision[] {
  return decisions.map((item) =>
    item.outcome === 'changed' && refused.has(item.itemId)
      ? { itemId: item.itemId, outcome: 'failed', reason: 'write_failed', target: item.target }
      : item,
  );
}
