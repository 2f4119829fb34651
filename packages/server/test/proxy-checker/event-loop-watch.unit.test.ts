import { describe, expect, it } from 'vitest';
import {
  loopExplainsTimeout,
  watchEventLoop,
} from '../../src/integrations/proxy-checker/event-loop-watch.ts';

const turn = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
function holdLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {}
}

// The watch a check batch reads to tell its own overload from a slow proxy (slow-fleet.test.ts runs the policy).
describe('the event-loop watch', () => {
  it('counts a hold-up of the loop, the one under way too, and never goes back', async () => {
    const watch = watchEventLoop();
    try {
      await turn(120);
      const before = watch.lagMs();
      holdLoop(400);
      // Read before the watch's next tick: the hold-up under way counts already.
      const during = watch.lagMs();
      expect(during - before).toBeGreaterThanOrEqual(300);
      await turn(120);
      expect(watch.lagMs()).toBeGreaterThanOrEqual(during);
      expect(watch.worstLagMs()).toBeGreaterThanOrEqual(300);
    } finally {
      watch.stop();
    }
  });

  it('puts a timeout down to this server only past a quarter of the deadline and the lag bar', () => {
    expect(loopExplainsTimeout(230, 2000, 200)).toBe(false);
    expect(loopExplainsTimeout(520, 2000, 200)).toBe(true);
    expect(loopExplainsTimeout(210, 400, 200)).toBe(true);
    expect(loopExplainsTimeout(190, 400, 200)).toBe(false);
  });
});
