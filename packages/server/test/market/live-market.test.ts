/**
 * The live TM adapter against a fake TM v2 on loopback, reached through a real loopback HTTP CONNECT proxy: the key
 * only in the query string of the TM host, pacing under 5 requests a second at 20 parallel callers, integer units
 * per currency on writes, mass calls read item by item, TM's errors as reasons, retries by class, and a money send
 * whose reply was lost resolved by its custom id.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createMarketPort,
  type MarketCredentials,
  type MarketPort,
  marketKeyId,
} from '../../src/integrations/market/index.ts';
import type { SteamProxy } from '../../src/integrations/steam/index.ts';
import { EGRESS_ADDRESS, type LoopbackProxy, startConnectProxy } from '../steam/helpers/loopback-proxies.ts';
import { type FakeTm, startFakeTm } from './helpers/fake-tm.ts';

const USD_KEY = 'UsdKey0123456789abcdefABCDEF0123';
const RUB_KEY = 'RubKey0123456789abcdefABCDEF0123';
const OTHER_KEY = 'OtherKey456789abcdefABCDEF012345';
const PAY_PASSWORD = 'pay-Secret-42';
const PROXY_CREDENTIALS = { username: 'seller', password: 'proxy-pass' };

let fake: FakeTm;
let proxy: LoopbackProxy;
let port: MarketPort;
const logLines: string[] = [];

const viaProxy = (): SteamProxy => ({
  protocol: 'http',
  host: '127.0.0.1',
  port: proxy.port,
  ...PROXY_CREDENTIALS,
});
const creds = (apiKey: string, currency: MarketCredentials['currency']): MarketCredentials => ({
  apiKey,
  keyId: marketKeyId(apiKey),
  currency,
  proxy: viaProxy(),
});

function livePort(baseUrl: string): MarketPort {
  return createMarketPort(
    { mode: 'sandbox', marketMode: 'live', tmBaseUrl: baseUrl },
    {
      live: { retryDelaysMs: [20, 40], timeoutMs: 3000 },
      log: { warn: (fields, message) => logLines.push(`${message} ${JSON.stringify(fields)}`) },
    },
  );
}

beforeAll(async () => {
  fake = await startFakeTm([
    {
      key: USD_KEY,
      currency: 'USD',
      money: 123_450,
      settlement: 7_001,
      payPassword: PAY_PASSWORD,
      inventory: ['111', '112'],
    },
    { key: RUB_KEY, currency: 'RUB', money: 1_000_000, payPassword: PAY_PASSWORD, inventory: ['211'] },
    { key: OTHER_KEY, currency: 'USD', money: 0 },
  ]);
  proxy = await startConnectProxy(PROXY_CREDENTIALS);
  port = livePort(fake.baseUrl);
});

afterAll(async () => {
  // Whatever the tests did, the key went only to the TM host, only in its query string, only through the proxy.
  expect(fake.requests.length).toBeGreaterThan(0);
  for (const request of fake.requests) {
    expect(request.remoteAddress).toBe(EGRESS_ADDRESS);
    for (const key of [USD_KEY, RUB_KEY]) {
      expect(JSON.stringify(request.headers)).not.toContain(key);
      expect(request.body).not.toContain(key);
    }
    expect(request.query.getAll('key')).toHaveLength(1);
  }
  expect(new Set(proxy.tunnels)).toEqual(new Set([`127.0.0.1:${fake.port}`]));
  expect(logLines.length).toBeGreaterThan(0);
  for (const line of logLines) {
    for (const secret of [USD_KEY, RUB_KEY, OTHER_KEY, PAY_PASSWORD]) expect(line).not.toContain(secret);
  }
  await Promise.all([fake.close(), proxy.close()]);
});

afterEach(() => {
  expect(fake.rateViolations).toEqual([]);
});

describe('live TM adapter', () => {
  it('reads the balance as units of the account currency, without float error', async () => {
    const usd = await port.balance(creds(USD_KEY, 'USD'));
    expect(usd).toEqual({
      ok: true,
      currency: 'USD',
      balance: {
        available: { currency: 'USD', amount: 123_450 },
        onHold: { currency: 'USD', amount: 7_001 },
      },
    });
    const rub = await port.balance(creds(RUB_KEY, 'RUB'));
    expect(rub.ok && rub.balance.available).toEqual({ currency: 'RUB', amount: 1_000_000 });
    const last = fake.requests.at(-1)!;
    expect(last.path).toBe('/api/v2/get-money');
    expect(last.query.get('key')).toBe(RUB_KEY);
  });

  it('sends USD prices in thousandths and RUB prices in hundredths, with cur, as JSON bodies', async () => {
    const usd = await port.addToSale(creds(USD_KEY, 'USD'), [
      { assetId: '111', price: { currency: 'USD', amount: 12_345 } },
    ]);
    expect(usd.ok && usd.outcomes[0]?.ok).toBe(true);
    const usdRequest = fake.requests.at(-1)!;
    expect(usdRequest.method).toBe('POST');
    expect(usdRequest.query.get('cur')).toBe('USD');
    expect(JSON.parse(usdRequest.body)).toEqual({ items: [{ asset: '111', price: 12_345 }] });

    const rub = await port.addToSale(creds(RUB_KEY, 'RUB'), [
      { assetId: '211', price: { currency: 'RUB', amount: 99_950 } },
    ]);
    expect(rub.ok && rub.outcomes[0]?.ok).toBe(true);
    const rubRequest = fake.requests.at(-1)!;
    expect(rubRequest.query.get('cur')).toBe('RUB');
    expect(JSON.parse(rubRequest.body)).toEqual({ items: [{ asset: '211', price: 99_950 }] });

    // A price in another currency is refused before anything is sent.
    const before = fake.requests.length;
    const foreign = await port.setPrices(creds(RUB_KEY, 'RUB'), [
      { itemId: '1', price: { currency: 'USD', amount: 1 } },
    ]);
    expect(foreign).toMatchObject({ ok: false, reason: 'currencyMismatch' });
    expect(fake.requests.length).toBe(before);

    const listings = await port.listings(creds(USD_KEY, 'USD'));
    expect(listings.ok && listings.listings.map((listing) => listing.price)).toEqual([
      { currency: 'USD', amount: 12_345 },
    ]);
  });

  it('reports a mass call item by item although the envelope says success', async () => {
    const answer = await port.addToSale(creds(USD_KEY, 'USD'), [
      { assetId: '112', price: { currency: 'USD', amount: 5_000 } },
      { assetId: '999', price: { currency: 'USD', amount: 5_000 } },
    ]);
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.outcomes[0]).toMatchObject({ ok: true });
    expect(answer.outcomes[1]).toEqual({
      ok: false,
      reason: 'itemNotInInventory',
      detail: 'item_not_in_inventory',
    });

    const listed = answer.outcomes[0]!.ok ? answer.outcomes[0]!.itemId : '';
    const prices = await port.setPrices(creds(USD_KEY, 'USD'), [
      { itemId: 'no-such-item', price: { currency: 'USD', amount: 4_999 } },
      { itemId: listed, price: { currency: 'USD', amount: 4_999 } },
    ]);
    expect(prices.ok && prices.outcomes).toEqual([
      { ok: false, reason: 'unknownItem', detail: 'bad_item' },
      { ok: true },
    ]);
  });

  it('maps Bad KEY to badKey and an HTTP 502 to marketUnavailable after retrying the read', async () => {
    const bad = await port.balance(creds('NotAKeyTmKnows0000000000000000000', 'USD'));
    expect(bad).toMatchObject({ ok: false, reason: 'badKey', detail: 'Bad KEY' });

    fake.script('get-money', { status: 502 }, { status: 502 }, { status: 502 });
    const before = fake.countOf('get-money');
    const down = await port.balance(creds(USD_KEY, 'USD'));
    expect(down).toMatchObject({ ok: false, reason: 'marketUnavailable', httpStatus: 502 });
    expect(fake.countOf('get-money') - before).toBe(3);
  });

  it('retries a read that met a 502 and succeeds on the next attempt', async () => {
    fake.script('items', { status: 503 });
    const before = fake.countOf('items');
    const answer = await port.listings(creds(USD_KEY, 'USD'));
    expect(answer.ok).toBe(true);
    expect(fake.countOf('items') - before).toBe(2);
  });

  it('never retries money: a 502 on a send is one request whose outcome is unknown', async () => {
    fake.script('money-send', { status: 502 });
    const before = fake.countOf('money-send');
    const answer = await port.sendMoney(creds(USD_KEY, 'USD'), {
      amount: { currency: 'USD', amount: 1_000 },
      receiverApiKey: OTHER_KEY,
      paymentPassword: PAY_PASSWORD,
      customId: 'send-502',
    });
    expect(answer).toMatchObject({ ok: false, reason: 'outcomeUnknown' });
    expect(fake.countOf('money-send') - before).toBe(1);
    const lookup = await port.moneySendByCustomId(creds(USD_KEY, 'USD'), 'send-502');
    expect(lookup).toEqual({ ok: true, record: null });
  });

  it('answers outcomeUnknown for a send whose reply was lost, and finds it done by its custom id', async () => {
    fake.script('money-send', 'dropAfterPerform');
    const sendsBefore = fake.sends.length;
    const requestsBefore = fake.countOf('money-send');
    const answer = await port.sendMoney(creds(USD_KEY, 'USD'), {
      amount: { currency: 'USD', amount: 2_500 },
      receiverApiKey: OTHER_KEY,
      paymentPassword: PAY_PASSWORD,
      customId: 'send-lost-1',
    });
    expect(answer).toMatchObject({ ok: false, reason: 'outcomeUnknown' });
    expect(fake.countOf('money-send') - requestsBefore).toBe(1);
    expect(fake.sends.length - sendsBefore).toBe(1);
    const found = await port.moneySendByCustomId(creds(USD_KEY, 'USD'), 'send-lost-1');
    expect(found).toMatchObject({
      ok: true,
      record: { customId: 'send-lost-1', amount: { currency: 'USD', amount: 2_500 }, status: 'done' },
    });
    // The money moved once: the receiver key travelled in TM's path, never in a header or a body.
    expect(fake.accounts.get(OTHER_KEY)!.money).toBe(2_500);
  });

  it('maps a wrong payment password and insufficient funds to their reasons', async () => {
    const wrong = await port.sendMoney(creds(USD_KEY, 'USD'), {
      amount: { currency: 'USD', amount: 100 },
      receiverApiKey: OTHER_KEY,
      paymentPassword: 'not-it',
      customId: 'send-wrong-pass',
    });
    expect(wrong).toMatchObject({ ok: false, reason: 'wrongPaymentPassword' });
    const poor = await port.sendMoney(creds(RUB_KEY, 'RUB'), {
      amount: { currency: 'RUB', amount: 50_000_000 },
      receiverApiKey: USD_KEY,
      paymentPassword: PAY_PASSWORD,
      customId: 'send-too-much',
    });
    expect(poor).toMatchObject({ ok: false, reason: 'insufficientFunds' });
  });

  it('pings with the Steam token and the proxy as JSON fields; "too early" is benign', async () => {
    const ping = await port.ping(creds(USD_KEY, 'USD'), {
      steamAccessToken: 'steam-token',
      proxy: viaProxy(),
    });
    expect(ping).toEqual({ ok: true, online: true, p2p: true, tooEarly: false });
    const sent = JSON.parse(fake.requests.at(-1)!.body);
    expect(sent).toEqual({
      access_token: 'steam-token',
      proxy: `http://seller:proxy-pass@127.0.0.1:${proxy.port}`,
    });
    const early = await port.ping(creds(USD_KEY, 'USD'), { steamAccessToken: 'too-early', proxy: null });
    expect(early).toMatchObject({ ok: true, tooEarly: true });
  });

  it('reads asks as integer units, cheapest first, and "nothing" as no delivery', async () => {
    const asks = await port.asks(creds(USD_KEY, 'USD'), ['AK-47 | Slate (Field-Tested)']);
    expect(asks.ok && asks.asks[0]!.asks).toEqual([
      { itemId: '9001', price: { currency: 'USD', amount: 1_240 } },
      { itemId: '9002', price: { currency: 'USD', amount: 1_250 } },
    ]);
    expect(await port.deliveryRequests(creds(USD_KEY, 'USD'))).toEqual({ ok: true, requests: [] });
  });

  it('keeps 20 parallel callers of one key under 5 requests in any second', { timeout: 30_000 }, async () => {
    const before = fake.requests.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => port.statusFlags(creds(OTHER_KEY, 'USD'))),
    );
    expect(answers.every((answer) => answer.ok)).toBe(true);
    const times = fake.requests.slice(before).map((request) => request.at);
    expect(times).toHaveLength(20);
    expect(fake.peakPerSecond.get(OTHER_KEY)).toBeLessThanOrEqual(4);
    expect(fake.rateViolations).toEqual([]);
  });

  it('reads user_token and gives TM the trade token with set-trade-token', async () => {
    fake.accounts.get(OTHER_KEY)!.userToken = false;
    const before = await port.statusFlags(creds(OTHER_KEY, 'USD'));
    expect(before).toMatchObject({ ok: true, flags: { userToken: false } });
    expect(await port.setTradeToken(creds(OTHER_KEY, 'USD'), 'AbCd1234')).toEqual({ ok: true });
    expect(fake.requests.at(-1)!.query.get('token')).toBe('AbCd1234');
    const after = await port.statusFlags(creds(OTHER_KEY, 'USD'));
    expect(after).toMatchObject({ ok: true, flags: { userToken: true } });
  });

  it('asks TM to read the inventory again when an item is not in it, so the next listing finds it', async () => {
    fake.accounts.get(USD_KEY)!.steamOnly = ['113'];
    const updatesBefore = fake.countOf('update-inventory');
    const first = await port.addToSale(creds(USD_KEY, 'USD'), [
      { assetId: '113', price: { currency: 'USD', amount: 5_000 } },
    ]);
    expect(first).toMatchObject({ ok: true, outcomes: [{ ok: false, reason: 'itemNotInInventory' }] });
    expect(fake.countOf('update-inventory') - updatesBefore).toBe(1);
    const retried = await port.addToSale(creds(USD_KEY, 'USD'), [
      { assetId: '113', price: { currency: 'USD', amount: 5_000 } },
    ]);
    expect(retried).toMatchObject({ ok: true, outcomes: [{ ok: true }] });
  });

  it('has no call that reaches transfer-discounts (it moves fee discounts), and reads the send history', async () => {
    expect('transferCheck' in port).toBe(false);
    const history = await port.moneySendHistory(creds(USD_KEY, 'USD'), 0);
    expect(history.ok).toBe(true);
    expect(fake.requests.at(-1)!.path).toBe('/api/v2/money-send-history/0');
    expect(fake.countOf('transfer-discounts')).toBe(0);
  });

  it('answers marketUnavailable when TM cannot be reached at all', async () => {
    const closed = livePort('http://127.0.0.1:9');
    const offline = { apiKey: USD_KEY, keyId: marketKeyId(USD_KEY), currency: 'USD' as const };
    expect(await closed.balance(offline)).toMatchObject({ ok: false, reason: 'marketUnavailable' });
    // A send that never left is known not to have happened.
    const send = await closed.sendMoney(offline, {
      amount: { currency: 'USD', amount: 100 },
      receiverApiKey: OTHER_KEY,
      paymentPassword: PAY_PASSWORD,
      customId: 'send-unreachable',
    });
    expect(send).toMatchObject({ ok: false, reason: 'marketUnavailable' });
  });
});
