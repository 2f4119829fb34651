import { hubEvents, type Notification } from '@tradedeck/sdk/contract';
import { createHubClient, type HubClient } from '@tradedeck/sdk/hubs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { waitFor } from '../hubs/signalr-client.ts';

let t: AuthTestApp;
let alice: TestUser;
let bob: TestUser;
let hub: HubClient;
let baseUrl: string;
const posted: { notification: Notification; unread: number }[] = [];
const reads: { id: number | null; unread: number }[] = [];

beforeAll(async () => {
  t = await createAuthTestApp();
  alice = await signedInUser(t, 'alice');
  bob = await signedInUser(t, 'bob', alice);
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  hub = createHubClient({ baseUrl, hub: 'notifications-hub', accessToken: () => alice.accessToken });
  await hub.start();
  await hub.subscribe(hubEvents.notificationPosted, (event) => posted.push(event.payload));
  await hub.subscribe(hubEvents.notificationsRead, (event) => reads.push(event.payload));
});
afterAll(async () => {
  await hub?.stop();
  await t.close();
});

/** A bulk action over two seller accounts the user does not have: a finished bulk job with two failures. */
async function finishBulkJob(user: TestUser) {
  const res = await t.call('POST', '/api/p2p/accounts/pause', {
    token: user.accessToken,
    body: { ids: [999_998, 999_999] },
  });
  expect(res.json().data.failed).toHaveLength(2);
}

async function data(method: string, url: string, user: TestUser, body?: unknown) {
  const res = await t.call(method, url, { token: user.accessToken, ...(body ? { body } : {}) });
  return { status: res.statusCode, body: res.json() };
}

describe('notifications', () => {
  it('arrive live over notifications-hub when a bulk job finishes, kept unread for their user only', async () => {
    await finishBulkJob(alice);
    await waitFor(() => posted.length === 1, 'the posted notification');
    const [first] = posted;
    expect(first!.unread).toBe(1);
    expect(first!.notification).toMatchObject({
      kind: 'bulkJobFinished',
      params: { job: 'sellerPause', total: 2, succeeded: 0, failed: 2 },
      link: '/panel/accounts',
      read: false,
    });
    const page = await data('POST', '/api/notifications/query', alice, {});
    expect(page.body.data).toMatchObject({ total: 1, page: 1, items: [first!.notification] });
    expect((await data('GET', '/api/notifications/unread-count', alice)).body.data).toEqual({ unread: 1 });
    expect((await data('POST', '/api/notifications/query', bob, {})).body.data.total).toBe(0);
    expect((await data('GET', '/api/notifications/unread-count', bob)).body.data).toEqual({ unread: 0 });
  });

  it('are marked read one by one, by their owner only, and the change is pushed live', async () => {
    await finishBulkJob(alice);
    await waitFor(() => posted.length === 2, 'the second notification');
    const id = posted[1]!.notification.id;
    const foreign = await data('POST', `/api/notifications/${id}/read`, bob);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('Notification not found');
    const marked = await data('POST', `/api/notifications/${id}/read`, alice);
    expect(marked.body.data).toEqual({ unread: 1 });
    await waitFor(() => reads.length === 1, 'the read event');
    expect(reads[0]).toEqual({ id, unread: 1 });
    const unread = await data('POST', '/api/notifications/query', alice, { read: false });
    expect(unread.body.data.items.map((n: Notification) => n.id)).toEqual([posted[0]!.notification.id]);
    const read = await data('POST', '/api/notifications/query', alice, { read: true });
    expect(read.body.data.items).toMatchObject([{ id, read: true }]);
  });

  it('are marked read all at once', async () => {
    const all = await data('POST', '/api/notifications/read-all', alice);
    expect(all.body.data).toEqual({ unread: 0 });
    await waitFor(() => reads.length === 2, 'the read-all event');
    expect(reads[1]).toEqual({ id: null, unread: 0 });
    const page = await data('POST', '/api/notifications/query', alice, { read: false });
    expect(page.body.data.total).toBe(0);
  });

  it('list newest first and sort by request', async () => {
    const newest = await data('POST', '/api/notifications/query', alice, {});
    const ids = newest.body.data.items.map((n: Notification) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const oldest = await data('POST', '/api/notifications/query', alice, {
      sort: [{ propertyName: 'id', isDescending: false }],
    });
    expect(oldest.body.data.items.map((n: Notification) => n.id)).toEqual([...ids].reverse());
  });

  it('are not posted for a single-account action', async () => {
    const before = (await data('POST', '/api/notifications/query', alice, {})).body.data.total;
    await t.call('POST', '/api/p2p/accounts/pause', { token: alice.accessToken, body: { ids: [999_997] } });
    expect((await data('POST', '/api/notifications/query', alice, {})).body.data.total).toBe(before);
  });
});
