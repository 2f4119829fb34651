import { createApiClient, MemoryTokenStore } from '@tradedeck/sdk/client';
import { hubEvents } from '@tradedeck/sdk/contract';
import type { ProxyStatusUpdated } from '@tradedeck/sdk/domain';
import { describe, expect, it, vi } from 'vitest';
import { followCheck } from '../src/features/proxies/follow-check.ts';
import { type BatchProgress, RunningChecks } from '../src/features/proxies/running-checks.ts';
import { ViewJobHub } from '../src/shared/hubs/view-job-hub.ts';
import { proxyResult } from './helpers/proxy-results.ts';

const result = (id: number, batchId: string | undefined, valid = true) => proxyResult(id, valid, batchId);

/**
 * A client whose `proxies.check` answers when the test says so, with the batch it names; `onRequest` runs while the
 * request is out (results may come then).
 */
function checkingClient(
  answers: Array<{ batchId: string; total: number }>,
  onRequest: () => void = () => {},
) {
  const tokens = new MemoryTokenStore();
  tokens.set({ accessToken: 'token', expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
  const fetchImpl: typeof fetch = async () => {
    onRequest();
    const data = { ...answers.shift()!, sourceId: 'proxies' };
    return new Response(JSON.stringify({ success: true, data, error: null }), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return createApiClient({ baseUrl: 'http://panel.test', tokenStore: tokens, fetch: fetchImpl });
}

const deliver = (hub: ViewJobHub, payload: ProxyStatusUpdated) =>
  hub.deliver(hubEvents.proxyStatusUpdated, payload);

function watch(checks: RunningChecks): BatchProgress[] {
  const finished: BatchProgress[] = [];
  checks.onFinished((batch) => finished.push(batch));
  return finished;
}

describe('checks started from the proxies screen', () => {
  it('counts only its own batch: results of a check started elsewhere move no progress', async () => {
    const hub = new ViewJobHub(5_000);
    hub.followed();
    const checks = new RunningChecks();
    const finished = watch(checks);
    checks.begin([1, 2]);
    await followCheck(hub, checkingClient([{ batchId: 'mine', total: 2 }]), { ids: [1, 2] }, checks);
    expect(checks.state.batch).toMatchObject({ total: 2, done: 0, running: 1 });

    // Another tab or the CLI checks proxy 1 too: the cache takes it, this screen's progress does not.
    deliver(hub, result(1, 'theirs'));
    deliver(hub, result(9, undefined));
    expect(checks.state.batch).toMatchObject({ total: 2, done: 0 });
    expect([...checks.state.pending]).toEqual([1, 2]);

    deliver(hub, result(1, 'mine'));
    deliver(hub, result(2, 'mine', false));
    await vi.waitFor(() =>
      expect(finished).toEqual([{ total: 2, done: 2, valid: 1, invalid: 1, running: 0 }]),
    );
    expect(checks.state).toEqual({ pending: new Set(), batch: null });
  });

  it('keeps a result that comes before the check answered, and adds up checks running together', async () => {
    const hub = new ViewJobHub(5_000);
    hub.followed();
    const checks = new RunningChecks();
    const finished = watch(checks);
    // Results are announced while a request is still out: the first batch's first one while it is asked for, its
    // second while the second check is asked for.
    const early = [result(1, 'first'), result(2, 'first')];
    const client = checkingClient(
      [
        { batchId: 'first', total: 2 },
        { batchId: 'second', total: 1 },
      ],
      () => deliver(hub, early.shift()!),
    );
    checks.begin([1, 2]);
    await followCheck(hub, client, { ids: [1, 2] }, checks);
    expect(checks.state.batch).toMatchObject({ total: 2, done: 1, running: 1 });
    checks.begin([3]);
    await followCheck(hub, client, { ids: [3] }, checks);
    // The result heard while the second check was asked for ended the first, and counted once.
    await vi.waitFor(() => expect(checks.state.batch).toMatchObject({ total: 3, done: 2, running: 1 }));
    expect(finished).toEqual([]);
    expect([...checks.state.pending]).toEqual([3]);

    deliver(hub, result(3, 'second', false));
    await vi.waitFor(() =>
      expect(finished).toEqual([{ total: 3, done: 3, valid: 2, invalid: 1, running: 0 }]),
    );
  });

  it('ends at once a check the server found nothing for, and frees the rows of a refused one', async () => {
    const hub = new ViewJobHub(5_000);
    hub.followed();
    const checks = new RunningChecks();
    checks.begin([]);
    const started = await followCheck(
      hub,
      checkingClient([{ batchId: 'none', total: 0 }]),
      { filters: {} },
      checks,
    );
    expect(started.total).toBe(0);
    await vi.waitFor(() => expect(checks.state.batch).toBeNull());

    checks.begin([7]);
    checks.failed([7]);
    expect(checks.state).toEqual({ pending: new Set(), batch: null });
  });
});

describe("a view's live subscription as a job hub", () => {
  it('holds a follower back until the view follows, and no longer than the limit', async () => {
    vi.useFakeTimers();
    try {
      const hub = new ViewJobHub(5_000);
      let subscribed = false;
      void hub.subscribe(hubEvents.proxyStatusUpdated, () => {}).then(() => (subscribed = true));
      await vi.advanceTimersByTimeAsync(1_000);
      expect(subscribed).toBe(false);
      hub.followed();
      await vi.advanceTimersByTimeAsync(0);
      expect(subscribed).toBe(true);
      // Once followed, a follower subscribes at once.
      let next = false;
      void hub.subscribe(hubEvents.proxyStatusUpdated, () => {}).then(() => (next = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(next).toBe(true);

      const unfollowed = new ViewJobHub(5_000);
      let late = false;
      void unfollowed.subscribe(hubEvents.proxyStatusUpdated, () => {}).then(() => (late = true));
      await vi.advanceTimersByTimeAsync(4_999);
      expect(late).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(late).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands each event to the followers of its name until they unsubscribe', async () => {
    const hub = new ViewJobHub(5_000);
    hub.followed();
    const heard: unknown[] = [];
    const subscription = await hub.subscribe(hubEvents.proxyStatusUpdated, ({ payload }) =>
      heard.push(payload),
    );
    hub.deliver(hubEvents.notificationPosted, { other: true });
    deliver(hub, result(1, 'b'));
    await subscription.unsubscribe();
    deliver(hub, result(2, 'b'));
    expect(heard).toEqual([result(1, 'b')]);
  });
});
