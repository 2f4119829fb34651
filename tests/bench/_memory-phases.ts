// Peak RSS per phase of a memory benchmark, sampled every 20 ms, beside the kernel's high-water mark for the whole
// process, and what the memory was at the highest sample (V8 heap, buffers outside it, the rest).
import { readFileSync } from 'node:fs';

export const MB = 1024 * 1024;

export function memoryPhases(print: (line: string) => void) {
  let phasePeak = 0;
  let atPeak: NodeJS.MemoryUsage | null = null;
  const sampler = setInterval(() => {
    const rss = process.memoryUsage.rss();
    if (rss <= phasePeak) return;
    phasePeak = rss;
    if (rss >= (atPeak?.rss ?? 0)) atPeak = process.memoryUsage();
  }, 20);
  const peaks: Array<[string, number]> = [];
  return {
    peaks,
    highWaterMb: () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024,
    atPeak: () => atPeak,
    stop: () => clearInterval(sampler),
    async phase<T>(name: string, work: () => Promise<T>): Promise<T> {
      phasePeak = process.memoryUsage.rss();
      const started = performance.now();
      const result = await work();
      phasePeak = Math.max(phasePeak, process.memoryUsage.rss());
      peaks.push([name, phasePeak]);
      print(
        `  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s, peak RSS ${(phasePeak / MB).toFixed(0)} MB`,
      );
      return result;
    },
    /** The split at the highest sample. */
    split(): string {
      const usage = atPeak as NodeJS.MemoryUsage | null;
      if (!usage) return '';
      const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
      return `V8 heap ${mb(usage.heapUsed)} used of ${mb(usage.heapTotal)}, buffers ${mb(usage.arrayBuffers)}, other ${mb(usage.rss - usage.heapTotal - usage.external)}`;
    },
  };
}
