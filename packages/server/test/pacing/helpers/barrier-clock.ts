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

interface Sleeper {
  at: number;
  order: number;
  wake: () => void;
}

/** Sleepers by wake time (then by when they slept), as a binary heap: fleets of thousands wake often. */
class SleeperHeap {
  readonly #items: Sleeper[] = [];

  get size(): number {
    return this.#items.length;
  }

  peek(): Sleeper | undefined {
    return this.#items[0];
  }

  push(item: Sleeper): void {
    const items = this.#items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): Sleeper | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || !last) return top;
    items[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < items.length && before(items[left]!, items[least]!)) least = left;
      if (right < items.length && before(items[right]!, items[least]!)) least = right;
      if (least === i) return top;
      [items[i], items[least]] = [items[least]!, items[i]!];
      i = least;
    }
  }
}

const before = (a: Sleeper, b: Sleeper) => a.at < b.at || (a.at === b.at && a.order < b.order);

export function barrierClock(start: number): BarrierClock {
  let now = start;
  let workers = 0;
  let scheduled = false;
  let order = 0;
  const sleepers = new SleeperHeap();

  const advance = () => {
    scheduled = false;
    if (workers === 0 || sleepers.size < workers) return;
    now = Math.max(now, sleepers.peek()!.at);
    while (sleepers.size > 0 && sleepers.peek()!.at <= now) sleepers.pop()!.wake();
  };
  // Checked on the next turn of the event loop, so a worker just woken has started running again first.
  const check = () => {
    if (scheduled || workers === 0 || sleepers.size < workers) return;
    scheduled = true;
    setImmediate(advance);
  };

  return {
    clock: {
      now: () => now,
      sleep: (ms) =>
        new Promise<void>((wake) => {
          sleepers.push({ at: now + Math.max(0, ms), order: order++, wake });
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
