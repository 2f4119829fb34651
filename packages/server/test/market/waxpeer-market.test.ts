/**
 * The live Waxpeer adapter against a fake Waxpeer on loopback (`helpers/fake-waxpeer.ts`, written from DarkGL/waxpeer),
 * reached through a real loopback CONNECT proxy: the key only as `api=` on the Waxpeer host, money in mils, the
 * trade socket's sale push, the `ready-to-transfer-p2p` poll while the socket is down and its reconnect, no sale
 * handed out with a minute or less before `send_until`, and list/edit writes kept to 2 per item per 120 s with
 * Waxpeer's `msBeforeNext` obeyed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createWaxpeerPort,
  type MarketCredentials,
  MemoryPacingStore,
  marketKeyId,
} from '../../src/integrations/market/index.ts';
import type { WaxpeerMarketAdapter } from '../../src/integrations/market/live/waxpeer-adapter.ts';
import { type LoopbackProxy, startConnectProxy } from '../steam/helpers/loopback-proxies.ts';
import { FAKE_WAXPEER_ITEM_WINDOW_MS, type FakeWaxpeer, startFakeWaxpeer } from './helpers/fake-waxpeer.ts';

const KEY = 'WaxKey0123456789abcdefABCDEF0123';
const STEAM_ID = '76561198000001234';
const PROXY_CREDENTIALS = { username: 'seller', password: 'proxy-pass' };

/** Waxpeer's and the adapter's shared clock: real time plus a shift tests move forward. */
let shift = 0;
const now = () => Date.now() + shift;

let fake: FakeWaxpeer;
let proxy: LoopbackProxy;
const ports: WaxpeerMarketAdapter[] = [];

const creds = (): MarketCredentials => ({
  apiKey: KEY,
  keyId: marketKeyId(KEY),
  currency: 'USD',
  proxy: { protocol: 'http', host: '127.0.0.1', port: proxy.port, ...PROXY_CREDENTIALS },
});

function port(store = new MemoryPacingStore()): WaxpeerMarketAdapter {
  const made = createWaxpeerPort({
    baseUrl: fake.baseUrl,
    socketUrl: fake.socketUrl,
    pacingStore: store,
    now,
    live: { spacingMs: 20, retryDelaysMs: [20], timeoutMs: 3000 },
    socket: { retryStepMs: 50, retryMaxMs: 200, pingEveryMs: 1000 },
  });
  ports.push(made);
  return made;
}

const inventory = ['9001', '9002', '9003', '9004', '9005', '9006'].map((assetId) => ({
  assetId,
  name: `AK-47 | Redline (Field-Tested) #${assetId}`,
}));

beforeAll(async () => {
  fake = await startFakeWaxpeer([{ key: KEY, steamId64: STEAM_ID, wallet: 12_345, inventory }], { now });
  proxy = await startConnectProxy(PROXY_CREDENTIALS);
});

afterEach(() => {
  for (const made of ports.splice(0)) made.close();
  fake.refuseSockets(false);
});

afterAll(async () => {
  await fake.close();
  await proxy.close();
});

