/**
 * Time as the server's own code reads and waits on it: the Steam and market ports, the modules' timers. The
 * product runs on `systemClock`; a test passes one it moves (`test/helpers/test-clock.ts`), so a wait the test is
 * not about ends when the test moves the clock on instead of after the real time.
 */
export interface Clock {
  now(): number;
  /** Resolves after `ms` of this clock's time, or at once when `signal` is aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      signal?.addEventListener('abort', done, { once: true });
    }),
};
