/**
 * The sandbox market over the sandbox Steam world, on a clock the test drives: buyers buy a listing under its
 * reference sooner than one over it; a sale asks for exactly one delivery, which the buyer accepts once our offer
 * (sent and confirmed through the sandbox Steam trading port) is registered with trade-ready; the sale is held 7
 * days for CS2; money moves between accounts of different currencies at the table's rate, found by custom id.
 */
import type { Money } from '@tradedeck/sdk/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createMarketPort,
  type MarketCredentials,
  type MarketInventoryItem,
  type MarketPort,
  marketKeyId,
  SANDBOX_MARKET_FAILURE_KEYS,
  SandboxMarket,
  sandboxMarketKey,
  sandboxPaymentPassword,
} from '../../src/integrations/market/index.ts';
import {
  type Clock,
  createSteamPort,
  SandboxWorld,
  type SteamPort,
} from '../../src/integrations/steam/index.ts';
import type { SteamTradeSession } from '../../src/integrations/steam/trading-port.ts';
import { sandboxTradeSession } from '../steam/sandbox-sign-in.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
let now = Date.UTC(2026, 2, 2, 10);
const clock: Clock = {
  now: () => now,
  sleep: async (ms) => {
    now += ms;
  },
};
let world: SandboxWorld;
let steam: SteamPort;
let sandbox: SandboxMarket;
let market: MarketPort;
let proxyPort = 41000;

const credsOf = (login: string, currency: Money['currency'] = 'USD'): MarketCredentials => {
  const apiKey = sandboxMarketKey(login);
  return { apiKey, keyId: marketKeyId(apiKey), currency };
};

function sessionOf(login: string): Promise<SteamTradeSession> {
  const proxy = {
    protocol: 'http' as const,
    host: '127.0.0.1',
    port: ++proxyPort,
    username: null,
    password: null,
  };
  return sandboxTradeSession(steam, world, login, proxy);
}

async function accessToken(session: SteamTradeSession): Promise<string> {
  const web = await session.webSession();
  if (!web.ok) throw new Error(web.reason);
  return web.session.accessToken;
}

/** CS2 items of the account the market would list, priciest first. */
async function cs2Items(creds: MarketCredentials, count: number): Promise<MarketInventoryItem[]> {
  const inventory = await market.inventory(creds);
  if (!inventory.ok) throw new Error(inventory.reason);
  return inventory.items
    .filter((item) => item.game === 'cs2' && item.tradable && (item.marketPrice?.amount ?? 0) > 1_000)
    .sort((a, b) => b.marketPrice!.amount - a.marketPrice!.amount)
    .slice(0, count);
}

const usd = (amount: number): Money => ({ currency: 'USD', amount });

const at = (reference: Money, share: number): Money => ({
  currency: reference.currency,
  amount: Math.round(reference.amount * share),
});

/** Moves the clock a minute at a time, pinging every 2 minutes as the seller loop does, until `done` or the limit. */
async function runOnline(
  creds: MarketCredentials,
  token: string,
  limitMs: number,
  done: () => Promise<boolean>,
) {
  const until = now + limitMs;
  while (now < until) {
    if (now % (2 * MINUTE) < MINUTE) {
      const ping = await market.ping(creds, { steamAccessToken: token, proxy: null });
      expect(ping).toMatchObject({ ok: true, online: true });
    }
    now += MINUTE;
    if (await done()) return;
  }
}

beforeEach(() => {
  now = Date.UTC(2026, 2, 2, 10);
  world = new SandboxWorld();
  steam = createSteamPort({ mode: 'sandbox' }, { sandboxWorld: world, clock });
  sandbox = new SandboxMarket(world);
  market = createMarketPort({ mode: 'sandbox' }, { clock, sandboxMarket: sandbox });
});

describe('sandbox market buyers', () => {
  it('buy a listing under its reference price sooner than one over it', async () => {
    const seller = await sessionOf('sandbox_bot_0101');
    const creds = credsOf('sandbox_bot_0101');
    const [first, second] = await cs2Items(creds, 2);
    const listed = await market.addToSale(creds, [
      { assetId: first!.assetId, price: at(first!.marketPrice!, 1.15) },
      { assetId: second!.assetId, price: at(second!.marketPrice!, 0.85) },
    ]);
    if (!listed.ok || !listed.outcomes[0]!.ok || !listed.outcomes[1]!.ok) throw new Error('listing failed');
    const [over, under] = [listed.outcomes[0]!.itemId, listed.outcomes[1]!.itemId];
    const soldAt = new Map<string, number>();
    await runOnline(creds, await accessToken(seller), 2 * DAY, async () => {
      const listings = await market.listings(creds);
      if (!listings.ok) throw new Error(listings.reason);
      for (const listing of listings.listings) {
        if (listing.status === 'sold' && !soldAt.has(listing.itemId)) soldAt.set(listing.itemId, now);
      }
      return soldAt.size === 2;
    });
    expect(soldAt.get(under)).toBeDefined();
    expect(soldAt.get(over)).toBeDefined();
    expect(soldAt.get(under)!).toBeLessThan(soldAt.get(over)!);
  });

  it('do not buy while the seller is offline', async () => {
    const creds = credsOf('sandbox_bot_0102');
    const [item] = await cs2Items(creds, 1);
    await market.addToSale(creds, [{ assetId: item!.assetId, price: at(item!.marketPrice!, 0.5) }]);
    now += DAY;
    const listings = await market.listings(creds);
    expect(listings.ok && listings.listings.map((listing) => listing.status)).toEqual(['onSale']);
  });
});

