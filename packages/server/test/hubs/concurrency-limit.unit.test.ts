import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from '../../src/hubs/concurrency-limit.ts';

describe('ConcurrencyLimit', () => {
  it('never runs more than its limit at once, runs every task, in order of arrival, and survives failures', async () => {
    const limit = new ConcurrencyLimit(3);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const tasks = Array.from({ length: 20 }, (_, i) =>
      limit.run(async () => {
        started.push(i);
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5 + (i % 4)));
        running -= 1;
        if (i === 7) throw new Error('task 7 fails');
        return i;
      }),
    );
    const results = await Promise.allSettled(tasks);
    expect(peak).toBe(3);
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(19);
    expect(await limit.run(async () => 'after')).toBe('after');
  });
});
