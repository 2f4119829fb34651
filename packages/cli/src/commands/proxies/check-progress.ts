/** What a running proxy check has seen so far, and the figures the live view shows. */
export interface CheckProgress {
  total: number;
  done: number;
  valid: number;
  invalid: number;
  startedAt: number;
  now: number;
}

export function emptyProgress(total: number, now: number): CheckProgress {
  return { total, done: 0, valid: 0, invalid: 0, startedAt: now, now };
}

export function countResult(progress: CheckProgress, valid: boolean, now: number): CheckProgress {
  return {
    ...progress,
    done: progress.done + 1,
    valid: progress.valid + (valid ? 1 : 0),
    invalid: progress.invalid + (valid ? 0 : 1),
    now,
  };
}

/** Results per second since the start (0 until the first second's worth of data). */
export function ratePerSecond(progress: CheckProgress): number {
  const seconds = (progress.now - progress.startedAt) / 1000;
  return seconds > 0 ? progress.done / seconds : 0;
}

/** Seconds left at the current rate, or null while the rate is unknown. */
export function etaSeconds(progress: CheckProgress): number | null {
  const rate = ratePerSecond(progress);
  if (progress.done >= progress.total) return 0;
  return rate > 0 ? Math.ceil((progress.total - progress.done) / rate) : null;
}

/** `42s`, `3m05s`, `1h02m`. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}m`;
}

export function formatRate(rate: number): string {
  return rate >= 100 ? String(Math.round(rate)) : rate.toFixed(1);
}