/** Lists one CS2 item under its reference, runs the seller online until it sells and delivers it. */
async function sellAndDeliver(login: string) {
  const seller = await sessionOf(login);
  const creds = credsOf(login);
  const [item] = await cs2Items(creds, 1);
  const price = at(item!.marketPrice!, 0.8);
  const listed = await market.addToSale(creds, [{ assetId: item!.assetId, price }]);
  if (!listed.ok || !listed.outcomes[0]!.ok) throw new Error('listing failed');
  await runOnline(creds, await accessToken(seller), DAY, async () => {
    const requests = await market.deliveryRequests(creds);
    return requests.ok && requests.requests.length > 0;
  });
  const requests = await market.deliveryRequests(creds);
  if (!requests.ok || requests.requests.length !== 1) throw new Error('no delivery');
  const request = requests.requests[0]!;
  const sent = await seller.sendOffer({
    partnerSteamId: request.partnerSteamId,
    tradeToken: request.tradeToken,
    itemsToGive: request.items,
    itemsToReceive: [],
    reference: 'sale-r',
    message: request.message,
  });
  if (!sent.ok) throw new Error(sent.reason);
  await seller.confirmOffers([sent.offerId]);
  await market.tradeReady(creds, sent.offerId);
  return { creds, item: item!, price, itemId: listed.outcomes[0]!.itemId, buyer: request.partnerSteamId };
}

describe('sandbox market delivery', () => {
  it('asks for one delivery per sale, completes it through the Steam trade book, and holds CS2 money 7 days', async () => {
    const seller = await sessionOf('sandbox_bot_0103');
    const creds = credsOf('sandbox_bot_0103');
    const [item] = await cs2Items(creds, 1);
    const price = at(item!.marketPrice!, 0.8);
    const listed = await market.addToSale(creds, [{ assetId: item!.assetId, price }]);
    expect(listed.ok && listed.outcomes[0]!.ok).toBe(true);
    const before = await market.balance(creds);
    if (!before.ok) throw new Error(before.reason);

    await runOnline(creds, await accessToken(seller), DAY, async () => {
      const requests = await market.deliveryRequests(creds);
      return requests.ok && requests.requests.length > 0;
    });
    const requests = await market.deliveryRequests(creds);
    if (!requests.ok) throw new Error(requests.reason);
    expect(requests.requests).toHaveLength(1);
    const request = requests.requests[0]!;
    const buyer = world.findBySteamId(request.partnerSteamId)!;
    expect(buyer.login).toMatch(/^sandbox_bot_990\d\d$/);
    expect(request.tradeToken).toBe(world.trading.tradeToken(buyer.steamId));
    expect(request.items).toEqual([{ appId: 730, contextId: '2', assetId: item!.assetId, amount: 1 }]);
    // Asked again, the same sale is the same one request.
    expect(await market.deliveryRequests(creds)).toEqual({ ok: true, requests: [request] });

    const sent = await seller.sendOffer({
      partnerSteamId: request.partnerSteamId,
      tradeToken: request.tradeToken,
      itemsToGive: request.items,
      itemsToReceive: [],
      reference: 'sale-1',
      message: request.message,
    });
    if (!sent.ok) throw new Error(sent.reason);
    expect(await seller.confirmOffers([sent.offerId])).toMatchObject({ ok: true, answered: [sent.offerId] });
    expect(await market.tradeReady(creds, sent.offerId)).toEqual({ ok: true });
    const soldAt = now;

    expect(await seller.getOffer(sent.offerId)).toMatchObject({ ok: true, offer: { state: 3 } });
    const mine = world.trading.inventories.context(world.find('sandbox_bot_0103')!.steamId, 730, '2', now);
    expect(mine.has(item!.assetId)).toBe(false);
    const theirs = [...world.trading.inventories.context(buyer.steamId, 730, '16', now).values()].map(
      (asset) => world.trading.inventories.toItem(asset, now).marketHashName,
    );
    expect(theirs).toContain(item!.marketHashName);
    expect(await market.deliveryRequests(creds)).toEqual({ ok: true, requests: [] });
    expect(await market.listings(creds)).toEqual({ ok: true, listings: [] });

    const history = await market.history(creds, new Date(soldAt - DAY), new Date(soldAt + DAY));
    if (!history.ok) throw new Error(history.reason);
    expect(history.entries).toHaveLength(1);
    const received = Math.floor((price.amount * 95) / 100);
    expect(history.entries[0]).toMatchObject({
      event: 'sell',
      stage: 'active',
      game: 'cs2',
      marketHashName: item!.marketHashName,
      received: { currency: 'USD', amount: received },
      settlement: Math.floor((soldAt + 7 * DAY) / 1000),
    });
    const held = await market.balance(creds);
    expect(held.ok && held.balance).toEqual({
      available: before.balance.available,
      onHold: { currency: 'USD', amount: received },
    });

    now = soldAt + 7 * DAY + 1_000;
    const released = await market.balance(creds);
    expect(released.ok && released.balance).toEqual({
      available: { currency: 'USD', amount: before.balance.available.amount + received },
      onHold: { currency: 'USD', amount: 0 },
    });
    const settled = await market.history(creds, new Date(soldAt - DAY), new Date(now));
    expect(settled.ok && settled.entries[0]!.stage).toBe('given');
  });
});

