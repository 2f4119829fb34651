/**
 * The per-account confirmation turn: a caller that wakes late from its wait (a loaded machine) starts the
 * spacing from its real start, so the next caller never goes sooner than the spacing after it.
 */
import { describe, expect, it } from 'vitest';
import { type Clock, MemoryThrottleStore } from '../../src/integrations/steam/index.ts';
import { CallPacer } from '../../src/integrations/steam/trading/call-pacer.ts';

/** A manual clock whose next sleep overshoots by `late` ms, as a timer on a busy event loop does. */
function lateClock() {
  const state = { t: 0, late: 0 };
  const clock: Clock = {
    now: () => state.t,
    async sleep(ms) {
      state.t += Math.max(0, ms) + state.late;
      state.late = 0;
    },
  };
  return { clock, state };
}

describe('CallPacer', () => {
  it('spaces the next confirmation from a late caller’s real start', async () => {
    const { clock, state } = lateClock();
    const pacer = new CallPacer(new MemoryThrottleStore(), clock, {
      confirmationSpacingMs: 1000,
      inventorySpacingMs: 0,
    });
    const starts: number[] = [];
    await pacer.confirmation('7656', async () => {});
    starts.push(state.t);
    // The second caller waits for the turn and wakes 300 ms late.
    state.late = 300;
    await pacer.confirmation('7656', async () => {});
    starts.push(state.t);
    await pacer.confirmation('7656', async () => {});
    starts.push(state.t);
    expect(starts[0]).toBe(0);
    expect(starts[1]).toBe(1300);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(1000);
  });

  it('lets other accounts go at once', async () => {
    const { clock, state } = lateClock();
    const pacer = new CallPacer(new MemoryThrottleStore(), clock, {
      confirmationSpacingMs: 1000,
      inventorySpacingMs: 0,
    });
    await pacer.confirmation('1', async () => {});
    await pacer.confirmation('2', async () => {});
    expect(state.t).toBe(0);
  });
});
