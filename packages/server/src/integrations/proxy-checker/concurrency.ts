import { readFileSync } from 'node:fs';

/** File descriptors kept free for the server itself (database, listeners, log files, hub sockets). */
export const FD_MARGIN = 256;
/** Concurrency when nobody asks for another: high enough that dead proxies do not set the pace. */
export const DEFAULT_CHECK_CONCURRENCY = 1000;
/** Assumed limit where /proc is not there to tell. */
const FALLBACK_FD_LIMIT = 1024;

/** The soft open-files limit in force (Node raises it to the hard limit at start-up); null when unknown. */
export function fileDescriptorLimit(limitsText?: string): number | null {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return null;
    }
  }
  const line = text.split('\n').find((row) => row.startsWith('Max open files'));
  const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
  if (soft === 'unlimited') return Number.MAX_SAFE_INTEGER;
  const value = Number(soft);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * Checks in flight at once: the requested cap (or the default), never more than the descriptor limit minus a
 * margin, since each check holds at least one descriptor and EMFILE would fail checks that were fine.
 */
export function checkConcurrency(requested?: number, fdLimit: number | null = fileDescriptorLimit()): number {
  const ceiling = Math.max(1, (fdLimit ?? FALLBACK_FD_LIMIT) - FD_MARGIN);
  const wanted = requested !== undefined && requested > 0 ? Math.floor(requested) : DEFAULT_CHECK_CONCURRENCY;
  return Math.max(1, Math.min(wanted, ceiling));
}