describe('sandbox market money', () => {
  it('moves money between accounts of different currencies at the table rate, found by custom id', async () => {
    const usdKey = sandbox.registerAccount({ login: 'sandbox_bot_0104', currency: 'USD', available: 50_000 });
    const rubKey = sandbox.registerAccount({ login: 'sandbox_bot_0105', currency: 'RUB', available: 0 });
    const usd = credsOf('sandbox_bot_0104', 'USD');
    const rub = credsOf('sandbox_bot_0105', 'RUB');
    expect(usd.apiKey).toBe(usdKey);
    const payment = sandboxPaymentPassword('sandbox_bot_0104', world.seed);

    const sent = await market.sendMoney(usd, {
      amount: { currency: 'USD', amount: 10_000 },
      receiverApiKey: rubKey,
      paymentPassword: payment,
      customId: 'move-1',
    });
    expect(sent).toMatchObject({ ok: true, record: { customId: 'move-1', status: 'done' } });
    // 10 USD at 92.5 RUB per USD.
    expect(await market.balance(rub)).toMatchObject({
      ok: true,
      currency: 'RUB',
      balance: { available: { currency: 'RUB', amount: 92_500 } },
    });
    expect(await market.balance(usd)).toMatchObject({ ok: true, balance: { available: { amount: 40_000 } } });
    expect(await market.moneySendByCustomId(usd, 'move-1')).toMatchObject({
      ok: true,
      record: { customId: 'move-1', amount: { currency: 'USD', amount: 10_000 }, status: 'done' },
    });
    expect(await market.moneySendByCustomId(usd, 'never-sent')).toEqual({ ok: true, record: null });

    const wrong = {
      amount: { currency: 'USD' as const, amount: 1_000 },
      receiverApiKey: rubKey,
      customId: 'move-2',
    };
    expect(await market.sendMoney(usd, { ...wrong, paymentPassword: 'nope' })).toMatchObject({
      ok: false,
      reason: 'wrongPaymentPassword',
    });
    expect(
      await market.sendMoney(usd, {
        ...wrong,
        amount: { currency: 'USD', amount: 40_001 },
        paymentPassword: payment,
      }),
    ).toMatchObject({ ok: false, reason: 'insufficientFunds' });
    expect(
      await market.sendMoney(usd, {
        ...wrong,
        receiverApiKey: 'sandbox-tm-nobody',
        paymentPassword: payment,
      }),
    ).toMatchObject({ ok: false, reason: 'receiverNotFound' });
  });
});

