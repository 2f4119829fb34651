import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxWorld } from '../../src/integrations/steam/index.ts';
import { type FakeTm, startFakeTm } from '../market/helpers/fake-tm.ts';
import { type LoopbackProxy, startConnectProxy } from '../steam/helpers/loopback-proxies.ts';
import { crashHarness, SELLER_PROXY } from './crash-harness.ts';

// A seller's delivery loop killed with -9 twice in one run, on the database the suite runs on: the restarted
// servers deliver every sale the market asked for, as a loop without a crash does. Counted in Steam's journal (one
// offer per delivery, no item in two offers) and in the fake TM's own request ledger (trade-ready once per offer).
const world = new SandboxWorld();
const [seller] = world.healthyAccounts(1, 5801);
const buyers = world.healthyAccounts(4, 5901);
const KEY = 'tm-key-crash-deliveries-0123456789';

const parts: { fake?: FakeTm; proxy?: LoopbackProxy } = {};
// Filled before the first server starts: the market is the fake TM on loopback, reached through a CONNECT proxy.
const env: Record<string, string> = { TRADEDECK_SANDBOX_SEND_DELAY_MS: '1500' };

beforeAll(async () => {
  const now = Date.now();
  const assets = [...world.trading.inventories.context(seller!.steamId, 730, '2', now).values()]
    .filter((item) => world.trading.inventories.isTradable(item, now))
    .slice(0, buyers.length);
  parts.fake = await startFakeTm([
    {
      key: KEY,
      currency: 'USD',
      money: 0,
      steamId64: seller!.steamId,
      // One sale per buyer, each of its own item.
      p2pOffers: buyers.map((buyer, i) => ({
        hash: `hash-crash-delivery-${i}`,
        partner: buyer.steamId,
        token: world.trading.tradeToken(buyer.steamId),
        tradeoffermessage: `Market order 880${i}`,
        items: [{ appid: 730, contextid: '2', assetid: assets[i]!.assetId, amount: 1 }],
      })),
    },
  ]);
  parts.proxy = await startConnectProxy(SELLER_PROXY);
  Object.assign(env, { TRADEDECK_MARKET_MODE: 'live', TRADEDECK_TM_BASE_URL: parts.fake.baseUrl });
});
afterAll(async () => {
  await parts.fake?.close();
  await parts.proxy?.close();
});

const { addSeller, api, crash, journalOps, until } = crashHarness({
  prefix: 'tradedeck-crash-deliveries-',
  email: 'crash-deliveries@example.test',
  userName: 'crashdeliveries',
  env,
});

interface Delivery {
  hash: string;
  status: string;
  reference: string;
  offerId: string | null;
}

interface JournalSend {
  input: { message: string; itemsToGive: { assetId: string }[] };
}

describe('a delivery loop killed with kill -9 and restarted', () => {
  it('delivers every sale once after two kills in one run', async () => {
    const sellerId = await addSeller(seller!, parts.proxy!.port, KEY);
    const sends = () => journalOps('send').map((line) => JSON.parse(line) as JournalSend);
    await api('POST', '/api/p2p/accounts/start', { ids: [sellerId] });

    // First kill: an offer made, Steam's answer still on its way. Second: the resumed loop made another one.
    await until('the first delivery offer', async () => sends().length >= 1);
    await crash();
    const afterFirst = sends().length;
    await until('an offer of the resumed loop', async () => sends().length > afterFirst);
    await crash();

    const deliveries = await until(
      'every delivery to be ready',
      async () => {
        const { items } = await api<{ items: Delivery[] }>(
          'POST',
          `/api/p2p/accounts/${sellerId}/deliveries/query`,
          { pages: { page: 1, pageSize: 100 } },
        );
        return items.length === buyers.length && items.every((item) => item.status === 'ready')
          ? items
          : null;
      },
      180_000,
    );

    // One delivery per sale, each with one offer in Steam's journal, and no item in two offers.
    expect(deliveries.map((delivery) => delivery.hash).sort()).toEqual(
      buyers.map((_, i) => `hash-crash-delivery-${i}`).sort(),
    );
    const all = sends();
    for (const delivery of deliveries) {
      const offered = all.filter((send) => send.input.message.includes(`[td:${delivery.reference}]`));
      expect(offered, delivery.hash).toHaveLength(1);
      expect(delivery.offerId).toMatch(/^\d+$/);
    }
    expect(all).toHaveLength(buyers.length);
    const assets = all.flatMap((send) => send.input.itemsToGive.map((item) => item.assetId));
    expect(new Set(assets).size).toBe(assets.length);
    // TM was told once per offer that it is ready, for exactly the offers the deliveries hold.
    const readies = parts
      .fake!.requests.filter((request) => request.path.startsWith('/api/v2/trade-ready'))
      .map((request) => request.query.get('tradeoffer'));
    expect([...readies].sort()).toEqual(deliveries.map((delivery) => delivery.offerId).sort());
  }, 420_000);
});
