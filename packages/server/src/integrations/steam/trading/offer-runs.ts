/**
 * Offers sent to one partner within one send run (Steam allows 5). Runs are short; entries older than a day
 * are forgotten so a long-running process does not grow.
 */
import { TRADE_LIMITS } from '@tradedeck/sdk/domain';

const RUN_MEMORY_MS = 24 * 60 * 60_000;

export class OfferRunCounter {
  readonly #counts = new Map<string, { count: number; at: number }>();

  constructor(private readonly limit: number = TRADE_LIMITS.maxOffersPerPartnerPerRun) {}

  allows(runId: string, from: string, partner: string): boolean {
    return (this.#counts.get(key(runId, from, partner))?.count ?? 0) < this.limit;
  }

  record(runId: string, from: string, partner: string, now: number): void {
    const k = key(runId, from, partner);
    const entry = this.#counts.get(k);
    this.#counts.set(k, { count: (entry?.count ?? 0) + 1, at: now });
    for (const [other, value] of this.#counts) if (now - value.at > RUN_MEMORY_MS) this.#counts.delete(other);
  }
}

function key(runId: string, from: string, partner: string): string {
  return `${runId}\u0000${from}\u0000${partner}`;
}
