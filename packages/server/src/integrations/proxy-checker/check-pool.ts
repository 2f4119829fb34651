import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type CheckProxyOptions,
  checkProxy,
  type ProxyCheckOutcome,
  type ProxyToCheck,
} from './check-proxy.ts';
import type { CheckTarget } from './check-target.ts';
import { reserveCheckSlots, watchDescriptors } from './concurrency.ts';
import { watchEventLoop } from './event-loop-watch.ts';
import { createLookupCache } from './lookup-cache.ts';

export interface CheckManyOptions extends CheckProxyOptions {
  /** Cap on checks in flight; bounded by the descriptors free when the batch starts in any case. */
  concurrency?: number;
  /** Stops taking new proxies; checks in flight end by their own deadlines. */
  signal?: AbortSignal;
  /** Called for each result as soon as it is known (results arrive out of order). */
  onResult?: (outcome: ProxyCheckOutcome, proxy: ProxyToCheck, index: number) => void;
  /** Checks of one proxy that failed for this server's own reason before the last such failure is reported. */
  maxLocalAttempts?: number;
  /** The open-files limit to size and watch against (the process's own unless a test sets one). */
  fdLimit?: number;
}

export interface CheckManySummary {
  checked: number;
  valid: number;
  /** Checks in flight at the start. */
  concurrency: number;
  /** Checks in flight at the end: lower when the server ran out of something and had not yet recovered. */
  finalConcurrency: number;
  /** The fewest checks allowed in flight at any time of the batch. */
  lowestConcurrency: number;
  /** Times the batch halved its pace for failures of this server's own. */
  slowdowns: number;
  /** Checks that failed for this server's own reason and were made again. */
  rechecked: number;
  stopped: boolean;
}

/** Attempts per proxy when checks keep failing for local reasons (each after the batch slowed down). */
const DEFAULT_MAX_LOCAL_ATTEMPTS = 4;
/** The batch slows down at most this often, so one burst of local errors counts once. */
const SLOWDOWN_EVERY_MS = 200;
const SLOWDOWN_FACTOR = 0.5;
/** A proxy checked again waits this long per earlier attempt, so what ran out has time to come back. */
const RECHECK_PAUSE_MS = 100;
/** After this long with no local failure, the pace doubles again (up to where it started). */
const RECOVER_AFTER_MS = 1000;

interface Pending<T> {
  proxy: T;
  index: number;
  attempt: number;
}

/**
 * Checks many proxies with a set of workers pulling from one iterator, so memory stays flat however long the list
 * is and no more than `concurrency` sockets are open at once. Proxy host names are resolved once per batch.
 *
 * A proxy is judged only by its own faults: a check that failed for a local reason (out of descriptors or local
 * ports, or timed out because the event loop lost a large share of its deadline) is not reported; the batch halves
 * its concurrency and checks that proxy again once the fresh proxies are taken, up to `maxLocalAttempts` times.
 * A proxy that simply answers too slowly is the proxy's timeout and never slows the batch; after a second with no
 * local failure the pace doubles back towards where it started.
 */
export async function checkMany<T extends ProxyToCheck>(
  proxies: Iterable<T>,
  target: CheckTarget,
  options: CheckManyOptions,
): Promise<CheckManySummary> {
  // A check through the judge of this process holds the judge's side of the tunnel here too.
  const perCheck = target.inProcess ? 2 : 1;
  const slots = reserveCheckSlots(options.concurrency, options.fdLimit, undefined, perCheck);
  const concurrency = slots.size;
  const descriptors = watchDescriptors(options.fdLimit, undefined, perCheck);
  const loopWatch = options.loopWatch ?? watchEventLoop();
  const checkOptions = { ...options, loopWatch, lookup: options.lookup ?? createLookupCache().lookup };
  const maxAttempts = Math.max(1, options.maxLocalAttempts ?? DEFAULT_MAX_LOCAL_ATTEMPTS);
  const iterator = proxies[Symbol.iterator]();
  const again: Pending<T>[] = [];
  let next = 0;
  let checked = 0;
  let valid = 0;
  let rechecked = 0;
  let limit = concurrency;
  let lowest = concurrency;
  let slowdowns = 0;
  let running = 0;
  let slowedAt = Number.NEGATIVE_INFINITY;
  let raisedAt = Number.NEGATIVE_INFINITY;
  let exhausted = false;

  const take = (): Pending<T> | null => {
    if (!exhausted) {
      const item = iterator.next();
      if (!item.done) return { proxy: item.value, index: next++, attempt: 1 };
      exhausted = true;
    }
    return again.shift() ?? null;
  };
  const slowDown = () => {
    const now = performance.now();
    if (now - slowedAt < SLOWDOWN_EVERY_MS) return;
    slowedAt = now;
    limit = Math.max(1, Math.floor(limit * SLOWDOWN_FACTOR));
    lowest = Math.min(lowest, limit);
    slowdowns++;
  };
  // A quiet second since the last slowdown (and the last raise) doubles the pace, and workers join to fill it.
  const recover = () => {
    if (limit >= concurrency || descriptors.low()) return;
    const now = performance.now();
    if (now - slowedAt < RECOVER_AFTER_MS || now - raisedAt < RECOVER_AFTER_MS) return;
    raisedAt = now;
    limit = Math.min(concurrency, limit * 2);
    while (running < limit && (!exhausted || again.length > 0)) start();
  };

  // A throwing `onResult` stops the batch (no new proxies) and is rethrown once the checks in flight end.
  let callbackError: { error: unknown } | null = null;
  let allDone: () => void = () => {};
  const finished = new Promise<void>((resolve) => {
    allDone = resolve;
  });
  const worker = async () => {
    try {
      for (;;) {
        // Surplus workers leave after a slowdown; the last one always stays to finish the proxies checked again.
        if (options.signal?.aborted || callbackError || running > limit) break;
        // Fewer descriptors free than the server keeps for itself: slow down before the next check opens one
        // (the surplus workers leave at their next turn; the last one goes on alone).
        if (descriptors.low() && running > 1) {
          slowDown();
          if (running > limit) break;
          await sleep(RECHECK_PAUSE_MS);
          continue;
        }
        const pending = take();
        if (!pending) break;
        if (pending.attempt > 1) {
          rechecked++;
          await sleep(RECHECK_PAUSE_MS * (pending.attempt - 1));
        }
        slots.begin();
        descriptors.opening();
        const outcome = await checkProxy(pending.proxy, target, checkOptions).finally(slots.end);
        if (outcome.localFault && pending.attempt < maxAttempts) {
          slowDown();
          again.push({ ...pending, attempt: pending.attempt + 1 });
          continue;
        }
        if (!outcome.localFault) recover();
        checked++;
        if (outcome.valid) valid++;
        try {
          options.onResult?.(outcome, pending.proxy, pending.index);
        } catch (error) {
          callbackError ??= { error };
        }
      }
    } catch (error) {
      callbackError ??= { error };
    } finally {
      // At once, not a tick later: the next worker deciding whether it is surplus counts this one gone.
      if (--running === 0) allDone();
    }
  };
  const start = () => {
    running++;
    void worker();
  };
  try {
    for (let i = 0; i < concurrency; i++) start();
    await finished;
  } finally {
    slots.release();
    descriptors.stop();
    if (!options.loopWatch) loopWatch.stop();
  }
  if (callbackError) throw (callbackError as { error: unknown }).error;
  return {
    checked,
    valid,
    concurrency,
    finalConcurrency: limit,
    lowestConcurrency: lowest,
    slowdowns,
    rechecked,
    stopped: options.signal?.aborted === true,
  };
}
