import type { Clock } from '../../src/clock.ts';

/** The server's clock shape, moved on by a test. */
export interface MovableClock extends Clock {
  /** Moves the clock on: every `sleep` whose time has now passed ends at once. */
  advance(ms: number): void;
}

/**
 * A clock that runs with the real one, `advance` moving it ahead: a timer of the server (a tick's pause, a loop's
 * wait) ends when its time passes on either, so a test moves past a wait it is not about instead of sitting it out,
 * and what the test does not move still happens in real time.
 */
export function movableClock(): MovableClock {
  let offset = 0;
  const sleepers = new Set<{ until: number; end: () => void }>();
  const now = () => Date.now() + offset;
  return {
    now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve) => {
        if (signal?.aborted) return resolve();
        const sleeper = { until: now() + ms, end: () => {} };
        const timer = setTimeout(() => sleeper.end(), Math.max(0, ms));
        sleeper.end = () => {
          clearTimeout(timer);
          sleepers.delete(sleeper);
          signal?.removeEventListener('abort', sleeper.end);
          resolve();
        };
        sleepers.add(sleeper);
        signal?.addEventListener('abort', sleeper.end, { once: true });
      }),
    advance(ms) {
      offset += ms;
      for (const sleeper of [...sleepers]) if (now() >= sleeper.until) sleeper.end();
    },
  };
}
