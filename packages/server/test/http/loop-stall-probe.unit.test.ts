import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { heldNoTurn, probeLoopStalls } from '../helpers/loop-stall-probe.ts';

const threadCpuMs = () => Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 20));

// The probe the stall tests bound: a turn of the code's own work is measured whole, and a garbage collection is
// counted apart from it.
describe('the event-loop stall probe', () => {
  it('measures a turn that holds the loop for 250 ms of CPU as that much of its own work', async () => {
    const probe = probeLoopStalls();
    await nextTurn();
    const until = threadCpuMs() + 250;
    while (threadCpuMs() < until);
    await nextTurn();
    const stall = await probe.stop();
    expect(stall.busyMs).toBeGreaterThan(200);
    // Nearly all the loop's work was that one turn: held, at any load.
    expect(stall.totalMs).toBeGreaterThanOrEqual(stall.busyMs);
    expect(heldNoTurn(stall, 100)).toBe(false);
  });

  it('lets a turn over the bound pass only as a small share of all the work', () => {
    const stall = { gcMs: 0, wallMs: 0 };
    expect(heldNoTurn({ ...stall, busyMs: 60, totalMs: 70 }, 100)).toBe(true);
    // A list read in slices on a loaded machine: one turn served a backlog.
    expect(heldNoTurn({ ...stall, busyMs: 180, totalMs: 2_300 }, 100)).toBe(true);
    expect(heldNoTurn({ ...stall, busyMs: 180, totalMs: 900 }, 100)).toBe(false);
    expect(heldNoTurn({ ...stall, busyMs: 9_400, totalMs: 9_600 }, 100)).toBe(false);
  });

  it('counts a full collection apart from the work of the turn it falls in', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const kept = Array.from({ length: 2_000_000 }, (_, i) => ({ i }));
    await nextTurn();
    const probe = probeLoopStalls();
    await nextTurn();
    gc();
    await nextTurn();
    const stall = await probe.stop();
    expect(kept).toHaveLength(2_000_000);
    expect(stall.gcMs).toBeGreaterThan(10);
    expect(stall.busyMs).toBeLessThan(stall.gcMs);
  });
});
