import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The longest time the event loop went without a turn while probed. */
export interface LoopStall {
  /** On-CPU time of the loop's thread between two turns: its own work, whatever else the machine runs. */
  busyMs: number;
  /** Wall-clock time between two turns, waits for a core included (reported, not bounded). */
  wallMs: number;
}

const TICK_MS = 5;
/** The delay histogram's own timer period: a gap of G ms between turns shows in it as a delay of at least G - this. */
const HISTOGRAM_RESOLUTION_MS = 10;

/** Nanoseconds this thread has run on a CPU (Linux schedstat); null where the kernel does not say. */
function threadRunNs(): bigint | null {
  try {
    return BigInt(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]!);
  } catch {
    return null;
  }
}

/**
 * A timer probe in this process: a timer every few milliseconds reads the thread's on-CPU time, so each gap between
 * turns of the loop is measured as the work that held it, not as the time the thread waited for a core on a
 * loaded machine. Where the kernel does not give a thread's CPU time, the wall-clock gap stands in for both.
 */
export function probeLoopStalls(): { stop(): LoopStall } {
  const histogram = monitorEventLoopDelay({ resolution: HISTOGRAM_RESOLUTION_MS });
  histogram.enable();
  let lastRun = threadRunNs();
  let lastAt = process.hrtime.bigint();
  let busyMaxNs = 0;
  let timer: NodeJS.Timeout;
  const tick = () => {
    const run = threadRunNs();
    const at = process.hrtime.bigint();
    // The kernel books run time when it switches threads or ticks, so one delta can carry time run before the last
    // turn: a gap's work is never more than the gap itself.
    if (run !== null && lastRun !== null) {
      busyMaxNs = Math.max(busyMaxNs, Math.min(Number(run - lastRun), Number(at - lastAt)));
    }
    lastRun = run;
    lastAt = at;
    timer = setTimeout(tick, TICK_MS);
  };
  timer = setTimeout(tick, TICK_MS);
  return {
    stop() {
      clearTimeout(timer);
      tick();
      clearTimeout(timer);
      histogram.disable();
      const wallMs = histogram.max / 1e6;
      // The kernel can book a thread's run time late, after the gap it ran in, so the CPU reading alone can
      // exceed the longest gap; no gap's own work can be longer than the gap itself.
      const longestGapMs = wallMs + HISTOGRAM_RESOLUTION_MS;
      return { busyMs: lastRun === null ? wallMs : Math.min(busyMaxNs / 1e6, longestGapMs), wallMs };
    },
  };
}
