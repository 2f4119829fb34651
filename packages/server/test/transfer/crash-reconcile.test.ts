/**
 * A server killed (SIGKILL) while TM holds a money-send it performed but has not answered: the transfer's intent
 * row is all that survives. The next server looks for evidence at start-up (the lookup by custom id, the send
 * history, both balances) and records the outcome; without evidence it stays unknown, and the money is never sent
 * a second time without the user's explicit word. Sends are counted in the fake TM's own ledger.
 */
import { afterAll, describe, expect, it } from 'vitest';
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
const found = sandboxServers('tradedeck-transfer-crash-');
const blind = sandboxServers('tradedeck-transfer-blind-');

let fake: FakeTm | undefined;
let proxy: LoopbackProxy | undefined;
afterAll(async () => {
  await fake?.close();
  await proxy?.close();
});

interface TransferRow {
  id: number;
  outcome: string;
  customId: string;
}

async function setUp(prefix: string, start: typeof found.start) {
  await fake?.close();
  await proxy?.close();
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
  const env = {
    TRADEDECK_MARKET_MODE: 'live',
    TRADEDECK_TM_BASE_URL: fake.baseUrl,
    TRADEDECK_ALLOW_PRIVATE_PROXIES: 'on',
  };
  const first = await start(env);
  const token = await signUpOnSpawned(first.server, first.url, {
    email: `${prefix}-${EMAIL}`,
    userName: `${prefix}crash`,
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
  const fromId = await connect(sender!.login, SENDER_KEY);
  const toId = await connect(receiver!.login, RECEIVER_KEY);

  return { env, first, token, fromId, toId, start };
}

/** TM performs the send and keeps the answer; the server dies waiting for it. */
async function sendAndDie(ctx: Awaited<ReturnType<typeof setUp>>) {
  const { first, token, fromId, toId } = ctx;
  fake!.script('money-send', 'holdAfterPerform');
  const inFlight = call(
    first.url,
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
    token,
  ).catch((error: unknown) => error);
  await until(async () => fake!.sends.length === 1 || undefined);
  first.server.child.kill('SIGKILL');
  await first.server.exited;
  expect(await inFlight).toBeInstanceOf(Error);
  expect(fake!.accounts.get(RECEIVER_KEY)!.money).toBe(2_500);
}

describe('a server killed while a money-send is in flight', () => {
  it('settles the transfer from TM at start-up, with one send only', { timeout: 240_000 }, async () => {
    const ctx = await setUp('found', found.start);
    const { env } = ctx;
    await sendAndDie(ctx);

    const second = await ctx.start(env);
    const again = await logInOnSpawned(second.url, { email: `found-${EMAIL}`, password: PASSWORD });
    const settled = await until(async () => {
      const page = await call<{ items: TransferRow[] }>(
        second.url,
        'POST',
        '/api/transfer/history/query',
        {},
        again,
      );
      const row = page.items[0];
      return row && row.outcome !== 'sending' && row.outcome !== 'unknown' ? row : undefined;
    });
    expect(settled).toMatchObject({ outcome: 'sent', customId: fake!.sends[0]!.customId });
    expect(fake!.countOf('money-send')).toBe(1);
    expect(fake!.sends).toHaveLength(1);
    expect(fake!.countOf('get-info-money-send-by-custom-id')).toBeGreaterThanOrEqual(1);
    expect(fake!.accounts.get(RECEIVER_KEY)!.money).toBe(2_500);
  });

  it('keeps it unknown without evidence after a lookup answering not found, and never sends again on one click', {
    timeout: 240_000,
  }, async () => {
    const ctx = await setUp('blind', blind.start);
    // TM makes the send without storing its custom id: the lookup will answer "not found".
    fake!.storeCustomIds(false);
    await sendAndDie(ctx);
    // The history cannot be read and a sale settled on the sender meanwhile: no evidence either way.
    fake!.script('money-send-history', { status: 502 }, { status: 502 }, { status: 502 });
    fake!.accounts.get(SENDER_KEY)!.money += 1_234;

    const second = await ctx.start(ctx.env);
    const again = await logInOnSpawned(second.url, { email: `blind-${EMAIL}`, password: PASSWORD });
    const checked = await until(async () => {
      const page = await call<{ items: (TransferRow & { checks: { source: string; found: string }[] })[] }>(
        second.url,
        'POST',
        '/api/transfer/history/query',
        {},
        again,
      );
      const row = page.items[0];
      return row && row.checks.length > 0 ? row : undefined;
    });
    expect(fake!.countOf('get-info-money-send-by-custom-id')).toBeGreaterThanOrEqual(1);
    expect(checked.outcome).toBe('unknown');
    expect(checked.checks.map((c) => [c.source, c.found])).toEqual([
      ['customId', 'nothing'],
      ['sendHistory', 'failed'],
      ['balances', 'nothing'],
    ]);
    // A new send from that sender is refused: without the user's word (and the second factor) nothing goes again.
    const body = {
      fromId: ctx.fromId,
      toId: ctx.toId,
      amount: { currency: 'USD', amount: 2_500 },
      apiKey: RECEIVER_KEY,
      paymentPassword: PAY_PASSWORD,
    };
    const refused = await call(second.url, 'POST', '/api/transfer', body, again).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Error);
    expect(fake!.countOf('money-send')).toBe(1);
    expect(fake!.sends).toHaveLength(1);
  });
});
