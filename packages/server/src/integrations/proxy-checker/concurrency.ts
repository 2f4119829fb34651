import { readdirSync, readFileSync } from 'node:fs';

/** Where the open descriptors cannot be counted: descriptors kept free for the server itself. */
export const FD_MARGIN = 256;
/**
 * Descriptors kept free beyond those the server holds now: what it may still open while a batch runs (the
 * embedded database's new files and WAL segments, clients' connections, log files, hub sockets).
 */
export const FD_RESERVE = 128;
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

/** Descriptors this process holds now (the entries of /proc/self/fd); null where they cannot be counted. */
export function openDescriptors(): number | null {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return null;
  }
}

/**
 * Checks in flight at once: the requested cap (or the default), never more than the descriptors really free, since
 * each check holds `perCheck` (one, or two with the judge in this process) and EMFILE would fail checks that were
 * fine, and worse, the server's own files and requests. `open` is what the server holds apart from the checks
 * already in flight; where it cannot be counted, a fixed margin below the limit stands in.
 */
export function checkConcurrency(
  requested?: number,
  fdLimit: number | null = fileDescriptorLimit(),
  open: number | null = openDescriptors(),
  perCheck = 1,
): number {
  const limit = fdLimit ?? FALLBACK_FD_LIMIT;
  const free = open === null ? limit - FD_MARGIN : limit - open - FD_RESERVE;
  const ceiling = Math.max(1, Math.floor(free / perCheck));
  const wanted = requested !== undefined && requested > 0 ? Math.floor(requested) : DEFAULT_CHECK_CONCURRENCY;
  return Math.max(1, Math.min(wanted, ceiling));
}

/** Descriptors of the checks in flight in this process, over every batch (among the open descriptors). */
let inFlightDescriptors = 0;
/** Descriptors of the slots the running batches were given and have not returned. */
let reserved = 0;

export interface CheckSlots {
  /** Checks the batch may have in flight. */
  readonly size: number;
  /** Around each check, so that a batch starting meanwhile counts its socket as the checker's, not the server's. */
  begin(): void;
  end(): void;
  release(): void;
}

/**
 * Reserves a batch's concurrency from the descriptors free now. Batches running at once share them: each is given
 * what the others have not reserved, so together they never take the server's own reserve.
 */
export function reserveCheckSlots(
  requested?: number,
  fdLimit: number | null = fileDescriptorLimit(),
  open: number | null = openDescriptors(),
  perCheck = 1,
): CheckSlots {
  const serverHeld = open === null ? null : Math.max(0, open - inFlightDescriptors) + reserved;
  const size = checkConcurrency(requested, fdLimit, serverHeld, perCheck);
  const held = size * perCheck;
  reserved += held;
  let released = false;
  return {
    size,
    begin: () => {
      inFlightDescriptors += perCheck;
    },
    end: () => {
      inFlightDescriptors -= perCheck;
    },
    release: () => {
      if (released) return;
      released = true;
      reserved -= held;
    },
  };
}

/** How often a running batch counts the process's descriptors again. */
const WATCH_EVERY_MS = 100;

export interface DescriptorWatch {
  /** Whether fewer than the server's reserve are free: at the last count, less the checks begun since. */
  low(): boolean;
  /** A check is about to open its socket (counted against the free descriptors until the next count). */
  opening(): void;
  stop(): void;
}

/**
 * Counts this process's descriptors while a batch runs: the count at its start misses what opens later (the
 * built-in judge's side of each check, the database's files, clients' connections), so the batch slows down
 * whenever fewer than the reserve are free, before anything meets EMFILE. Where they cannot be counted it never
 * reports low (the start's fixed margin stands).
 */
export function watchDescriptors(
  fdLimit: number | null = fileDescriptorLimit(),
  open: () => number | null = openDescriptors,
  perCheck = 1,
): DescriptorWatch {
  const limit = fdLimit ?? FALLBACK_FD_LIMIT;
  let counted: number | null = null;
  let begun = 0;
  const count = () => {
    counted = open();
    begun = 0;
  };
  count();
  const timer = setInterval(count, WATCH_EVERY_MS);
  timer.unref();
  return {
    low: () => counted !== null && limit - counted - begun < FD_RESERVE,
    opening: () => {
      begun += perCheck;
    },
    stop: () => clearInterval(timer),
  };
}
