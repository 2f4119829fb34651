import { describe, expect, it } from 'vitest';
import { ResultBuffer } from '../../src/modules/proxy-checks/result-buffer.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ResultBuffer', () => {
  it('saves full chunks at once, the rest after the interval, one save at a time and in order', async () => {
    const saves: number[][] = [];
    let running = 0;
    let overlapped = false;
    const buffer = new ResultBuffer<number>(
      async (items) => {
        running++;
        if (running > 1) overlapped = true;
        await sleep(30);
        saves.push(items);
        running--;
      },
      { maxItems: 3, intervalMs: 20 },
    );
    for (let i = 0; i < 3; i++) buffer.add(i);
    // While the first chunk is being written, what arrives gathers into the next, larger one.
    for (let i = 3; i < 10; i++) buffer.add(i);
    await sleep(120);
    buffer.add(10);
    await buffer.close();
    expect(saves).toEqual([[0, 1, 2], [3, 4, 5, 6, 7, 8, 9], [10]]);
    expect(overlapped).toBe(false);
  });

  it('keeps the first failure, stops saving and ignores results after close', async () => {
    const saves: number[][] = [];
    const buffer = new ResultBuffer<number>(
      async (items) => {
        saves.push(items);
        if (items.includes(1)) throw new Error('database gone');
      },
      { maxItems: 2, intervalMs: 10 },
    );
    buffer.add(1);
    buffer.add(2);
    await sleep(20);
    expect((buffer.failure as Error).message).toBe('database gone');
    buffer.add(3);
    buffer.add(4);
    await expect(buffer.close()).rejects.toThrow('database gone');
    buffer.add(5);
    expect(saves).toEqual([[1, 2]]);
  });
});
