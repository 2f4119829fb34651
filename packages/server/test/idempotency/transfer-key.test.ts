/**
 * The Idempotency-Key of `transfer.send` through the whole server against the fake TM v2 on loopback: parallel
 * calls with one key through the sdk client make one money-send (counted in the fake's own ledger) and all answer
 * its outcome, the client waiting while the first runs; a raw call meeting the first still running is answered 409
 * and later repeats its outcome; another request under the key and a missing key are refused; a refusal frees
 * the key, a step-up leaves it unused, a repeat needs no new step-up, and a key is forgotten after its 24 hours.
 * Runs on PGlite, and on Postgres with TEST_DATABASE_URL.
 */
import { createApiClient, MemoryTokenStore } from '@tradedeck/sdk/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import {
  type AuthTestApp,
  createAuthTestApp,
  renew,
  stepUp,
  type TestUser,
} from '../auth/helpers/auth-app.ts';
import { signedInUser } from '../helpers/signed-in.ts';
import { FAKE_TM_QUICK_CLIENT, type FakeTm, startFakeTm } from '../market/helpers/fake-tm.ts';
import { type LoopbackProxy, startConnectProxy } from '../steam/helpers/loopback-proxies.ts';
import { addItem } from '../steam-accounts/helpers.ts';
import { ok, waitFor } from '../steam-trading/helpers.ts';

const USD_KEY = 'IdemSenderUsdKey0123456789abcdAB';
const RUB_KEY = 'IdemReceiverRubKey456789abcdefAB';
const PAY_PASSWORD = 'pay-Secret-77';

const world = new SandboxWorld();
const [usdBot, rubBot] = world.healthyAccounts(2, 7401);

let fake: FakeTm;
let proxy: LoopbackProxy;
let t: AuthTestApp;
/** The app on loopback, for the sdk client. */
let baseUrl: string;
let admin: TestUser;
let user: TestUser;
let usdId: number;
let rubId: number;

const transfer = (amount: number, extra: Record<string, unknown> = {}) => ({
  fromId: usdId,
  toId: rubId,
  amount: { currency: 'USD' as const, amount },
  apiKey: RUB_KEY,
  paymentPassword: PAY_PASSWORD,
  acceptConversion: true,
  ...extra,
});
const send = (key: string | null, body: Record<string, unknown>, lang = 'en-US') =>
  t.call('POST', '/api/transfer', {
    token: user.accessToken,
    body,
    idempotencyKey: key,
    headers: { 'accept-language': lang },
  });
const moneySends = () => fake.countOf('money-send');
/**
 * A wait ends within the test's own time (120 s), not a shorter budget: 20 s was overrun at load 20-30, and the
 * send it held was then never released, failing every later test of the file.
 */
const waitWithinTest = <T>(probe: () => Promise<T | null | undefined | false>) => waitFor(probe, 100_000);
/** The sdk client as the user's, and the HTTP status of every answer it got (it waits on 409 by itself). */
function recordingClient() {
  const statuses: number[] = [];
  const client = createApiClient({
    baseUrl,
    tokenStore: new MemoryTokenStore({
      accessToken: user.accessToken,
      expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    }),
    language: () => 'en',
    fetch: async (url, init) => {
      const response = await fetch(url, init);
      statuses.push(response.status);
      return response;
    },
  });
  return { client, statuses };
}
/** Every call of a step-up operation counts towards the user's 30 a minute; each test starts a fresh window. */
const freshStepUpWindow = () =>
  t.testDb.database.db.execute(`delete from rate_limits where key = 'step-up:${user.id}'`);

beforeAll(async () => {
  fake = await startFakeTm([
    { key: USD_KEY, currency: 'USD', money: 900_000, payPassword: PAY_PASSWORD, steamId64: usdBot!.steamId },
    { key: RUB_KEY, currency: 'RUB', money: 0, payPassword: PAY_PASSWORD, steamId64: rubBot!.steamId },
  ]);
  proxy = await startConnectProxy({ username: 'trader', password: 'proxy-pass' });
  t = await createAuthTestApp(
    { marketMode: 'live', tmBaseUrl: fake.baseUrl, allowPrivateProxies: true },
    undefined,
    { market: { live: FAKE_TM_QUICK_CLIENT } },
  );
  admin = await signedInUser(t, 'admin');
  user = await signedInUser(t, 'idempotent', admin);
  const proxyData = {
    protocol: 'http',
    address: '127.0.0.1',
    port: proxy.port,
    username: 'trader',
    password: 'proxy-pass',
  } as const;
  const added = await ok<{ addedAccounts: { id: number; login: string }[] }>(
    t.call('POST', '/api/steam-accounts', {
      token: user.accessToken,
      body: {
        accounts: Object.fromEntries(
          [usdBot!, rubBot!].map((bot, i) => [String(i), addItem(bot, { proxyData })]),
        ),
      },
    }),
  );
  const accountOf = (login: string) => added.addedAccounts.find((row) => row.login === login)!.id;
  await stepUp(t, user);
  const connect = async (login: string, apiKey: string, tmCurrency: string) =>
    (
      await ok<{ id: number }>(
        t.call('POST', '/api/p2p/accounts', {
          token: user.accessToken,
          body: { steamAccountId: accountOf(login), apiKey, paymentPassword: PAY_PASSWORD, tmCurrency },
        }),
      )
    ).id;
  usdId = await connect(usdBot!.login, USD_KEY, 'USD');
  rubId = await connect(rubBot!.login, RUB_KEY, 'RUB');
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
  await proxy?.close();
});

