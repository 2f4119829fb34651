/**
 * The garbage collector's pauses in this (server) process while a load runs: how many, their sum and the longest,
 * by kind, beside the heap. What a benchmark's tail waits on when it is not the requests' own work.
 */
import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';

const KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

export function watchGcPauses(): () => string {
  const entries: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()));
  observer.observe({ entryTypes: ['gc'] });
  return () => {
    observer.disconnect();
    const byKind = new Map<string, { n: number; ms: number; max: number }>();
    for (const entry of entries) {
      // Node's gc entries carry their kind in `detail`, which the DOM's PerformanceEntry type does not name.
      const detail = (entry as PerformanceEntry & { detail?: { kind: number } }).detail;
      const kind = KINDS[detail?.kind ?? -1] ?? 'other';
      const sum = byKind.get(kind) ?? { n: 0, ms: 0, max: 0 };
      sum.n += 1;
      sum.ms += entry.duration;
      sum.max = Math.max(sum.max, entry.duration);
      byKind.set(kind, sum);
    }
    const { heapUsed, heapTotal, external, arrayBuffers, rss } = process.memoryUsage();
    const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;
    const kinds = [...byKind]
      .map(([kind, s]) => `${kind} ${s.n} (${s.ms.toFixed(0)} ms, longest ${s.max.toFixed(1)} ms)`)
      .join(', ');
    return `  GC pauses: ${kinds || 'none'}; heap ${mib(heapUsed)} of ${mib(heapTotal)}, external ${mib(external)} (array buffers ${mib(arrayBuffers)}), RSS ${mib(rss)}`;
  };
}
