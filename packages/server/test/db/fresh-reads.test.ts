import { describe, expect, it } from 'vitest';
import { FreshReads } from '../../src/db/fresh-reads.ts';

/** A load whose answer is the count of loads started so far, released by hand. */
function controlledLoads() {
  let started = 0;
  const releases: Array<() => void> = [];
  const load = () => {
    const number = ++started;
    return new Promise<number>((resolve) => releases.push(() => resolve(number)));
  };
  return { load, started: () => started, release: (index: number) => releases[index]!() };
}

describe('FreshReads', () => {
  it('gives a caller who asks while a read is under way the answer of a later read, not of that one', async () => {
    const reads = new FreshReads<number>();
    const loads = controlledLoads();
    const first = reads.read('session', loads.load);
    const second = reads.read('session', loads.load);
    expect(loads.started()).toBe(1);
    loads.release(0);
    expect(await first).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(loads.started()).toBe(2);
    loads.release(1);
    expect(await second).toBe(2);
  });

  it('shares one waiting read among every caller of the meantime, and keys apart', async () => {
    const reads = new FreshReads<number>();
    const loads = controlledLoads();
    const first = reads.read('a', loads.load);
    const waiting = [reads.read('a', loads.load), reads.read('a', loads.load), reads.read('a', loads.load)];
    const other = reads.read('b', loads.load);
    expect(loads.started()).toBe(2);
    loads.release(0);
    loads.release(1);
    expect([await first, await other]).toEqual([1, 2]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(loads.started()).toBe(3);
    loads.release(2);
    expect(await Promise.all(waiting)).toEqual([3, 3, 3]);
    // Nothing under way any more: the next caller starts its own read at once.
    const later = reads.read('a', loads.load);
    expect(loads.started()).toBe(4);
    loads.release(3);
    expect(await later).toBe(4);
  });

  it('passes a failed read to its callers only, and the next read runs', async () => {
    const reads = new FreshReads<number>();
    let calls = 0;
    const failing = () => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('connection lost')) : Promise.resolve(calls);
    };
    const first = reads.read('k', failing);
    const second = reads.read('k', failing);
    await expect(first).rejects.toThrow('connection lost');
    expect(await second).toBe(2);
    const thrown = reads.read('k', () => {
      throw new Error('bad statement');
    });
    await expect(thrown).rejects.toThrow('bad statement');
    expect(await reads.read('k', failing)).toBe(3);
  });
});
