/** What the reprice dialog shows of a preview or an apply: the spec's counts and the per-lot lines. */
import type { RepriceItem, RepricePreview, RepriceSummary } from '@tradedeck/sdk/contract';
import type { Money, PriceStrategy, RepricingOutcome, TradingProfile } from '@tradedeck/sdk/domain';

export interface RepriceLine {
  id: string;
  name: string;
  account: string | null;
  price: Money | null;
  newPrice: Money | null;
  outcome: RepricingOutcome;
  /** The reason in the user's language. */
  message: string;
}

export type RepriceCounts = RepriceSummary;

export interface RepriceReport {
  counts: RepriceCounts;
  lines: readonly RepriceLine[];
  /** More lots than `lines` carries. */
  truncated: boolean;
}

export type RepriceMode = 'preview' | 'apply';

/** Runs the server's repricing for the dialog's lots: preview is the apply path run dry. */
export type RunReprice = (
  mode: RepriceMode,
  strategy: PriceStrategy,
  profile: TradingProfile,
) => Promise<RepriceReport>;

const ORDER: readonly RepricingOutcome[] = ['failed', 'changed', 'unavailable', 'unchanged'];

/** Failures first, then the changes, so what needs a look is on top. */
export function orderedLines(lines: readonly RepriceLine[]): RepriceLine[] {
  return [...lines].sort((a, b) => ORDER.indexOf(a.outcome) - ORDER.indexOf(b.outcome));
}

export function countOutcomes(lines: readonly { outcome: RepricingOutcome }[]): RepriceCounts {
  const counts: RepriceCounts = { changed: 0, unchanged: 0, unavailable: 0, failed: 0 };
  for (const line of lines) counts[line.outcome] += 1;
  return counts;
}

/** A lot not listed has no price; the line shows a dash for it. */
export function lineOf(item: RepriceItem): RepriceLine {
  return {
    id: String(item.lotId),
    name: item.name,
    account: item.account.login,
    price: item.price,
    newPrice: item.newPrice,
    outcome: item.outcome,
    message: item.message,
  };
}

export function reportOf(
  answer: Pick<RepricePreview, 'summary' | 'items' | 'itemsTruncated'>,
): RepriceReport {
  return { counts: answer.summary, lines: answer.items.map(lineOf), truncated: answer.itemsTruncated };
}
