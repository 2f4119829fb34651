/** The stale reference guard (notes market.md §7.2 rule 5): a missing or expired reference is never acted on. */
import type { ReferenceDropReason, ReferenceKind, ReferencePrice, ReferencePrices } from './types.ts';

export type ReferenceProblem = 'reference_missing' | 'reference_stale' | 'currency_mismatch';

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
    const age = now.getTime() - reference.observedAt.getTime();
    if (reference.ttlMs !== null && age > reference.ttlMs) return 'reference_stale';
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
  const age = now.getTime() - reference.observedAt.getTime();
  if (reference.ttlMs !== null && age > reference.ttlMs) return { dropped: 'stale' };
  return { amount: reference.price.amount };
}
