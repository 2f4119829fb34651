import {
  type CheckProxyOptions,
  checkProxy,
  type ProxyCheckOutcome,
  type ProxyToCheck,
} from './check-proxy.ts';
import type { CheckTarget } from './check-target.ts';
import { checkConcurrency } from './concurrency.ts';
import { createLookupCache } from './lookup-cache.ts';

export interface CheckManyOptions extends CheckProxyOptions {
  /** Cap on checks in flight; bounded by the descriptor limit in any case. */
  concurrency?: number;
  /** Stops taking new proxies; checks in flight end by their own deadlines. */
  signal?: AbortSignal;
  /** Called for each result as soon as it is known (results arrive out of order). */
  onResult?: (outcome: ProxyCheckOutcome, proxy: ProxyToCheck, index: number) => void;
}

export interface CheckManySummary {
  checked: number;
  valid: number;
  concurrency: number;
  stopped: boolean;
}

/**
 * Checks many proxies with a fixed set of workers pulling from one iterator, so memory stays flat however long
 * the list is and no more than `concurrency` sockets are open at once. Proxy host names are resolved once per
 * batch.
 */
export async function checkMany<T extends ProxyToCheck>(
  proxies: Iterable<T>,
  target: CheckTarget,
  options: CheckManyOptions,
): Promise<CheckManySummary> {
  const concurrency = checkConcurrency(options.concurrency);
  const checkOptions = { ...options, lookup: options.lookup ?? createLookupCache().lookup };
  const iterator = proxies[Symbol.iterator]();
  let next = 0;
  let checked = 0;
  let valid = 0;

  // A throwing `onResult` stops the batch (no new proxies) and is rethrown once the checks in flight end.
  let callbackError: { error: unknown } | null = null;
  const worker = async () => {
    for (;;) {
      if (options.signal?.aborted || callbackError) return;
      const item = iterator.next();
      if (item.done) return;
      const index = next++;
      const outcome = await checkProxy(item.value, target, checkOptions);
      checked++;
      if (outcome.valid) valid++;
      try {
        options.onResult?.(outcome, item.value, index);
      } catch (error) {
        callbackError ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (callbackError) throw (callbackError as { error: unknown }).error;
  return { checked, valid, concurrency, stopped: options.signal?.aborted === true };
}
