import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { type Deadline, DeadlineQueue } from '../../src/integrations/proxy-checker/deadline-queue.ts';

function countTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

describe('a shared deadline queue', () => {
  it('expires the pending deadlines in order, skips the cancelled ones and then holds no timer', async () => {
    const timersBefore = countTimers();
    const queue = new DeadlineQueue(50);
    const expired: string[] = [];
    const owner = (name: string) => ({
      expire: (_: Deadline, lateMs: number) => expired.push(`${name}:${lateMs >= 0}`),
    });
    queue.add(owner('a'));
    const b = queue.add(owner('b'));
    await sleep(5);
    queue.add(owner('c'));
    queue.cancel(b);
    for (let i = 0; i < 200 && expired.length < 2; i++) await sleep(10);
    expect(expired).toEqual(['a:true', 'c:true']);
    await sleep(20);
    expect(expired).toHaveLength(2);
    expect(countTimers()).toBeLessThanOrEqual(timersBefore);
  });

  it('clears its timer as soon as every deadline is cancelled', () => {
    const timersBefore = countTimers();
    const queue = new DeadlineQueue(60_000);
    const owner = { expire: () => expect.unreachable('no deadline passes') };
    const deadlines = Array.from({ length: 3 }, () => queue.add(owner));
    expect(countTimers()).toBe(timersBefore + 1);
    for (const deadline of deadlines) queue.cancel(deadline);
    expect(countTimers()).toBe(timersBefore);
  });

  it('lets an ended check go at once: a cancelled deadline waiting for its turn holds nothing of it', () => {
    const queue = new DeadlineQueue(60_000);
    const live = queue.add({ expire: () => {} });
    const ended = queue.add({ expire: () => expect.unreachable('a cancelled deadline never passes') });
    queue.cancel(ended);
    // Still queued behind `live` until its due time, but without the owner (and what the owner's closure holds).
    expect(ended.owner).toBeNull();
    expect(live.owner).not.toBeNull();
    queue.cancel(live);
  });
});
