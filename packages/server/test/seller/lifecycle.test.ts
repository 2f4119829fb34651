import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_MARKET_FAILURE_KEYS, sandboxMarketKey } from '../../src/integrations/market/index.ts';
import type { SandboxAccount } from '../../src/integrations/steam/index.ts';
import { stepUp, type TestUser } from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import {
  addSandboxAccounts,
  addSellerAccounts,
  as,
  createSellerTestApp,
  deliveriesOf,
  offersWithReference,
  ok,
  type SellerTestApp,
  waitFor,
} from './helpers.ts';

const PAYMENT_PASSWORD = 'pay-secret-1';

describe('seller accounts: keys, lifecycle and bulk outcomes', () => {
  const logLines: string[] = [];
  let t: SellerTestApp;
  let user: TestUser;
  let healthy: SandboxAccount;
  let stuck: SandboxAccount;
  let idle: SandboxAccount;
  let steamIds: number[];

  beforeAll(async () => {
    t = await createSellerTestApp(undefined, logLines);
    user = await signedInUser(t, 'lifecycle');
    const [first, second] = t.world.healthyAccounts(2, 5401);
    healthy = first!;
    idle = second!;
    // Its mobile confirmations never show up: its delivery stays sent, an active trade.
    stuck = t.world.find('sandbox_confirmation_missing')!;
    steamIds = await addSandboxAccounts(t, user.accessToken, [healthy!, stuck, idle!], 80);
    // Connecting a key is API management: the user passes the second factor first.
    await stepUp(t, user);
  }, 60_000);
  afterAll(() => t.close());

  it('checks the key with the market and keeps it and the payment password sealed, shown masked only', async () => {
    const create = (apiKey: string, steamAccountId = steamIds[0], paymentPassword = PAYMENT_PASSWORD) =>
      as(t, user.accessToken, 'POST', '/api/p2p/accounts', { steamAccountId, apiKey, paymentPassword });
    const short = await create('short');
    expect(short.json().error.resultCode).toBe(10);
    expect(
      (await create(sandboxMarketKey(healthy!.login), steamIds[0], '12345')).json().error.resultCode,
    ).toBe(10);
    const bad = await create(SANDBOX_MARKET_FAILURE_KEYS.badKey);
    expect(bad.json().error).toMatchObject({
      resultCode: 8,
      message: 'The API key is invalid or was deleted by the market',
    });
    const other = await create(sandboxMarketKey(idle!.login));
    expect(other.json().error.message).toBe('The API key belongs to another Steam account');

    const key = sandboxMarketKey(healthy!.login);
    const created = await create(key);
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json().data;
    expect(row).toMatchObject({
      login: healthy!.login,
      steamId: healthy!.steamId,
      status: 'stopped',
      apiKeyMasked: `••••${key.slice(-4)}`,
      hasPaymentPassword: true,
      currency: 'RUB',
      platforms: [{ platform: 'tm', status: 'none' }],
      balances: { available: { currency: 'RUB' }, onHold: { currency: 'RUB', amount: 0 } },
    });
    const again = await create(key);
    expect(again.json().error.resultCode).toBe(5);

    const answers = [
      created.body,
      (await as(t, user.accessToken, 'GET', `/api/p2p/accounts/${row.id}`)).body,
      (await as(t, user.accessToken, 'POST', '/api/p2p/accounts/query', {})).body,
    ];
    for (const body of answers) {
      expect(body).not.toContain(key);
      expect(body).not.toContain(PAYMENT_PASSWORD);
    }
    const stored = await t.testDb.database.db.execute(sql`select * from seller_accounts`);
    const events = await t.testDb.database.db.execute(sql`select * from hub_events`);
    // The log saw the account made (so it is the log of these calls), never its secrets.
    expect(logLines.some((line) => line.includes('/api/p2p/accounts'))).toBe(true);
    for (const text of [JSON.stringify(stored), JSON.stringify(events), logLines.join('\n')]) {
      expect(text).not.toContain(key);
      expect(text).not.toContain(PAYMENT_PASSWORD);
    }
    // What names the key in the database is its keyed hash.
    expect(JSON.stringify(stored)).toContain('"key_id":"tm_');
  });

  it('refuses a safe stop or delete while a delivery is active, and a forced one cancels it', async () => {
    const [healthyId] = (await ok(as(t, user.accessToken, 'POST', '/api/p2p/accounts/query', {}))).items.map(
      (row: { id: number }) => row.id,
    );
    const [stuckId, idleId] = await addSellerAccounts(t, user, steamIds.slice(1), [stuck, idle!]);
    const ids = [healthyId!, stuckId!];

    // Nothing running yet: pausing or stopping has no active account to act on.
    for (const action of ['pause', 'stop']) {
      const refused = await as(t, user.accessToken, 'POST', `/api/p2p/accounts/${action}`, { ids: [idleId] });
      expect(refused.json().error).toMatchObject({ resultCode: 6, message: 'No active accounts selected' });
    }
    const ru = await as(t, user.accessToken, 'POST', '/api/p2p/accounts/pause', { ids: [idleId] }, 'ru-RU');
    expect(ru.json().error.message).toBe('Не выбрано ни одного активного аккаунта');

    expect(await ok(as(t, user.accessToken, 'POST', '/api/p2p/accounts/start', { ids }))).toMatchObject({
      succeededIds: ids,
      failed: [],
    });
    await ok(as(t, user.accessToken, 'POST', '/api/p2p/sandbox/simulate-sales', { ids, count: 1 }));
    const [stuckDelivery] = await waitFor(async () => {
      const list = await deliveriesOf(t, user.accessToken, stuckId!);
      return list[0]?.status === 'sent' ? list : null;
    }, 60_000);
    await waitFor(
      async () => (await deliveriesOf(t, user.accessToken, healthyId!))[0]?.status === 'ready',
      60_000,
    );

    const paused = await ok(
      as(t, user.accessToken, 'POST', '/api/p2p/accounts/pause', { ids: [healthyId, idleId] }),
    );
    expect(paused).toMatchObject({
      succeededIds: [healthyId],
      failed: [{ id: idleId, reason: 'notActive' }],
      message: 'Some accounts could not be processed',
    });

    const safe = await ok(as(t, user.accessToken, 'POST', '/api/p2p/accounts/stop', { ids }));
    expect(safe).toEqual({
      succeededIds: [healthyId],
      failed: [
        {
          id: stuckId,
          resultCode: 9,
          message: 'Safety check failed: the account has active trades',
          reason: 'activeTrades',
        },
      ],
      message: 'Some accounts could not be processed',
      outcome: 'incomplete',
      cancelledDeliveries: 0,
    });
    const safeRemove = await ok(
      as(t, user.accessToken, 'POST', '/api/p2p/accounts/remove', { ids: [stuckId] }),
    );
    expect(safeRemove.failed).toMatchObject([{ id: stuckId, reason: 'activeTrades' }]);
    expect((await deliveriesOf(t, user.accessToken, stuckId!))[0]!.status).toBe('sent');

    const forced = await ok(
      as(t, user.accessToken, 'POST', '/api/p2p/accounts/stop', { ids: [stuckId], force: true }),
    );
    expect(forced).toEqual({
      succeededIds: [stuckId],
      failed: [],
      message: null,
      outcome: 'complete',
      cancelledDeliveries: 1,
    });
    const [cancelled] = await deliveriesOf(t, user.accessToken, stuckId!);
    expect(cancelled).toMatchObject({ id: stuckDelivery!.id, status: 'failed', failure: 'cancelled' });
    const [offer] = offersWithReference(t, stuck.steamId, cancelled!.reference);
    expect(offer!.state).toBe(6);
    const row = await ok(as(t, user.accessToken, 'GET', `/api/p2p/accounts/${stuckId}`));
    expect(row).toMatchObject({ status: 'stopped', activeDeliveries: 0, platforms: [{ status: 'none' }] });

    const removed = await ok(
      as(t, user.accessToken, 'POST', '/api/p2p/accounts/remove', { ids: [stuckId, 999_999] }),
    );
    expect(removed).toMatchObject({
      succeededIds: [stuckId],
      failed: [{ id: 999_999, resultCode: 3, reason: 'notFound' }],
      cancelledDeliveries: 0,
    });
    const gone = await as(t, user.accessToken, 'GET', `/api/p2p/accounts/${stuckId}`);
    expect(gone.json().error.resultCode).toBe(3);
  }, 180_000);
});