describe('Idempotency-Key of transfer.send', { timeout: 120_000 }, () => {
  beforeEach(freshStepUpWindow);

  it('makes one money-send of 20 parallel calls with one key through the sdk client; all 20 answer its outcome', async () => {
    const before = moneySends();
    const { client, statuses } = recordingClient();
    // TM performs the send at once and answers it only when released: every other call meets it running.
    let release!: () => void;
    fake.script('money-send', { until: new Promise<void>((resolve) => (release = resolve)) });
    const body = transfer(1_000);
    const calls = Array.from({ length: 20 }, () =>
      client.transfer.send(body, { idempotencyKey: 'parallel-key-1' }),
    );
    await waitWithinTest(
      async () => moneySends() - before === 1 && statuses.filter((status) => status === 409).length >= 19,
    );
    release();
    const answers = await Promise.all(calls);
    expect(moneySends() - before).toBe(1);
    expect(answers[0]!.outcome).toBe('sent');
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(fake.accounts.get(USD_KEY)!.money).toBe(900_000 - 1_000);
  });

  it('answers a raw call that meets the first still running 409, result 9 (the sdk client waits on it)', async () => {
    const before = moneySends();
    let release!: () => void;
    fake.script('money-send', { until: new Promise<void>((resolve) => (release = resolve)) });
    const body = transfer(1_100);
    const first = send('raw-overlap-key', body);
    await waitWithinTest(async () => moneySends() - before === 1);
    const overlapping = await send('raw-overlap-key', body);
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().error).toMatchObject({
      resultCode: 9,
      errorDetails: { idempotencyKey: 'inProgress' },
    });
    release();
    const outcome = await ok<{ id: number; outcome: string }>(first);
    expect(outcome.outcome).toBe('sent');
    // Repeated once the first settled: 20 identical answers, marked as replayed, still one send.
    const again = await Promise.all(Array.from({ length: 20 }, () => send('raw-overlap-key', body)));
    for (const res of again) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(outcome);
      expect(res.headers['idempotent-replayed']).toBe('true');
    }
    expect(moneySends() - before).toBe(1);
  });

  it('is shown in the manifest: the flag and the required header of each operation that takes it', async () => {
    const manifest = (await t.call('GET', '/api/manifest')).json();
    const send = manifest.paths['/api/transfer'].post;
    expect(send['x-flags']).toMatchObject({ idempotent: true, stepUp: 'withdrawal' });
    expect(send.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }),
    );
    const check = manifest.paths['/api/transfer/{id}/check'].post;
    expect(check['x-flags'].idempotent).toBeUndefined();
    expect(check.parameters.map((p: { name: string }) => p.name)).not.toContain('Idempotency-Key');
  });

  it('refuses another request under a used key (422) and sends nothing', async () => {
    const before = moneySends();
    await ok(send('changed-body-key', transfer(2_000)));
    const changed = await send('changed-body-key', transfer(2_500));
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error).toMatchObject({
      resultCode: 8,
      message: expect.stringContaining('Idempotency-Key'),
      errorDetails: { idempotencyKey: 'reused' },
    });
    expect(moneySends() - before).toBe(1);
  });

  it('requires the header, naming it, in the caller language', async () => {
    const before = moneySends();
    const missing = await send(null, transfer(3_000), 'ru-RU');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      resultCode: 10,
      errorDetails: {
        idempotencyKey: 'missing',
        fields: { 'Idempotency-Key': [expect.stringContaining('Idempotency-Key')] },
      },
    });
    expect(missing.json().error.message).toMatch(/Нужен заголовок Idempotency-Key/);
    const malformed = await send('has space', transfer(3_000));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.errorDetails).toMatchObject({ idempotencyKey: 'malformed' });
    expect(moneySends() - before).toBe(0);
  });

  it('frees the key of a refused call, so the same dialog can correct and send once', async () => {
    const before = moneySends();
    const refused = await send('corrected-key', transfer(3_000, { toId: usdId }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('The receiver must differ from the sender');
    const sent = await ok<{ outcome: string }>(send('corrected-key', transfer(3_000)));
    expect(sent.outcome).toBe('sent');
    expect(moneySends() - before).toBe(1);
  });

  it('leaves the key unused by a step-up refusal: the call repeated after the step-up runs once', async () => {
    t.clock.advance(16 * 60_000);
    await renew(t, user);
    const before = moneySends();
    const asked = await send('after-step-up-key', transfer(4_000));
    expect(asked.json().error).toMatchObject({ resultCode: 101, errorDetails: { stepUp: 'withdrawal' } });
    await stepUp(t, user);
    const first = await ok(send('after-step-up-key', transfer(4_000)));
    expect(await ok(send('after-step-up-key', transfer(4_000)))).toEqual(first);
    expect(moneySends() - before).toBe(1);
  });

  it('answers a repeat of a settled key without a new step-up; a new call still needs one', async () => {
    const before = moneySends();
    const first = await ok(send('repeat-after-window-key', transfer(4_100)));
    t.clock.advance(16 * 60_000);
    await renew(t, user);
    const again = await send('repeat-after-window-key', transfer(4_100));
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const fresh = await send('new-after-window-key', transfer(4_100));
    expect(fresh.json().error).toMatchObject({ resultCode: 101, errorDetails: { stepUp: 'withdrawal' } });
    await stepUp(t, user);
    expect(moneySends() - before).toBe(1);
  });

  it('keeps another user out of a key: the same key of two users is two keys', async () => {
    const other = await signedInUser(t, 'idempotent-other', admin);
    const res = await t.call('POST', '/api/transfer', {
      token: other.accessToken,
      body: transfer(1_000),
      idempotencyKey: 'parallel-key-1',
    });
    // Not the first user's answer: the other user's own call (their step-up comes first).
    expect(res.json().error).toMatchObject({ resultCode: 101 });
  });

  it('forgets a key after its 24 hours', async () => {
    await ok(send('expiring-key', transfer(5_000)));
    t.clock.advance(24 * 3_600_000 + 60_000);
    await renew(t, user);
    await stepUp(t, user);
    const before = moneySends();
    // Another request under the old key is a new call now: it runs (the transfer rules still apply to it).
    const later = await ok<{ outcome: string }>(send('expiring-key', transfer(5_100)));
    expect(later.outcome).toBe('sent');
    expect(moneySends() - before).toBe(1);
  });

  it('lets a caller waiting on a first call that was refused run its own request once: one send', async () => {
    const before = moneySends();
    const { client, statuses } = recordingClient();
    // The first call reads the sender's balance while it is too low, and the answer is held: the waiter meets it
    // running. Money arrives before the first call hears its (refusing) answer.
    const usd = fake.accounts.get(USD_KEY)!;
    const funds = usd.money;
    usd.money = 100;
    let release!: () => void;
    const readsBefore = fake.countOf('get-money');
    fake.script('get-money', { until: new Promise<void>((resolve) => (release = resolve)) });
    const body = transfer(4_300);
    const first = send('refused-first-key', body);
    await waitWithinTest(async () => fake.countOf('get-money') > readsBefore);
    const waiter = client.transfer.send(body, { idempotencyKey: 'refused-first-key' });
    await waitWithinTest(async () => statuses.includes(409));
    usd.money = funds;
    release();
    const refused = await first;
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Insufficient balance');
    // The refusal freed the key: the waiter ran its own request, once, and its outcome is the key's now.
    const outcome = await waiter;
    expect(outcome.outcome).toBe('sent');
    expect(moneySends() - before).toBe(1);
    const repeat = await send('refused-first-key', body);
    expect(repeat.json().data).toEqual(outcome);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(moneySends() - before).toBe(1);
  });

  // Moves the clock past the step-up window: it runs last.
  it('answers a repeat of a settled key alike whatever secret it carries: no payment password guess can be tested', async () => {
    const before = moneySends();
    const first = await ok(send('secret-repeat-key', transfer(4_200)));
    t.clock.advance(16 * 60_000);
    await renew(t, user);
    const right = await send('secret-repeat-key', transfer(4_200));
    const wrong = await send('secret-repeat-key', transfer(4_200, { paymentPassword: 'guess-Wrong-1' }));
    for (const res of [right, wrong]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual(first);
      expect(res.headers['idempotent-replayed']).toBe('true');
    }
    // Another amount under the key is another request: the second factor first, as for any new call.
    const other = await send('secret-repeat-key', transfer(4_250));
    expect(other.json().error).toMatchObject({ resultCode: 101 });
    expect(moneySends() - before).toBe(1);
  });
});
