import type { IdempotencyRefusal } from '../contract/idempotency.ts';
import { ResultCode } from '../contract/result-codes.ts';
import { ApiError } from './errors.ts';

/**
 * How a call of an `idempotent` operation waits while its key's first call still runs (409, result 9,
 * `idempotencyKey: 'inProgress'`): it asks again after 250 ms, doubling up to 2 s between asks, for at most 60 s
 * of waiting in all (a money send can take that long), then gives the 409 to the caller.
 */
export const FIRST_OUTCOME_WAIT = { firstDelayMs: 250, maxDelayMs: 2_000, totalMs: 60_000 } as const;

const IN_PROGRESS: IdempotencyRefusal = 'inProgress';

/** True for the answer "this key's first call is still running", and for no other answer. */
export function isFirstCallRunning(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.httpStatus === 409 &&
    error.resultCode === ResultCode.ResourceInUse &&
    error.errorDetails?.idempotencyKey === IN_PROGRESS
  );
}

/**
 * Repeats `ask` (the same request: same key, same body) while the server answers that the key's first call is
 * still running, so the caller ends with that first call's outcome. Any other answer, success or failure, is the
 * caller's at once; the caller's `signal` stops the wait.
 */
export async function awaitFirstOutcome<T>(ask: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  let delay: number = FIRST_OUTCOME_WAIT.firstDelayMs;
  let waited = 0;
  for (;;) {
    try {
      return await ask();
    } catch (error) {
      if (!isFirstCallRunning(error) || waited + delay > FIRST_OUTCOME_WAIT.totalMs) throw error;
    }
    await pause(delay, signal);
    waited += delay;
    delay = Math.min(delay * 2, FIRST_OUTCOME_WAIT.maxDelayMs);
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}
