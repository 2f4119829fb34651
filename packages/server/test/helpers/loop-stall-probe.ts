import { readFileSync } from 'node:fs';
import {
  constants,
  monitorEventLoopDelay,
  type PerformanceEntry,
  PerformanceObserver,
  performance,
} from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';

/** The longest time the event loop went without a turn while probed. */
export interface LoopStall {
  /**
   * On-CPU time of the loop's thread between two turns, less the garbage collections inside that gap: the work of
   * the code that held the loop, whatever else the machine runs.
   */
  busyMs: number;
  /** The longest full collection's pause in any gap (reported, not bounded: it follows what the whole heap holds). */
  gcMs: number;
  /** Wall-clock time between two turns, waits for a core included (reported, not bounded). */
  wallMs: number;
  /** On-CPU time of the loop's thread over the whole probe, less full collections: all the work it did. */
  totalMs: number;
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
export function probeLoopStalls(): { stop(): Promise<LoopStall> } {
  const histogram = monitorEventLoopDelay({ resolution: HISTOGRAM_RESOLUTION_MS });
  histogram.enable();
  // A collection pauses the loop for what the whole heap holds: in a test worker, every file it ran before. Its
  // pauses are read apart, so a gap is measured by the work of the code that held the loop.
  const collections: { from: number; to: number }[] = [];
  const keep = (entries: PerformanceEntry[]) => {
    // Full collections only: a young-generation one is proportional to what the held code itself allocated.
    for (const entry of entries)
      if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
        collections.push({ from: entry.startTime, to: entry.startTime + entry.duration });
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  const gaps: { from: number; to: number; busyMs: number }[] = [];
  let lastRun = threadRunNs();
  let lastAt = process.hrtime.bigint();
  let lastNow = performance.now();
  let timer: NodeJS.Timeout;
  const tick = () => {
    const run = threadRunNs();
    const at = process.hrtime.bigint();
    const now = performance.now();
    // The kernel books run time when it switches threads or ticks, so one delta can carry time run before the last
    // turn: a gap's work is never more than the gap itself.
    if (run !== null && lastRun !== null)
      gaps.push({
        from: lastNow,
        to: now,
        busyMs: Math.min(Number(run - lastRun), Number(at - lastAt)) / 1e6,
      });
    lastRun = run;
    lastAt = at;
    lastNow = now;
    timer = setTimeout(tick, TICK_MS);
  };
  timer = setTimeout(tick, TICK_MS);
  return {
    async stop() {
      clearTimeout(timer);
      tick();
      clearTimeout(timer);
      histogram.disable();
      // A collection's entry arrives a turn or more after it ended.
      await delay(100);
      keep(observer.takeRecords());
      observer.disconnect();
      const wallMs = histogram.max / 1e6;
      if (lastRun === null) return { busyMs: wallMs, gcMs: 0, wallMs, totalMs: wallMs };
      const paused = (gap: { from: number; to: number }) =>
        collections.reduce(
          (sum, pause) => sum + Math.max(0, Math.min(gap.to, pause.to) - Math.max(gap.from, pause.from)),
          0,
        );
      const worst = { busyMs: 0, gcMs: 0 };
      let totalMs = 0;
      for (const gap of gaps) {
        const gcMs = paused(gap);
        worst.busyMs = Math.max(worst.busyMs, gap.busyMs - gcMs);
        worst.gcMs = Math.max(worst.gcMs, gcMs);
        totalMs += Math.max(0, gap.busyMs - gcMs);
      }
      // The kernel can book a thread's run time late, after the gap it ran in, so the CPU reading alone can
      // exceed the longest gap; no gap's own work can be longer than the gap itself.
      const longestGapMs = wallMs + HISTOGRAM_RESOLUTION_MS;
      return { busyMs: Math.min(worst.busyMs, longestGapMs), gcMs: worst.gcMs, wallMs, totalMs };
    },
  };
}

/**
 * Share of all the loop's work during a probe that one turn may hold when that turn is over the bound. On a
 * machine loaded by many busy processes, events pile up while the thread waits for a core and one turn then
 * serves a backlog: 35 ms quiet became 180 ms at load 12. Work split into slices still keeps each turn a small
 * share of the whole (6-8 % for a 100,000-line list at any load); work done in one piece holds nearly all of it.
 */
export const MAX_TURN_SHARE = 0.15;

/** Whether no turn held the loop: under `limitMs` of its own work, or on a loaded machine a small share of it all. */
export function heldNoTurn(stall: LoopStall, limitMs: number): boolean {
  return stall.busyMs < limitMs || stall.busyMs <= stall.totalMs * MAX_TURN_SHARE;
}

/** A stall as a failure message prints it. */
export function describeStall(stall: LoopStall): string {
  return `longest turn: ${Math.round(stall.busyMs)} ms of the loop's own work of ${Math.round(stall.totalMs)} ms in all (${Math.round(stall.gcMs)} ms of collections beside it, ${Math.round(stall.wallMs)} ms wall)`;
}