describe('sandbox market failures', () => {
  it('answers as a broken TM for the failure keys and guards the currency', async () => {
    const key = (apiKey: string): MarketCredentials => ({
      apiKey,
      keyId: marketKeyId(apiKey),
      currency: 'USD',
    });
    expect(await market.balance(key(SANDBOX_MARKET_FAILURE_KEYS.badKey))).toMatchObject({
      ok: false,
      reason: 'badKey',
    });
    expect(await market.balance(key(SANDBOX_MARKET_FAILURE_KEYS.offline))).toMatchObject({
      ok: false,
      reason: 'marketUnavailable',
      httpStatus: 502,
    });
    expect(await market.balance(key('some-real-looking-key'))).toMatchObject({ ok: false, reason: 'badKey' });

    const creds = credsOf('sandbox_bot_0106');
    const [item] = await cs2Items(creds, 1);
    expect(
      await market.addToSale({ ...creds, currency: 'EUR' }, [
        { assetId: item!.assetId, price: { currency: 'EUR', amount: 1_000 } },
      ]),
    ).toMatchObject({ ok: false, reason: 'currencyMismatch' });
    const listed = await market.addToSale(creds, [
      { assetId: item!.assetId, price: { currency: 'USD', amount: 5_000 } },
      { assetId: '1', price: { currency: 'USD', amount: 5_000 } },
      { assetId: item!.assetId, price: { currency: 'USD', amount: 5_000 } },
    ]);
    expect(listed.ok && listed.outcomes.map((outcome) => (outcome.ok ? 'listed' : outcome.reason))).toEqual([
      'listed',
      'itemNotInInventory',
      'badRequest',
    ]);
    if (!listed.ok || !listed.outcomes[0]!.ok) return;
    // One price change a minute per listing.
    const itemId = listed.outcomes[0]!.itemId;
    expect(
      await market.setPrices(creds, [{ itemId, price: { currency: 'USD', amount: 4_990 } }]),
    ).toMatchObject({
      ok: true,
      outcomes: [{ ok: false, reason: 'rateLimited' }],
    });
    now += MINUTE;
    expect(await market.setPrices(creds, [{ itemId, price: { currency: 'USD', amount: 4_990 } }])).toEqual({
      ok: true,
      outcomes: [{ ok: true }],
    });
    const asks = await market.asks(creds, [item!.marketHashName]);
    if (!asks.ok) throw new Error(asks.reason);
    const prices = asks.asks[0]!.asks.map((ask) => ask.price.amount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(asks.asks[0]!.asks.some((ask) => ask.itemId === itemId)).toBe(true);
    expect(asks.asks[0]!.asks.length).toBeGreaterThan(3);
    expect(await market.changeCurrency(creds, 'RUB')).toMatchObject({
      ok: false,
      reason: 'currencyChangeRefused',
    });
  });

  it("takes a listing's new price after the spacing it was given (tests shorten TM's minute)", async () => {
    sandbox = new SandboxMarket(world, { priceChangeSpacingMs: 1_000 });
    market = createMarketPort({ mode: 'sandbox' }, { clock, sandboxMarket: sandbox });
    expect(market.priceChangeSpacingMs).toBe(1_000);
    await sessionOf('sandbox_bot_0101');
    const creds = credsOf('sandbox_bot_0101');
    const [item] = await cs2Items(creds, 1);
    const listed = await market.addToSale(creds, [{ assetId: item!.assetId, price: usd(5_000) }]);
    if (!listed.ok || !listed.outcomes[0]!.ok) throw new Error('listing failed');
    const itemId = listed.outcomes[0]!.itemId;
    now += 999;
    expect(await market.setPrices(creds, [{ itemId, price: usd(4_990) }])).toMatchObject({
      outcomes: [{ ok: false, reason: 'rateLimited' }],
    });
    now += 1;
    expect(await market.setPrices(creds, [{ itemId, price: usd(4_990) }])).toEqual({
      ok: true,
      outcomes: [{ ok: true }],
    });
  });
});

describe('sandbox market reversals', () => {
  it('takes the held money back, pays the seller the penalty and returns the item when a buyer reverses', async () => {
    const { creds, item, price, itemId, buyer } = await sellAndDeliver('sandbox_bot_0107');
    const before = await market.balance(creds);
    if (!before.ok) throw new Error(before.reason);
    expect(before.balance.onHold.amount).toBe(Math.floor((price.amount * 95) / 100));
    now += DAY;
    expect(sandbox.reverseSale(creds.apiKey, itemId, now)).toBe(true);
    expect(sandbox.reverseSale(creds.apiKey, itemId, now)).toBe(false);

    const penalty = Math.floor((price.amount * 20) / 100);
    expect(await market.balance(creds)).toMatchObject({
      ok: true,
      balance: {
        available: { amount: before.balance.available.amount + penalty },
        onHold: { amount: 0 },
      },
    });
    const history = await market.history(creds, new Date(now - 2 * DAY), new Date(now));
    if (!history.ok) throw new Error(history.reason);
    expect(history.entries.map((entry) => [entry.event, entry.stage, entry.received.amount])).toEqual([
      ['sell', 'cancelled', before.balance.onHold.amount],
      ['other', 'given', penalty],
    ]);
    const back = [
      ...world.trading.inventories.context(world.find('sandbox_bot_0107')!.steamId, 730, '16', now).values(),
    ].map((asset) => world.trading.inventories.toItem(asset, now).marketHashName);
    expect(back).toContain(item.marketHashName);
    const theirs = [...world.trading.inventories.context(buyer, 730, '16', now).values()];
    expect(theirs.map((asset) => world.trading.inventories.toItem(asset, now).marketHashName)).not.toContain(
      item.marketHashName,
    );
  });
});
