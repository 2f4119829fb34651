/**
 * Live trading against a fake Steam Community and Web API on loopback, reached only through real loopback HTTP
 * CONNECT and SOCKS5 proxies (the fake counts anything arriving directly as a leak): inventory paging, offers,
 * confirmations matched by creator id, session expiry and refresh, and Steam's errors as reasons.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSteamPort, type SteamPort, type SteamProxy } from '../../src/integrations/steam/index.ts';
import type { SteamTradeSession } from '../../src/integrations/steam/trading-port.ts';
import { type FakeAccount, type FakeSteam, startFakeSteam } from './helpers/fake-steam.ts';
import { createFakeTrading, type FakeItem } from './helpers/fake-steam-trading.ts';
import { fakeAccount, secretOf } from './helpers/live-world.ts';
import { type LoopbackProxy, startConnectProxy, startSocks5Proxy } from './helpers/loopback-proxies.ts';

const secret = secretOf;
const account = fakeAccount;
const ALPHA = account('alpha', 1);
const BRAVO = account('bravo', 2);
const CHARLIE = account('charlie', 3);
const CREDENTIALS = { username: 'trader', password: 'p4ss' };

let fake: FakeSteam;
// Confirmations show 1.5 s after the send and may be asked about once a second (shortened from Steam's 10 s).
const trading = createFakeTrading(() => fake, { confirmationSpacingMs: 1000, confirmationDelayMs: 1500 });
let httpProxy: LoopbackProxy;
let socksProxy: LoopbackProxy;
let port: SteamPort;

const viaHttp = (): SteamProxy => ({
  protocol: 'http',
  host: '127.0.0.1',
  port: httpProxy.port,
  ...CREDENTIALS,
});
const viaSocks = (): SteamProxy => ({
  protocol: 'socks5',
  host: '127.0.0.1',
  port: socksProxy.port,
  ...CREDENTIALS,
});

function sessionOf(who: FakeAccount, proxy: SteamProxy): SteamTradeSession {
  return port.tradeSession({
    steamId: who.steamId,
    refreshToken: fake.issueRefreshToken(who.steamId, Math.floor(Date.now() / 1000) + 100 * 86400),
    proxy,
    identitySecret: trading.identitySecrets.get(who.steamId)!,
  });
}

const items = (prefix: number, count: number): FakeItem[] =>
  Array.from({ length: count }, (_, i) => ({
    assetid: String(prefix + i),
    classid: String(310000 + (i % 50)),
    name: `AK-47 | Slate (Field-Tested) #${i}`,
    extra: {
      tags: [
        { category: 'Rarity', localized_tag_name: 'Restricted' },
        { category: 'Exterior', localized_tag_name: 'Field-Tested' },
      ],
    },
  }));

beforeAll(async () => {
  fake = await startFakeSteam([ALPHA, BRAVO, CHARLIE], 0, undefined, trading.route);
  httpProxy = await startConnectProxy(CREDENTIALS);
  socksProxy = await startSocks5Proxy(CREDENTIALS);
  for (const who of [ALPHA, BRAVO, CHARLIE])
    trading.identitySecrets.set(who.steamId, secret(`${who.login}:identity`));
  port = createSteamPort(
    { mode: 'live' },
    {
      loginSpacingMs: 0,
      confirmationSpacingMs: 1200,
      inventorySpacingMs: 0,
      live: {
        apiBase: `http://api.steam.test:${fake.port}`,
        communityBase: `http://community.steam.test:${fake.port}`,
        requestTimeoutMs: 5000,
        loginTimeoutMs: 5000,
      },
    },
  );
});

afterAll(async () => {
  await port.close();
  await Promise.all([fake.close(), httpProxy.close(), socksProxy.close()]);
});

afterEach(() => {
  expect(fake.leaks).toEqual([]);
});

describe('live inventories through a proxy', () => {
  it('pages as Steam pages them and reads the Trade Protection context of our own CS2', async () => {
    trading.inventories.set(`${ALPHA.steamId}/730/2`, [
      ...items(1_000_000, 2499),
      {
        assetid: '2000000',
        classid: '999',
        name: 'Clutch Case',
        tradable: false,
        extra: { cache_expiration: '2026-08-01T07:00:00Z' },
      },
    ]);
    trading.inventories.set(`${ALPHA.steamId}/730/16`, [
      {
        assetid: '3000000',
        classid: '998',
        name: 'AWP | Atheris (Minimal Wear)',
        tradable: false,
        extra: { owner_descriptions: [{ value: 'Trade Protected until Aug 3, 2026 (7:00:00) GMT' }] },
      },
    ]);
    const alpha = sessionOf(ALPHA, viaSocks());
    const before = trading.pageRequests.length;
    const scanned = await alpha.inventory('cs2', { pageSize: 5000 });
    expect(scanned.ok).toBe(true);
    if (!scanned.ok) return;
    // Asked at most 2000 a page (more gets proxies banned), following last_assetid.
    expect(trading.pageRequests.slice(before)).toEqual([
      { count: 2000, start: null },
      { count: 2000, start: '1001999' },
      { count: 2000, start: null },
    ]);
    expect(scanned.inventory.items).toHaveLength(2501);
    expect(scanned.inventory.state).toBe('listed');
    const locked = scanned.inventory.items.find((item) => item.assetId === '2000000')!;
    expect(locked).toMatchObject({
      tradable: false,
      tradableAfter: '2026-08-01T07:00:00.000Z',
      protectedUntil: null,
    });
    const protectedItem = scanned.inventory.items.find((item) => item.assetId === '3000000')!;
    expect(protectedItem).toMatchObject({
      contextId: '16',
      tradable: false,
      protectedUntil: '2026-08-03T07:00:00.000Z',
    });
    expect(scanned.inventory.items[0]).toMatchObject({
      exterior: 'Field-Tested',
      rarity: 'Restricted',
      game: 'cs2',
    });
    expect(socksProxy.tunnels).toContain(`community.steam.test:${fake.port}`);
  });

  it('tells a private inventory from an empty one', async () => {
    trading.privateInventories.add(CHARLIE.steamId);
    const alpha = sessionOf(ALPHA, viaHttp());
    expect(await alpha.inventory('cs2', { ownerSteamId: CHARLIE.steamId })).toMatchObject({
      ok: false,
      reason: 'inventoryPrivate',
    });
    expect(await alpha.inventory('rust')).toMatchObject({
      ok: true,
      inventory: { state: 'empty', items: [] },
    });
  });
});

describe('live trade offers and confirmations', () => {
  it('sends, confirms only our own offer, and the partner accepts; a sent offer can be cancelled', async () => {
    trading.escrowDays.set(BRAVO.steamId, 0);
    const alpha = sessionOf(ALPHA, viaHttp());
    const bravo = sessionOf(BRAVO, viaSocks());
    const give = [{ appId: 730, contextId: '2', assetId: '1000001', amount: 1 }];
    const sent = await alpha.sendOffer({
      partnerSteamId: BRAVO.steamId,
      tradeToken: 'AbCdEf12',
      itemsToGive: give,
      itemsToReceive: [],
      reference: 'lot-42',
      message: 'thanks',
    });
    expect(sent).toMatchObject({ ok: true, state: 9, needsConfirmation: true, hold: { myEscrowDays: 0 } });
    if (!sent.ok) return;
    expect(trading.acknowledged.has(ALPHA.steamId)).toBe(true);
    expect(trading.offers.get(sent.offerId)).toMatchObject({
      message: 'thanks [td:lot-42]',
      give: [{ assetid: '1000001' }],
    });

    // A confirmation of someone else's offer and a market listing sit in the same list.
    trading.addForeignConfirmation(ALPHA.steamId, '123456789', 2);
    trading.addForeignConfirmation(ALPHA.steamId, sent.offerId, 3);
    const answeredBefore = trading.answered.length;
    expect(await alpha.confirmOffers([sent.offerId])).toEqual({
      ok: true,
      answered: [sent.offerId],
      missing: [],
    });
    const answered = trading.answered.slice(answeredBefore);
    expect(answered).toHaveLength(1);
    expect(answered[0]!.op).toBe('allow');
    const left = trading.confirmations.get(ALPHA.steamId)!;
    expect(left.map((item) => [item.type, item.creator_id])).toEqual([
      [2, '123456789'],
      [3, sent.offerId],
    ]);

    const received = await bravo.listOffers({
      sent: false,
      received: true,
      since: new Date(Date.now() - 60_000),
    });
    expect(received.ok && received.offers.map((offer) => offer.id)).toContain(sent.offerId);
    const accepted = await bravo.acceptOffer(sent.offerId);
    expect(accepted).toMatchObject({ ok: true, offerId: sent.offerId, needsConfirmation: false });
    expect(await alpha.getOffer(sent.offerId)).toMatchObject({
      ok: true,
      offer: { state: 3, isOurOffer: true, partnerSteamId: BRAVO.steamId, itemsToGive: give },
    });
    expect(await alpha.findSentOffer('lot-42', new Date(Date.now() - 60_000))).toMatchObject({
      offer: { id: sent.offerId },
    });

    const second = await alpha.sendOffer({
      partnerSteamId: BRAVO.steamId,
      tradeToken: 'AbCdEf12',
      itemsToGive: [],
      itemsToReceive: [{ appId: 730, contextId: '2', assetId: '555', amount: 1 }],
      reference: 'ask-1',
    });
    if (!second.ok) throw new Error(second.reason);
    expect(second.state).toBe(2);
    expect(await alpha.cancelOffer(second.offerId)).toEqual({ ok: true, offerId: second.offerId });
    expect(await alpha.getOffer(second.offerId)).toMatchObject({ offer: { state: 6 } });
    expect(await bravo.acceptOffer(second.offerId)).toMatchObject({ ok: false, reason: 'offerNotActive' });
  });

  it('refuses to send into escrow unless asked, from the hold durations read first', async () => {
    trading.escrowDays.set(CHARLIE.steamId, 15);
    const alpha = sessionOf(ALPHA, viaHttp());
    const sends = trading.offers.size;
    expect(
      await alpha.sendOffer({
        partnerSteamId: CHARLIE.steamId,
        tradeToken: 'x',
        itemsToGive: [{ appId: 730, contextId: '2', assetId: '1000002', amount: 1 }],
        itemsToReceive: [],
        reference: 'escrow',
      }),
    ).toMatchObject({ ok: false, reason: 'escrowHold' });
    expect(trading.offers.size).toBe(sends);
  });
});

describe('live web sessions', () => {
  it('derives a new access token before exp, once more after Steam ends it, and reports revocation', async () => {
    const refreshes = () => fake.requests.filter((item) => item.includes('GenerateAccessTokenForApp')).length;
    fake.accessTokenLifetimeS = 120; // shorter than the refresh margin: every call must refresh first
    const alpha = sessionOf(ALPHA, viaHttp());
    const start = refreshes();
    await alpha.inventory('tf2');
    await alpha.inventory('tf2');
    expect(refreshes() - start).toBe(2);
    fake.accessTokenLifetimeS = 86400;

    await alpha.webSession({ force: true });
    const tokenBefore = alpha.state().accessToken;
    fake.expireAccessTokens();
    const seen = trading.tokensSeen.length;
    expect(await alpha.inventory('tf2')).toMatchObject({ ok: true });
    const used = trading.tokensSeen.slice(seen);
    expect(used[0]).toBe(tokenBefore); // refused: 403 `null` on its own inventory
    expect(used.at(-1)).toBe(alpha.state().accessToken);
    expect(alpha.state().accessToken).not.toBe(tokenBefore);

    fake.revokeSessions(ALPHA.steamId);
    expect(await alpha.inventory('tf2')).toMatchObject({
      ok: false,
      reason: 'sessionRevoked',
      retry: 'signIn',
    });
  });
});

describe('Steam errors as reasons', () => {
  it('rests the proxy after a 429 and answers from the rest without asking Steam', async () => {
    const own = await startSocks5Proxy(CREDENTIALS);
    const proxy: SteamProxy = { protocol: 'socks5', host: '127.0.0.1', port: own.port, ...CREDENTIALS };
    const bravo = sessionOf(BRAVO, proxy);
    trading.script.push({
      match: `GET /inventory/${BRAVO.steamId}/570/2`,
      status: 429,
      headers: { 'retry-after': '90' },
    });
    const first = await bravo.inventory('dota2');
    expect(first).toMatchObject({
      ok: false,
      reason: 'rateLimited',
      retry: 'coolDownProxy',
      httpStatus: 429,
    });
    if (first.ok) return;
    expect(first.retryAfter!.getTime() - Date.now()).toBeGreaterThan(60_000);
    const before = fake.requests.length;
    expect(await bravo.inventory('dota2')).toMatchObject({
      ok: false,
      reason: 'rateLimited',
      answeredFromRest: true,
    });
    expect(fake.requests.length).toBe(before);
    await own.close();
  });

  it.each([
    [
      { strError: 'There was an error sending your trade offer. Please try again later. (26)' },
      500,
      'itemsUnavailable',
      26,
    ],
    [{ strError: 'There was an error sending your trade offer. (50)' }, 500, 'tooManyOffersToPartner', 50],
    [{ strError: 'There was an error sending your trade offer. (15)' }, 500, 'accessDenied', 15],
    [{ strError: 'You have a trade ban and cannot trade. (17)' }, 500, 'tradeBan', undefined],
    [
      { strError: 'Trade items are unavailable: the item server is down. (20)' },
      500,
      'serviceUnavailable',
      20,
    ],
    [undefined, 502, 'serviceUnavailable', undefined],
  ])('maps a send answered %j (HTTP %i) to %s', async (body, status, reason, eresult) => {
    const alpha = sessionOf(ALPHA, viaSocks());
    trading.script.push({ match: 'POST /tradeoffer/new/send', status, ...(body ? { body } : {}) });
    const result = await alpha.sendOffer({
      partnerSteamId: BRAVO.steamId,
      tradeToken: 't',
      itemsToGive: [{ appId: 730, contextId: '2', assetId: '1000003', amount: 1 }],
      itemsToReceive: [],
      reference: 'err',
    });
    expect(result).toMatchObject({ ok: false, reason, ...(eresult ? { eresult } : {}) });
  });

  it('maps an x-eresult on the Web API to its reason', async () => {
    const alpha = sessionOf(ALPHA, viaHttp());
    trading.script.push({
      match: 'GET /IEconService/GetTradeOffer/v1/',
      status: 200,
      headers: { 'x-eresult': '42' },
      body: {},
    });
    expect(await alpha.getOffer('1')).toMatchObject({ ok: false, reason: 'offerNotFound', eresult: 42 });
  });
});

describe('the own trade URL token', () => {
  it('reads the token from the own privacy page through the proxy; a page without a trade URL is a failure', async () => {
    trading.tradeTokens.set(ALPHA.steamId, 'Xy7_k-Q2');
    trading.tradeTokens.set(BRAVO.steamId, 'bRaVo999');
    expect(await sessionOf(ALPHA, viaSocks()).ownTradeToken()).toEqual({ ok: true, token: 'Xy7_k-Q2' });
    expect(await sessionOf(BRAVO, viaHttp()).ownTradeToken()).toEqual({ ok: true, token: 'bRaVo999' });

    trading.tradeTokens.delete(CHARLIE.steamId);
    expect(await sessionOf(CHARLIE, viaHttp()).ownTradeToken()).toMatchObject({
      ok: false,
      reason: 'unknownError',
    });
  });

  it('answers Steam being down as a failure, not a token', async () => {
    trading.tradeTokens.set(ALPHA.steamId, 'Xy7_k-Q2');
    trading.script.push({
      match: `GET /profiles/${ALPHA.steamId}/tradeoffers/privacy`,
      status: 503,
      body: {},
    });
    const answer = await sessionOf(ALPHA, viaHttp()).ownTradeToken();
    expect(answer.ok).toBe(false);
  });
});
