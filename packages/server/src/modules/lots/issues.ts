import type { LotIssue } from '@tradedeck/sdk/domain';
import { SOLD_ELSEWHERE } from './delist-repo.ts';
import type { LotDbRow } from './types.ts';

/**
 * What a lot's own fields say about its issues (out of range is the repricing's, kept while it holds). An item sold
 * on another market has that issue alone, for good.
 */
export function issuesOf(
  lot: Pick<LotDbRow, 'status' | 'minPrice' | 'maxPrice' | 'price' | 'lastWrittenPrice' | 'issues'>,
): LotIssue[] {
  if ((lot.issues as string[]).includes(SOLD_ELSEWHERE)) return [SOLD_ELSEWHERE];
  const issues: LotIssue[] = [];
  if (lot.status === 'in_inventory' && lot.minPrice !== null && lot.maxPrice !== null)
    issues.push('not_listed');
  if (lot.status === 'on_sale' && lot.lastWrittenPrice !== null && lot.price !== lot.lastWrittenPrice)
    issues.push('price_mismatch');
  if (lot.status === 'on_sale' && (lot.issues as string[]).includes('out_of_range'))
    issues.push('out_of_range');
  return issues;
}
