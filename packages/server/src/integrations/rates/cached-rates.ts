import type { RatesPort, RatesSnapshot, RatesSource } from './port.ts';

export interface CachedRatesOptions {
  /** Rates younger than this are answered from the cache. */
  ttlMs: number;
  /** After a failed fetch, the source is not asked again before this long (the old rates are answered, stale). */
  retryAfterFailureMs: number;
  now: () => number;
}

/**
 * The rates of one source cached with their fetch time: one fetch at a time, answered from the cache while
 * younger than the time to live; a failed fetch keeps the older rates, marked stale, and fails only when there
 * never were any.
 */
export class CachedRates implements RatesPort {
  #snapshot: RatesSnapshot | null = null;
  #inFlight: Promise<RatesSnapshot> | null = null;
  #failedAt: number | null = null;

  constructor(
    private readonly source: RatesSource,
    private readonly options: CachedRatesOptions,
  ) {}

  get mode() {
    return this.source.mode;
  }

  async current(): Promise<RatesSnapshot> {
    const now = this.options.now();
    const snapshot = this.#snapshot;
    const fresh = snapshot && now - snapshot.fetchedAt.getTime() < this.options.ttlMs;
    const resting = this.#failedAt !== null && now - this.#failedAt < this.options.retryAfterFailureMs;
    if (snapshot && (fresh || resting)) return snapshot;
    this.#inFlight ??= this.refresh().finally(() => {
      this.#inFlight = null;
    });
    return this.#inFlight;
  }

  private async refresh(): Promise<RatesSnapshot> {
    try {
      const rates = await this.source.fetch();
      this.#failedAt = null;
      this.#snapshot = {
        source: this.source.mode,
        rates,
        fetchedAt: new Date(this.options.now()),
        stale: false,
      };
      return this.#snapshot;
    } catch (error) {
      this.#failedAt = this.options.now();
      if (!this.#snapshot) throw error;
      this.#snapshot = { ...this.#snapshot, stale: true };
      return this.#snapshot;
    }
  }
}
