import { performance } from 'node:perf_hooks';

/** Loop delay, over the length of a check's deadline, that explains its timeout (see `stalledFor`). */
export const DEFAULT_OVERLOAD_LAG_MS = 200;
/** Share of a deadline the loop must have lost before a timeout is put down to this server rather than the proxy. */
export const OVERLOAD_SHARE_OF_DEADLINE = 0.25;
const SAMPLE_EVERY_MS = 50;

/**
 * Watches this process's event loop while a batch runs: how long, in total, the loop was held up (a timer's delay
 * past its due time). A check that timed out is this server's fault only when the loop lost a large share of that
 * check's own time: its answer may then have waited behind other work. A busy loop with a short stall somewhere in
 * the window explains nothing, and the timeout is the proxy's.
 */
export interface EventLoopWatch {
  /** Milliseconds the loop has been held up since the watch started; rises monotonically. */
  lagMs(): number;
  /** The longest single hold-up seen, for the batch's summary. */
  worstLagMs(): number;
  stop(): void;
}

export function watchEventLoop(): EventLoopWatch {
  let lost = 0;
  let worst = 0;
  let lastTick = performance.now();
  const pending = (now: number) => Math.max(0, now - lastTick - SAMPLE_EVERY_MS);
  const timer = setInterval(() => {
    const now = performance.now();
    const late = pending(now);
    lost += late;
    if (late > worst) worst = late;
    lastTick = now;
  }, SAMPLE_EVERY_MS);
  timer.unref();
  return {
    // The hold-up still under way counts too: a check judged right after a stall sees it before the next tick.
    lagMs: () => lost + pending(performance.now()),
    worstLagMs: () => Math.max(worst, pending(performance.now())),
    stop() {
      clearInterval(timer);
    },
  };
}

/**
 * Whether a check's timeout is this server's fault: the loop lost, during the check, more than the larger of
 * `overloadLagMs` and a quarter of the deadline. `lostMs` is the loop's hold-up over the check (or, with no watch,
 * how late its deadline was judged).
 */
export function loopExplainsTimeout(lostMs: number, deadlineMs: number, overloadLagMs: number): boolean {
  return lostMs > Math.max(overloadLagMs, deadlineMs * OVERLOAD_SHARE_OF_DEADLINE);
}
