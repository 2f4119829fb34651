import { harvesterSessionSource, hubEvents } from '@tradedeck/sdk/contract';
import { createHubClient, type HubClient } from '@tradedeck/sdk/hubs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harvesterSessions } from '../../src/db/schema.ts';
import { SANDBOX_SEED, SandboxWorld } from '../../src/integrations/steam/index.ts';
import { createAuthTestApp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { movableClock } from '../helpers/test-clock.ts';
import { addSandboxAccounts } from '../steam-trading/helpers.ts';
import {
  as,
  type HarvesterTestApp,
  ok,
  profileInput,
  session,
  storedTransactions,
  untilFinished,
  waitFor,
} from './helpers.ts';

/** How long the sandbox's Steam takes to answer a send. */
const SEND_ANSWER_MS = 400;
const RUNNING = 'Cannot restart or cancel during a running session: pause it first';
const RUNNING_RU =
  'Нельзя перезапустить или отменить транзакции во время работы сессии: сначала поставьте её на паузу';

describe('session control and live events', () => {
  let t: HarvesterTestApp;
  let user: TestUser;
  let other: TestUser;
  let url: string;
  const hubs: HubClient[] = [];

  beforeAll(async () => {
    // Steam answers sends slowly here, so the session is still running when it is paused. The answers wait on
    // the app's clock, which Steam shares here: once paused, the test moves past the answers it is not about.
    const world = new SandboxWorld(SANDBOX_SEED, {
      inventorySizes: { dota2: 20, tf2: 20, rust: 20 },
      sendAnswerDelayMs: SEND_ANSWER_MS,
    });
    const clock = movableClock();
    const app = await createAuthTestApp({}, undefined, { steam: { sandboxWorld: world, clock } }, clock);
    t = Object.assign(app, { world });
    user = await signedInUser(t, 'control');
    other = await signedInUser(t, 'other', user);
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(hubs.map((hub) => hub.stop()));
    await t.close();
  });

  const call = (method: string, path: string, body?: unknown, lang = 'en-US') =>
    as(t, user.accessToken, method, path, body, lang);

  /** The process and job running the session; null once no runner holds it. */
  const runnerOf = async (id: number) =>
    (
      await t.testDb.database.db
        .select({ owner: harvesterSessions.runnerOwner })
        .from(harvesterSessions)
        .where(eq(harvesterSessions.id, id))
    )[0]!.owner;

  function hubFor(token: string) {
    const hub = createHubClient({ baseUrl: url, hub: 'harvester-hub', accessToken: () => token });
    hubs.push(hub);
    return hub;
  }

  it('refuses restart and cancel while running, allows them while paused, resumes, completes; every change is announced', async () => {
    const ids = await addSandboxAccounts(t, user.accessToken, t.world.healthyAccounts(6, 4501), 150);
    const hub = hubFor(user.accessToken);
    await hub.start();
    const listEvents: {
      name: string;
      payload: { id?: number; sessionId?: number; status?: string; change?: string };
    }[] = [];
    await hub.subscribe(hubEvents.sessionsChanged, (event) =>
      listEvents.push({ name: 'SessionsChanged', payload: event.payload }),
    );
    await hub.subscribe(hubEvents.sessionUpdated, (event) =>
      listEvents.push({ name: 'SessionUpdated', payload: event.payload }),
    );

    await ok(
      call(
        'POST',
        '/api/harvester/profiles',
        profileInput('Control', { games: { mode: 'blacklist', list: ['cs2'] } }),
      ),
    );
    // The default profile is used when none is named; a tag or ids pick the accounts.
    const created = await ok(
      call('POST', '/api/harvester/sessions', {
        name: 'Control',
        sources: { accountIds: ids.slice(0, 4) },
        targets: { accountIds: ids.slice(4) },
      }),
    );
    const overlap = await call('POST', '/api/harvester/sessions', {
      sources: { accountIds: ids.slice(0, 2) },
      targets: { accountIds: [ids[1]] },
    });
    expect(overlap.json().error.resultCode).toBe(10);

    const txEvents: { status: string; id: number; version: number }[] = [];
    await hub.subscribe(
      hubEvents.transactionUpdated,
      (event) => txEvents.push({ ...event.payload, version: event.version }),
      {
        sourceId: harvesterSessionSource(created.id),
      },
    );
    // Another user's session source reads as unknown.
    const intruder = hubFor(other.accessToken);
    await intruder.start();
    await expect(
      intruder.subscribe(hubEvents.transactionUpdated, () => {}, {
        sourceId: harvesterSessionSource(created.id),
      }),
    ).rejects.toThrow(/Unknown source/);

    await ok(call('POST', `/api/harvester/sessions/${created.id}/start`, {}));
    for (const [path, body] of [
      ['restart', { all: true }],
      ['cancel', { all: true }],
    ] as const) {
      const refused = await call('POST', `/api/harvester/sessions/${created.id}/transactions/${path}`, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ resultCode: 6, message: RUNNING });
      const ru = await call(
        'POST',
        `/api/harvester/sessions/${created.id}/transactions/${path}`,
        body,
        'ru-RU',
      );
      expect(ru.json().error.message).toBe(RUNNING_RU);
    }
    expect(
      (await call('POST', `/api/harvester/sessions/${created.id}/complete`, {})).json().error.resultCode,
    ).toBe(6);

    await waitFor(async () => (await session(t, user.accessToken, created.id)).plan !== null);
    const paused = await ok(call('POST', `/api/harvester/sessions/${created.id}/pause`, {}));
    expect(paused.status).toBe('paused');
    // The runner stops at the next step boundary and then gives the session up: nothing moves once it has. A send
    // still waiting for Steam's answer gets it at once.
    t.clock.advance(SEND_ANSWER_MS);
    const settled = async () =>
      JSON.stringify((await storedTransactions(t, created.id)).map((r) => [r.id, r.status]));
    await waitFor(async () => (await runnerOf(created.id)) === null);
    const atRelease = await settled();
    const rows = await storedTransactions(t, created.id);
    expect(await settled()).toBe(atRelease);
    const active = rows.filter((row) => !['completed', 'cancelled', 'error'].includes(row.status));
    expect(active.length).toBeGreaterThan(0);

    const restarted = await ok(
      call('POST', `/api/harvester/sessions/${created.id}/transactions/restart`, { all: true }),
    );
    expect(restarted).toEqual({ succeededIds: [], failed: [] });
    const victim = active[0]!;
    const cancelled = await ok(
      call('POST', `/api/harvester/sessions/${created.id}/transactions/cancel`, {
        transactionIds: [victim.id, 999_999],
      }),
    );
    expect(cancelled.succeededIds).toEqual([victim.id]);
    expect(cancelled.failed).toEqual([{ id: 999_999, resultCode: 3, message: 'Transaction not found' }]);
    const notErrored = await ok(
      call('POST', `/api/harvester/sessions/${created.id}/transactions/restart`, {
        transactionIds: [victim.id],
      }),
    );
    expect(notErrored.failed).toEqual([
      { id: victim.id, resultCode: 6, message: 'The transaction is not in error' },
    ]);
    if (victim.offerId) {
      // A sent offer is cancelled on Steam too.
      const offers = t.world.trading.offersWithMessage(`[td:${victim.reference}]`);
      expect(offers.map((offer) => offer.state)).toEqual([6]);
    }

    await ok(call('POST', `/api/harvester/sessions/${created.id}/start`, {}));
    const done = await untilFinished(t, user.accessToken, created.id);
    expect(done.counts.cancelled).toBe(1);
    expect(done.counts.completed).toBe(rows.length - 1);

    const completed = await ok(call('POST', `/api/harvester/sessions/${created.id}/complete`, {}));
    expect(completed.completedAt).not.toBeNull();
    expect(
      (await call('POST', `/api/harvester/sessions/${created.id}/start`, {})).json().error,
    ).toMatchObject({
      resultCode: 6,
      message: 'The session is completed and cannot be changed',
    });

    // The stream told every step: each transaction's last event is its stored end, versions without a gap.
    const final = await storedTransactions(t, created.id);
    await waitFor(async () => {
      const last = new Map(txEvents.map((event) => [event.id, event.status]));
      return final.every((row) => last.get(row.id) === row.status);
    });
    expect(txEvents.map((event) => event.version)).toEqual(txEvents.map((_, i) => txEvents[0]!.version + i));
    await waitFor(async () => listEvents.some((event) => event.payload.change === 'completed'));
    expect(
      listEvents.filter((event) => event.name === 'SessionsChanged').map((event) => event.payload.change),
    ).toEqual(['created', 'completed']);
    const statuses = listEvents
      .filter((event) => event.name === 'SessionUpdated')
      .map((event) => event.payload.status);
    expect(statuses).toContain('running');
    expect(statuses).toContain('paused');
    expect(statuses.at(-1)).toBe('idle');
  }, 300_000);
});
