import { CachedRates } from './cached-rates.ts';
import { CbrRatesSource, DEFAULT_RATES_URL } from './cbr-rates-source.ts';
import type { RatesMode, RatesPort } from './port.ts';
import { SandboxRatesSource } from './sandbox-rates-source.ts';

export { CachedRates } from './cached-rates.ts';
export { CbrRatesSource, DEFAULT_RATES_URL, parseCbrDaily, RatesFetchError } from './cbr-rates-source.ts';
export type * from './port.ts';
export { SandboxRatesSource } from './sandbox-rates-source.ts';

/** The source publishes once a day; an hour keeps the panel within a day's rate without asking often. */
export const RATES_TTL_MS = 3600_000;
const RETRY_AFTER_FAILURE_MS = 60_000;
const FETCH_TIMEOUT_MS = 10_000;

export interface RatesPortOptions {
  mode: RatesMode;
  /** The live source's address (TRADEDECK_RATES_URL). */
  url?: string;
  now: () => number;
  ttlMs?: number;
}

/** Sandbox rates follow the sandbox market (the same table its transfers use); live rates come from the source. */
export function createRatesPort(options: RatesPortOptions): RatesPort {
  if (options.mode === 'sandbox')
    return new CachedRates(new SandboxRatesSource(), {
      ttlMs: Number.POSITIVE_INFINITY,
      retryAfterFailureMs: 0,
      now: options.now,
    });
  return new CachedRates(
    new CbrRatesSource({ url: options.url ?? DEFAULT_RATES_URL, timeoutMs: FETCH_TIMEOUT_MS }),
    { ttlMs: options.ttlMs ?? RATES_TTL_MS, retryAfterFailureMs: RETRY_AFTER_FAILURE_MS, now: options.now },
  );
}
