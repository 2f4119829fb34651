/**
 * Simulated time for a fleet of workers that talk over real sockets: time stands still while any worker is busy
 * (a request in flight, a store being read) and jumps to the earliest wake-up once every worker sleeps. Counts are
 * then exact in simulated time however loaded the machine is, and minutes pass in the seconds the requests take.
 */
import type { Clock } from '../../../src/integrations/steam/clock.ts';

export interface BarrierClock {
  clock: Clock;
  /** Runs a worker: time moves only when every running worker sleeps on this clock. */
  worker<T>(run: () => Promise<T>): Promise<T>;
}

export function barrierClock(start: number): BarrierClock {
  let now = start;
  let workers = 0;
  let scheduled = false;
  const sleepers: { at: number; wake: () => void }[] = [];

  const advance = () => {
    scheduled = false;
    if (workers === 0 || sleepers.length < workers) return;
    sleepers.sort((a, b) => a.at - b.at);
    now = Math.max(now, sleepers[0]!.at);
    const due = sleepers.filter((sleeper) => sleeper.at <= now);
    sleepers.splice(0, due.length);
    for (const sleeper of due) sleeper.wake();
  };
  // Checked on the next turn of the event loop, so a worker just woken has started running again first.
  const check = () => {
    if (scheduled || workers === 0 || sleepers.length < workers) return;
    scheduled = true;
    setImmediate(advance);
  };

  return {
    clock: {
      now: () => now,
      sleep: (ms) =>
        new Promise<void>((wake) => {
          sleepers.push({ at: now + Math.max(0, ms), wake });
          check();
        }),
    },
    async worker(run) {
      workers += 1;
      try {
        return await run();
      } finally {
        workers -= 1;
        check();
      }
    },
  };
}
