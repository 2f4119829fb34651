/** The stale reference guard (notes market.md §7.2 rule 5): a missing or expired reference is never acted on. */
import type { ReferenceKind, ReferencePrices } from './types.ts';

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
