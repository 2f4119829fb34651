/**
 * A server killed (SIGKILL) while TM holds a money-send it performed but has not answered: the transfer's intent
 * row is all that survives. The next server looks for evidence at start-up (the lookup by custom id, the send
 * history, both balances) and records the outcome; without evidence it stays unknown, and the money is never sent
 * a second time without the user's explicit word. Sends are counted in the fake TM's own ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import {
  callApi as call,
  logInOnSpawned,
  sandboxServers,
  signUpOnSpawned,
  stepUpOnSpawned,
  pollUntil as until,
} from '../helpers/spawned-api.ts';
import { type FakeTm, startFakeTm } from '../market/helpers/fake-tm.ts';
import { type LoopbackProxy, startConnectProxy } from '../steam/helpers/loopback-proxies.ts';
import { addItem } from '../steam-accounts/helpers.ts';

const SENDER_KEY = 'CrashSenderKey0123456789abcdefAB';
const RECEIVER_KEY = 'CrashReceiverKey456789abcdefABCD';
const PAY_PASSWORD = 'pay-Secret-77';
const EMAIL = 'transfer-crash@example.test';
const PASSWORD = 'Quartz-Lantern-42';

const world = new SandboxWorld();
const [sender, receiver] = world.healthyAccounts(2, 7401);
const { start } = sandboxServers('tradedeck-transfer-crash-');

let fake: FakeTm;
let proxy: LoopbackProxy;
/** The running server and its user: each test kills it mid-send, and the next server takes its place. */
let current: { url: string; server: Awaited<ReturnType<typeof start>>['server']; token: string };
/**
 * The device session that passed the second factor on the first server: its window outlasts the restarts, and a
 * new session could not have another code mailed within the minute after the last.
 */
let sendingToken: string;
let fromId: number;
let toId: number;
const env: Record<string, string> = {};

interface TransferRow {
  id: number;
  outcome: string;
  customId: string;
}

// One fake TM, one data directory and one user for both tests: the first server only sets up the accounts, and
// each test's restart is the next test's server (a start of its own cost as much as the test's own work).
beforeAll(async () => {
  fake = await startFakeTm([
    {
      key: SENDER_KEY,
      currency: 'USD',
      money: 50_000,
      payPassword: PAY_PASSWORD,
      steamId64: sender!.steamId,
    },
    {
      key: RECEIVER_KEY,
      currency: 'USD',
      money: 0,
      payPassword: PAY_PASSWORD,
      steamId64: receiver!.steamId,
    },
  ]);
  proxy = await startConnectProxy({ username: 'trader', password: 'proxy-pass' });
  Object.assign(env, {
    TRADEDECK_MARKET_MODE: 'live',
    TRADEDECK_TM_BASE_URL: fake.baseUrl,
    TRADEDECK_ALLOW_PRIVATE_PROXIES: 'on',
  });
  const first = await start(env);
  const token = await signUpOnSpawned(first.server, first.url, {
    email: EMAIL,
    userName: 'transfercrash',
    password: PASSWORD,
  });
  const proxyData = {
    protocol: 'http' as const,
    address: '127.0.0.1',
    port: proxy.port,
    username: 'trader',
    password: 'proxy-pass',
  };
  const added = await call<{ addedAccounts: { id: number; login: string }[] }>(
    first.url,
    'POST',
    '/api/steam-accounts',
    { accounts: { 0: addItem(sender!, { proxyData }), 1: addItem(receiver!, { proxyData }) } },
    token,
  );
  const steamId = (login: string) => added.addedAccounts.find((row) => row.login === login)!.id;
  await stepUpOnSpawned(first.server, first.url, token);
  const connect = async (login: string, apiKey: string) =>
    (
      await call<{ id: number }>(
        first.url,
        'POST',
        '/api/p2p/accounts',
        { steamAccountId: steamId(login), apiKey, paymentPassword: PAY_PASSWORD, tmCurrency: 'USD' },
        token,
      )
    ).id;
  fromId = await connect(sender!.login, SENDER_KEY);
  toId = await connect(receiver!.login, RECEIVER_KEY);
  current = { ...first, token };
  sendingToken = token;
}, 180_000);
afterAll(async () => {
  await fake?.close();
  await proxy?.close();
});

