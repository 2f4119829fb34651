import { hubEvents, STEAM_TRADING_SOURCE } from '@tradedeck/sdk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HubTestServer, startHubTestServer } from './hub-server.ts';

let t: HubTestServer;
beforeAll(async () => {
  t = await startHubTestServer();
});
afterAll(() => t.stop());

const finished = (jobId: string) => ({
  jobId,
  result: { addedAccounts: [], unchanged: [], errors: {} },
  failure: null,
});

describe('an event appended once per job', () => {
  it('is stored once when runs of one job announce it at the same time, and versions stay without gaps', async () => {
    const user = 'once-user';
    const source = { userId: user, hub: hubEvents.accountsAddFinished.hub, sourceId: STEAM_TRADING_SOURCE };
    const log = t.hubs.eventLog;
    const head = await log.headVersion(source);
    const once = (jobId: string) => ({ field: 'jobId', value: jobId, afterVersion: head });
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () =>
        log.appendOnce(
          user,
          hubEvents.accountsAddFinished,
          STEAM_TRADING_SOURCE,
          finished('job-a'),
          once('job-a'),
        ),
      ),
      log.appendOnce(
        user,
        hubEvents.accountsAddFinished,
        STEAM_TRADING_SOURCE,
        finished('job-b'),
        once('job-b'),
      ),
    ]);
    expect(answers.slice(0, 6).filter((answer) => answer !== null)).toHaveLength(1);
    expect(answers[6]).not.toBeNull();

    const events = await log.eventsAfterVersion(source, head, 100);
    expect(events.map((event) => (event.payload as { jobId: string }).jobId).sort()).toEqual([
      'job-a',
      'job-b',
    ]);
    expect(events.map((event) => event.version)).toEqual([head + 1, head + 2]);
    expect(await log.headVersion(source)).toBe(head + 2);

    // Later runs find the answer given: nothing more is stored.
    expect(
      await log.appendOnce(
        user,
        hubEvents.accountsAddFinished,
        STEAM_TRADING_SOURCE,
        finished('job-a'),
        once('job-a'),
      ),
    ).toBeNull();
    expect(await log.headVersion(source)).toBe(head + 2);
  });
});
