/** What the reprice dialog shows of a preview or an apply: the spec's counts and the per-lot lines. */
import type {
  Money,
  PriceStrategy,
  RepricingOutcome,
  RepricingReason,
  TradingProfile,
} from '@tradedeck/sdk/domain';

export interface RepriceLine {
  id: string;
  name: string;
  account: string | null;
  price: Money;
  newPrice: Money | null;
  outcome: RepricingOutcome;
  reason: RepricingReason;
}

export type RepriceCounts = Record<RepricingOutcome, number>;

export interface RepriceReport {
  counts: RepriceCounts;
  lines: readonly RepriceLine[];
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
