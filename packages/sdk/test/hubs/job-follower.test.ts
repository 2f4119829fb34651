import { describe, expect, it } from 'vitest';
import { type HubEventDescriptor, hubEvents } from '../../src/contract/index.ts';
import { followJob, type JobHub, onJobEvent } from '../../src/hubs/job-follower.ts';

/**
 * A hub in memory: it keeps who subscribed to which event and delivers what a test publishes, the way the hub
 * client hands typed payloads to its subscribers.
 */
class MemoryHub implements JobHub {
  readonly listeners = new Map<string, Set<(event: { payload: never }) => void>>();
  readonly unsubscribed: string[] = [];

  async subscribe<E extends HubEventDescriptor>(event: E, onEvent: (event: { payload: never }) => void) {
    const set = this.listeners.get(event.name) ?? new Set();
    set.add(onEvent);
    this.listeners.set(event.name, set);
    return {
      unsubscribe: async () => {
        set.delete(onEvent);
        this.unsubscribed.push(event.name);
      },
    };
  }

  publish(event: HubEventDescriptor, payload: unknown): void {
    for (const listener of this.listeners.get(event.name) ?? []) listener({ payload: payload as never });
  }

  count(): number {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
}

const EMPTY_RESULT = { rows: [] };
const progress = (jobId: string, login: string) => ({ jobId, login, added: true, done: 1, total: 2 });

/** The add job's listeners: sign-ins heard into `heard`, the finished event ends it with the result. */
function addJobListeners(heard: string[]) {
  return [
    onJobEvent(hubEvents.accountsAddProgress, (p, s: { jobId: string }) => {
      if (p.jobId === s.jobId) heard.push(p.login);
    }),
    onJobEvent(hubEvents.accountsAddFinished, (p, s: { jobId: string }, end: (r: string) => void) => {
      if (p.jobId === s.jobId) end(`finished ${p.jobId}`);
    }),
  ];
}

describe('followJob', () => {
  it('subscribes before the job starts and hears a job that ended before its id was known', async () => {
    const hub = new MemoryHub();
    const heard: string[] = [];
    const job = await followJob(hub, {
      listen: addJobListeners(heard),
      start: async () => {
        expect(hub.count()).toBe(2);
        // The job runs and ends while its start is still being answered.
        hub.publish(hubEvents.accountsAddProgress, progress('job-1', 'alpha'));
        hub.publish(hubEvents.accountsAddFinished, { jobId: 'job-1', result: EMPTY_RESULT, failure: null });
        return { jobId: 'job-1' };
      },
    });
    await expect(job.ended).resolves.toBe('finished job-1');
    expect(heard).toEqual(['alpha']);
  });

  it("tells this job's events from another job's, in the order they came", async () => {
    const hub = new MemoryHub();
    const heard: string[] = [];
    const job = await followJob(hub, {
      listen: addJobListeners(heard),
      start: async () => ({ jobId: 'mine' }),
    });
    hub.publish(hubEvents.accountsAddProgress, progress('other', 'x'));
    hub.publish(hubEvents.accountsAddProgress, progress('mine', 'a'));
    hub.publish(hubEvents.accountsAddFinished, { jobId: 'other', result: EMPTY_RESULT, failure: null });
    hub.publish(hubEvents.accountsAddProgress, progress('mine', 'b'));
    hub.publish(hubEvents.accountsAddFinished, { jobId: 'mine', result: EMPTY_RESULT, failure: null });
    await expect(job.ended).resolves.toBe('finished mine');
    expect(heard).toEqual(['a', 'b']);
  });

  it('unsubscribes once ended, and ignores what comes after the end', async () => {
    const hub = new MemoryHub();
    const heard: string[] = [];
    const job = await followJob(hub, { listen: addJobListeners(heard), start: async () => ({ jobId: 'j' }) });
    job.end('timed out');
    job.end('second end is ignored');
    hub.publish(hubEvents.accountsAddProgress, progress('j', 'late'));
    await expect(job.ended).resolves.toBe('timed out');
    await expect.poll(() => hub.unsubscribed.length).toBe(2);
    expect(hub.count()).toBe(0);
    expect(heard).toEqual([]);
  });

  it('skips events of the start with beforeStart: drop', async () => {
    const hub = new MemoryHub();
    const heard: string[] = [];
    await followJob(hub, {
      listen: addJobListeners(heard),
      beforeStart: 'drop',
      start: async () => {
        hub.publish(hubEvents.accountsAddProgress, progress('j', 'before'));
        return { jobId: 'j' };
      },
    });
    hub.publish(hubEvents.accountsAddProgress, progress('j', 'after'));
    expect(heard).toEqual(['after']);
  });

  it('unsubscribes and rethrows when the job cannot start', async () => {
    const hub = new MemoryHub();
    await expect(
      followJob(hub, {
        listen: addJobListeners([]),
        start: async () => {
          throw new Error('refused');
        },
      }),
    ).rejects.toThrow('refused');
    expect(hub.unsubscribed.sort()).toEqual(['AccountsAddFinished', 'AccountsAddProgress']);
  });
});