/** Asks for deliveries until `accept` holds (the socket and the poll are asynchronous). */
async function deliveriesUntil(
  made: WaxpeerMarketAdapter,
  accept: (hashes: string[]) => boolean,
): Promise<string[]> {
  for (;;) {
    const answer = await made.deliveryRequests(creds());
    if (!answer.ok) throw new Error(answer.reason);
    const hashes = answer.requests.map((request) => request.hash);
    if (accept(hashes)) return hashes;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Waxpeer market port', () => {
  it('sends the key only as api= to the Waxpeer host, through the proxy, and reads money in mils', async () => {
    const made = port();
    const balance = await made.balance(creds());
    expect(balance).toMatchObject({ ok: true, currency: 'USD', balance: { available: { amount: 12_345 } } });
    const seen = fake.requests.at(-1)!;
    expect(seen.path).toBe('user');
    expect(seen.query.get('api')).toBe(KEY);
    expect(proxy.tunnels.length).toBeGreaterThan(0);
    const bad = await made.balance({ ...creds(), apiKey: 'wrong-key' });
    expect(bad).toMatchObject({ ok: false, reason: 'badKey' });
  });

  it('takes a sale pushed on the trade socket, polls while the socket is down, and reconnects', async () => {
    const made = port();
    fake.requests.length = 0;
    const listed = await made.addToSale(creds(), [
      { assetId: '9001', price: { currency: 'USD', amount: 1_500 } },
    ]);
    expect(listed).toMatchObject({ ok: true, outcomes: [{ ok: true, itemId: '9001' }] });
    await made.addToSale(creds(), [{ assetId: '9002', price: { currency: 'USD', amount: 1_600 } }]);
    const pinged = await made.ping(creds(), { steamAccessToken: 'unused', proxy: null });
    expect(pinged.ok).toBe(true);
    await fake.authenticated(STEAM_ID, 1);
    const auth = fake.socketMessages.find((m) => m.message.name === 'auth')!.message;
    expect(auth).toMatchObject({ steamid: STEAM_ID, apiKey: KEY, identity_secret: true, source: 'custom' });
    // The first call polls once; then the socket carries the sale without another poll.
    await made.deliveryRequests(creds());
    const polls = () => fake.requests.filter((r) => r.path === 'ready-to-transfer-p2p').length;
    const pollsBefore = polls();
    const pushed = fake.sell(KEY, '9001');
    expect(await deliveriesUntil(made, (h) => h.includes(`waxpeer:${pushed.waxId}`))).toEqual([
      `waxpeer:${pushed.waxId}`,
    ]);
    expect(polls()).toBe(pollsBefore);

    // The socket drops and cannot come back: every call polls, and a sale made meanwhile is found by the poll.
    fake.refuseSockets(true);
    fake.dropSockets();
    const whileDown = fake.sell(KEY, '9002');
    const hashes = await deliveriesUntil(made, (h) => h.includes(`waxpeer:${whileDown.waxId}`));
    expect(hashes.sort()).toEqual([`waxpeer:${pushed.waxId}`, `waxpeer:${whileDown.waxId}`].sort());
    expect(polls()).toBeGreaterThan(pollsBefore);
    // Waxpeer's host is back: the socket reconnects and authenticates again by itself.
    fake.refuseSockets(false);
    await fake.authenticated(STEAM_ID, 2);
    // A cancelled sale is gone at once.
    fake.cancel(pushed.waxId);
    expect(await deliveriesUntil(made, (h) => !h.includes(`waxpeer:${pushed.waxId}`))).toEqual([
      `waxpeer:${whileDown.waxId}`,
    ]);
  });

  it('never hands out a sale with a minute or less before send_until', async () => {
    const made = port();
    await made.addToSale(creds(), [
      { assetId: '9003', price: { currency: 'USD', amount: 2_000 } },
      { assetId: '9004', price: { currency: 'USD', amount: 2_000 } },
    ]);
    const late = fake.sell(KEY, '9003', { sendUntil: now() + 55_000 });
    const timely = fake.sell(KEY, '9004', { sendUntil: now() + 5 * 60_000 });
    const answer = await made.deliveryRequests(creds());
    expect(answer.ok).toBe(true);
    const hashes = answer.ok ? answer.requests.map((r) => r.hash) : [];
    expect(hashes).toContain(`waxpeer:${timely.waxId}`);
    expect(hashes).not.toContain(`waxpeer:${late.waxId}`);
    const request = answer.ok ? answer.requests.find((r) => r.hash === `waxpeer:${timely.waxId}`)! : null;
    expect(request).toMatchObject({
      // The trade link's partner 39743273 is the buyer's 32-bit account id.
      partnerSteamId: '76561198000009001',
      tradeToken: 'Bu7erTok',
      items: [{ appId: 730, contextId: '2', assetId: '9004', amount: 1 }],
    });
  });

  it('keeps list and edit writes to 2 per item per 120 s and obeys msBeforeNext', async () => {
    const store = new MemoryPacingStore();
    const made = port(store);
    const price = (amount: number) => ({ currency: 'USD' as const, amount });
    expect(await made.addToSale(creds(), [{ assetId: '9005', price: price(3_000) }])).toMatchObject({
      ok: true,
      outcomes: [{ ok: true }],
    });
    // A second write within the item's minute is refused here, never sent.
    const sentBefore = fake.requests.filter((r) => r.path === 'edit-items').length;
    expect(await made.setPrices(creds(), [{ itemId: '9005', price: price(2_900) }])).toMatchObject({
      ok: true,
      outcomes: [{ ok: false, reason: 'rateLimited' }],
    });
    expect(fake.requests.filter((r) => r.path === 'edit-items').length).toBe(sentBefore);
    shift += 61_000;
    expect(await made.setPrices(creds(), [{ itemId: '9005', price: price(2_900) }])).toMatchObject({
      outcomes: [{ ok: true }],
    });
    // The item was also written twice elsewhere just now (Waxpeer's site): Waxpeer refuses the next write with
    // msBeforeNext, and the item rests that long here, past the adapter's own minute.
    expect(await made.addToSale(creds(), [{ assetId: '9006', price: price(4_000) }])).toMatchObject({
      outcomes: [{ ok: true }],
    });
    fake.writes.set('9006', [now(), now()]);
    const other = port();
    const refused = await other.setPrices(creds(), [{ itemId: '9006', price: price(3_900) }]);
    expect(refused).toMatchObject({ ok: true, outcomes: [{ ok: false, reason: 'rateLimited' }] });
    shift += 61_000;
    const editsBefore = fake.requests.filter((r) => r.path === 'edit-items').length;
    expect(await other.setPrices(creds(), [{ itemId: '9006', price: price(3_900) }])).toMatchObject({
      outcomes: [{ ok: false, reason: 'rateLimited' }],
    });
    expect(fake.requests.filter((r) => r.path === 'edit-items').length).toBe(editsBefore);
    shift += 60_000;
    expect(await other.setPrices(creds(), [{ itemId: '9006', price: price(3_900) }])).toMatchObject({
      outcomes: [{ ok: true }],
    });
    // A delist is not a list/edit write: it goes out at once even though the item's slot is taken.
    expect(await other.setPrices(creds(), [{ itemId: '9006', price: price(0) }])).toMatchObject({
      ok: true,
      outcomes: [{ ok: true }],
    });
    expect(fake.listings(KEY).map((listing) => listing.itemId)).not.toContain('9006');
    // Waxpeer's own ledger never saw a third write inside any 120 s window.
    for (const item of ['9005', '9006']) {
      const times = fake.writes.get(item)!;
      for (let i = 2; i < times.length; i++)
        expect(times[i]! - times[i - 2]!).toBeGreaterThanOrEqual(FAKE_WAXPEER_ITEM_WINDOW_MS);
    }
  });
});
