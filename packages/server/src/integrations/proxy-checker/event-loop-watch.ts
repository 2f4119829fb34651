import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/** Event-loop delay above which a check that timed out meanwhile is not taken as the proxy's fault. */
export const DEFAULT_OVERLOAD_LAG_MS = 200;
const SAMPLE_EVERY_MS = 100;

/**
 * Watches this process's event loop while a batch runs. A check whose deadline passed while the loop was stalled
 * may have timed out only because its socket's events waited behind other work: such a timeout is checked again.
 */
export interface EventLoopWatch {
  /** Whether the loop stalled longer than the threshold at any time since `since` (a `performance.now()`). */
  stalledSince(since: number): boolean;
  /** Delays seen, for the batch's summary. */
  worstLagMs(): number;
  stop(): void;
}

export function watchEventLoop(thresholdMs = DEFAULT_OVERLOAD_LAG_MS): EventLoopWatch {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let lastStallAt = Number.NEGATIVE_INFINITY;
  let worst = 0;
  const sample = () => {
    const maxMs = histogram.max / 1e6;
    if (maxMs > worst) worst = maxMs;
    if (maxMs > thresholdMs) lastStallAt = performance.now();
    histogram.reset();
  };
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  timer.unref();
  return {
    stalledSince(since) {
      sample();
      return lastStallAt >= since;
    },
    worstLagMs: () => Math.max(worst, histogram.max / 1e6),
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