/** What the fake TM had counted before a test: the test's own sends and lookups are what comes after. */
function countsNow() {
  return {
    sends: fake.sends.length,
    moneySends: fake.countOf('money-send'),
    lookups: fake.countOf('get-info-money-send-by-custom-id'),
    received: fake.accounts.get(RECEIVER_KEY)!.money,
  };
}

/** TM performs the send and keeps the answer; the server dies waiting for it. */
async function sendAndDie(before: ReturnType<typeof countsNow>) {
  const { url, server } = current;
  fake.script('money-send', 'holdAfterPerform');
  const inFlight = call(
    url,
    'POST',
    '/api/transfer',
    {
      fromId,
      toId,
      amount: { currency: 'USD', amount: 2_500 },
      apiKey: RECEIVER_KEY,
      paymentPassword: PAY_PASSWORD,
      acceptConversion: true,
    },
    sendingToken,
  ).catch((error: unknown) => error);
  await until(async () => fake.sends.length === before.sends + 1 || undefined);
  server.child.kill('SIGKILL');
  await server.exited;
  expect(await inFlight).toBeInstanceOf(Error);
  expect(fake.accounts.get(RECEIVER_KEY)!.money).toBe(before.received + 2_500);
}

/** The next server on the same data, signed in again. */
async function restart() {
  const next = await start(env);
  current = { ...next, token: await logInOnSpawned(next.url, { email: EMAIL, password: PASSWORD }) };
  return current;
}

// In this order: the second test's transfer stays unknown, and an unknown transfer holds every later send from
// that sender (what the second test proves), so the first test's send must come before it.
describe('a server killed while a money-send is in flight', { shuffle: false }, () => {
  it('settles the transfer from TM at start-up, with one send only', { timeout: 240_000 }, async () => {
    const before = countsNow();
    await sendAndDie(before);

    const second = await restart();
    const settled = await until(async () => {
      const page = await call<{ items: TransferRow[] }>(
        second.url,
        'POST',
        '/api/transfer/history/query',
        {},
        second.token,
      );
      const row = page.items[0];
      return row && row.outcome !== 'sending' && row.outcome !== 'unknown' ? row : undefined;
    });
    expect(settled).toMatchObject({ outcome: 'sent', customId: fake.sends[before.sends]!.customId });
    expect(fake.countOf('money-send')).toBe(before.moneySends + 1);
    expect(fake.sends).toHaveLength(before.sends + 1);
    expect(fake.countOf('get-info-money-send-by-custom-id')).toBeGreaterThanOrEqual(before.lookups + 1);
    expect(fake.accounts.get(RECEIVER_KEY)!.money).toBe(before.received + 2_500);
  });

  it('keeps it unknown without evidence after a lookup answering not found, and never sends again on one click', {
    timeout: 240_000,
  }, async () => {
    const before = countsNow();
    // TM makes the send without storing its custom id: the lookup will answer "not found".
    fake.storeCustomIds(false);
    await sendAndDie(before);
    // The history cannot be read and a sale settled on the sender meanwhile: no evidence either way.
    fake.script('money-send-history', { status: 502 }, { status: 502 }, { status: 502 });
    fake.accounts.get(SENDER_KEY)!.money += 1_234;

    const second = await restart();
    const checked = await until(async () => {
      const page = await call<{ items: (TransferRow & { checks: { source: string; found: string }[] })[] }>(
        second.url,
        'POST',
        '/api/transfer/history/query',
        {},
        second.token,
      );
      const row = page.items[0];
      return row && row.checks.length > 0 ? row : undefined;
    });
    expect(fake.countOf('get-info-money-send-by-custom-id')).toBeGreaterThanOrEqual(before.lookups + 1);
    expect(checked.outcome).toBe('unknown');
    expect(checked.checks.map((c) => [c.source, c.found])).toEqual([
      ['customId', 'nothing'],
      ['sendHistory', 'failed'],
      ['balances', 'nothing'],
    ]);
    // A new send from that sender is refused: without the user's word (and the second factor) nothing goes again.
    const body = {
      fromId,
      toId,
      amount: { currency: 'USD', amount: 2_500 },
      apiKey: RECEIVER_KEY,
      paymentPassword: PAY_PASSWORD,
    };
    const refused = await call(second.url, 'POST', '/api/transfer', body, second.token).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Error);
    expect(fake.countOf('money-send')).toBe(before.moneySends + 1);
    expect(fake.sends).toHaveLength(before.sends + 1);
  });
});
