/** The stale reference guard (notes market.md §7.2 rule 5): a missing or expired reference is never acted on. */
import { OUTLIER_RATIO } from './constants.ts';
import type { ReferenceDropReason, ReferenceKind, ReferencePrice, ReferencePrices } from './types.ts';

export type ReferenceProblem = 'reference_missing' | 'reference_stale' | 'currency_mismatch';

function fresh(reference: ReferencePrice, now: Date): boolean {
  return reference.ttlMs === null || now.getTime() - reference.observedAt.getTime() <= reference.ttlMs;
}

export function referenceProblem(
  references: ReferencePrices,
  needed: readonly ReferenceKind[],
  currency: string,
  now: Date,
): ReferenceProblem | null {
  for (const kind of needed) {
    const reference = references[kind];
    if (!reference) return 'reference_missing';
    if (reference.price.currency !== currency) return 'currency_mismatch';
    if (!fresh(reference, now)) return 'reference_stale';
  }
  return null;
}

/**
 * A floor reference (the highest buy order) is optional: absent, nothing holds the price up; stale or in another
 * currency, it is dropped and said so, never acted on.
 */
export function floorReference(
  reference: ReferencePrice | null | undefined,
  currency: string,
  now: Date,
): { amount: number } | { dropped: ReferenceDropReason } | null {
  if (!reference) return null;
  if (reference.price.currency !== currency) return { dropped: 'currency_mismatch' };
  if (!fresh(reference, now)) return { dropped: 'stale' };
  return { amount: reference.price.amount };
}

/**
 * The sources the outlier guard compares, in the order a decision lists them. The user's own custom price is not
 * among them: it is the user's word, never checked against the markets.
 */
export const OUTLIER_SOURCES: readonly ReferenceKind[] = ['median', 'crossMarket', 'provider', 'bid'];

/** The median of sorted amounts (the two middles' mean, rounded down, when the count is even). */
function medianOf(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : Math.floor(((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2);
}

/**
 * The outlier guard: of the fresh sources in the lot's currency, each one outside `OUTLIER_RATIO` times the median
 * of the others (above it, or under it divided by the ratio). A source with no other to compare is never an
 * outlier; of two sources that far apart both are, since neither can be told right (the safe reading).
 */
export function outlierReferences(references: ReferencePrices, currency: string, now: Date): ReferenceKind[] {
  const present = OUTLIER_SOURCES.flatMap((kind) => {
    const reference = references[kind];
    return reference && reference.price.currency === currency && fresh(reference, now)
      ? [{ kind, amount: reference.price.amount }]
      : [];
  });
  return present
    .filter(({ kind, amount }) => {
      const others = present
        .filter((other) => other.kind !== kind)
        .map((other) => other.amount)
        .sort((a, b) => a - b);
      if (others.length === 0) return false;
      const median = medianOf(others);
      return amount > median * OUTLIER_RATIO || amount * OUTLIER_RATIO < median;
    })
    .map(({ kind }) => kind);
}
