import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { probeLoopStalls } from '../helpers/loop-stall-probe.ts';

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
