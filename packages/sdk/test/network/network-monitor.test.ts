import { describe, expect, it } from 'vitest';
import { type MonitorClock, type NetworkEvent, NetworkMonitor } from '../../src/network/network-monitor.ts';

/** A manual clock: timers fire only when the test advances time. */
class FakeClock implements MonitorClock {
  time = 0;
  #timers = new Map<number, { at: number; callback: () => void }>();
  #next = 1;
  now() {
    return this.time;
  }
  setTimeout(callback: () => void, ms: number) {
    const id = this.#next++;
    this.#timers.set(id, { at: this.time + ms, callback });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.#timers.delete(handle as number);
  }
  pendingDelays() {
    return [...this.#timers.values()].map((t) => t.at - this.time).sort((a, b) => a - b);
  }
  /** Moves time forward, firing due timers in order and letting their promises settle. */
  async advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.#timers.entries()]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.#timers.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
      await flush();
    }
    this.time = end;
    await flush();
  }
}

async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

function setup(answers: Array<boolean | 'hang'> | (() => boolean)) {
  const clock = new FakeClock();
  let calls = 0;
  const probe = (signal: AbortSignal) => {
    const answer = typeof answers === 'function' ? answers() : (answers[calls] ?? true);
    calls += 1;
    if (answer === 'hang') {
      return new Promise<boolean>((_, reject) =>
        signal.addEventListener('abort', () => reject(new Error('x'))),
      );
    }
    return Promise.resolve(answer);
  };
  const monitor = new NetworkMonitor({ probe, clock });
  const events: NetworkEvent[] = [];
  monitor.subscribe((_, event) => {
    if (event) events.push(event);
  });
  return { clock, monitor, events, calls: () => calls };
}

describe('network monitor', () => {
  it('checks quietly every 30 s while the server answers', async () => {
    const { clock, monitor, calls } = setup(() => true);
    monitor.start();
    expect(clock.pendingDelays()).toEqual([30_000]);
    await clock.advance(90_000);
    expect(calls()).toBe(3);
    expect(monitor.snapshot.phase).toBe('online');
  });

  it('goes offline on the 5th consecutive failure, backing off 5 s × 1.5 up to 30 s', async () => {
    const { clock, monitor, events } = setup(() => false);
    monitor.start();
    await clock.advance(30_000);
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect(monitor.snapshot.phase).toBe('online');
      delays.push(monitor.snapshot.nextCheckInMs!);
      await clock.advance(monitor.snapshot.nextCheckInMs!);
    }
    expect(monitor.snapshot.consecutiveFailures).toBe(5);
    expect(monitor.snapshot.phase).toBe('offline');
    expect(events).toEqual(['wentOffline']);
    expect(delays).toEqual([5000, 7500, 11_250, 16_875]);
    expect(monitor.snapshot.nextCheckInMs).toBe(25_312.5);
    await clock.advance(25_312.5);
    expect(monitor.snapshot.nextCheckInMs).toBe(30_000);
  });

  it('a success in between resets the failure count', async () => {
    const { clock, monitor } = setup([false, false, false, false, true, false, false]);
    monitor.start();
    for (let i = 0; i < 7; i++) await clock.advance(monitor.snapshot.nextCheckInMs!);
    expect(monitor.snapshot.consecutiveFailures).toBe(2);
    expect(monitor.snapshot.phase).toBe('online');
  });

  it('needs 2 consecutive successes to come back, then shows "restored" for 2 s', async () => {
    const answers = [true, false, true, true];
    const { clock, monitor, events } = setup(answers);
    monitor.start();
    monitor.reportOffline();
    expect(monitor.snapshot.phase).toBe('offline');
    expect(monitor.snapshot.nextCheckInMs).toBe(5000);
    await clock.advance(5000); // success 1
    expect(monitor.snapshot.phase).toBe('offline');
    expect(monitor.snapshot.nextCheckInMs).toBe(1000);
    await clock.advance(1000); // failure: the run of successes starts again
    expect(monitor.snapshot.consecutiveSuccesses).toBe(0);
    await clock.advance(monitor.snapshot.nextCheckInMs!); // success 1
    await clock.advance(monitor.snapshot.nextCheckInMs!); // success 2
    expect(monitor.snapshot.phase).toBe('restored');
    expect(events).toEqual(['wentOffline', 'restored']);
    await clock.advance(1999);
    expect(monitor.snapshot.phase).toBe('restored');
    await clock.advance(1);
    expect(monitor.snapshot.phase).toBe('online');
  });

  it('counts a probe that outlives the check timeout (3 s) as a failure', async () => {
    const { clock, monitor } = setup(['hang']);
    monitor.start();
    await clock.advance(30_000);
    expect(monitor.snapshot.checking).toBe(true);
    await clock.advance(2999);
    expect(monitor.snapshot.checking).toBe(true);
    await clock.advance(1);
    expect(monitor.snapshot.checking).toBe(false);
    expect(monitor.snapshot.consecutiveFailures).toBe(1);
  });

  it('retries 5 times on the back-off after going offline, then checks at the longest interval', async () => {
    const clock = new FakeClock();
    // A flat back-off makes the end of the retries visible.
    const monitor = new NetworkMonitor({ probe: async () => false, clock, backoffFactor: 1 });
    monitor.start();
    monitor.reportOffline();
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      delays.push(monitor.snapshot.nextCheckInMs!);
      await clock.advance(monitor.snapshot.nextCheckInMs!);
    }
    expect(delays).toEqual([5000, 5000, 5000, 5000, 5000, 30_000, 30_000]);
    expect(monitor.snapshot.phase).toBe('offline');
  });

  it('checks on visibility only when the last success is older than 30 s', async () => {
    const { clock, monitor, calls } = setup(() => true);
    monitor.start();
    await clock.advance(20_000);
    monitor.onVisible();
    await clock.advance(0);
    expect(calls()).toBe(0);
    await clock.advance(10_001); // the periodic check succeeded at 30 s
    expect(calls()).toBe(1);
    await clock.advance(15_000);
    monitor.onVisible();
    await clock.advance(0);
    expect(calls()).toBe(1);
    monitor.stop();
    monitor.start();
    clock.time += 31_000;
    monitor.onVisible();
    await clock.advance(0);
    expect(calls()).toBe(2);
  });

  it('checkNow does not start a second check while one is under way', async () => {
    const { clock, monitor, calls } = setup(['hang', true]);
    monitor.start();
    void monitor.checkNow();
    void monitor.checkNow();
    await clock.advance(0);
    expect(calls()).toBe(1);
  });

  it('stops scheduling after stop()', async () => {
    const { clock, monitor, calls } = setup(() => true);
    monitor.start();
    monitor.stop();
    await clock.advance(120_000);
    expect(calls()).toBe(0);
    expect(clock.pendingDelays()).toEqual([]);
  });
});
