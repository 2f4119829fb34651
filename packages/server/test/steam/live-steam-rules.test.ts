/**
 * The live adapter held to what widely used clients show of Steam (the fake cites each behaviour): lost
 * confirmation replies settled from the offer's state, the ajaxop fallback, one confirmation request per account
 * per interval across areas, a dead session on one's own inventory, read errors with their code, Trade
 * Protection items never dropped, Steam's error texts, a marketplace's message kept whole, and inventory reads
 * paced per proxy. Everything goes through loopback proxies; the fake counts anything direct as a leak.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DbThrottleStore } from '../../src/modules/steam-accounts/throttle-repo.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { fakeAccount, type LiveWorld, startLiveWorld } from './helpers/live-world.ts';

const ALPHA = fakeAccount('alpha', 1);
const BRAVO = fakeAccount('bravo', 2);
const CHARLIE = fakeAccount('charlie', 3);
const give = (assetId: string) => [{ appId: 730, contextId: '2', assetId, amount: 1 }];

function useWorld(options: Parameters<typeof startLiveWorld>[1]) {
  const ref: { world: LiveWorld } = { world: null as unknown as LiveWorld };
  beforeAll(async () => {
    ref.world = await startLiveWorld([ALPHA, BRAVO, CHARLIE], options);
  });
  afterAll(async () => {
    await ref.world.close();
  });
  afterEach(() => {
    expect(ref.world.fake.leaks).toEqual([]);
  });
  return ref;
}

async function sendFrom(world: LiveWorld, assetId: string, message = 'thanks') {
  const alpha = world.sessionOf(ALPHA, world.viaHttp());
  const sent = await alpha.sendOffer({
    partnerSteamId: BRAVO.steamId,
    tradeToken: 'AbCdEf12',
    itemsToGive: give(assetId),
    itemsToReceive: [],
    reference: `ref-${assetId}`,
    message,
  });
  if (!sent.ok) throw new Error(`send: ${sent.reason}`);
  return { alpha, offerId: sent.offerId };
}

describe('live confirmations', () => {
  // Confirmations show 1.5 s after the send; Steam's 10 s between requests is shortened to 1 s (the port: 1.2 s).
  const w = useWorld({
    limits: { confirmationSpacingMs: 1000, confirmationDelayMs: 1500 },
    confirmationSpacingMs: 1200,
    inventorySpacingMs: 0,
  });

  it('settles a confirmation whose multiajaxop reply was lost from the offer, without answering it twice', async () => {
    const { alpha, offerId } = await sendFrom(w.world, '1000001');
    w.world.trading.lostConfirmReplies = 1;
    const lost = await alpha.confirmOffers([offerId]);
    expect(lost.ok).toBe(false);
    // Steam took the answer: the confirmation is gone and the offer is active.
    expect(w.world.trading.offers.get(offerId)!.state).toBe(2);
    const answersBefore = w.world.trading.answered.length;
    expect(await alpha.confirmOffers([offerId])).toEqual({ ok: true, answered: [offerId], missing: [] });
    expect(w.world.trading.answered.length).toBe(answersBefore);
    expect(w.world.trading.confirmationRefusals).toBe(0);
  });

  it('answers each confirmation with ajaxop when the batch call fails', async () => {
    const { alpha, offerId } = await sendFrom(w.world, '1000002');
    w.world.trading.failingMultiConfirms = 1;
    expect(await alpha.confirmOffers([offerId])).toEqual({ ok: true, answered: [offerId], missing: [] });
    expect(w.world.trading.answered.at(-1)).toMatchObject({
      op: 'allow',
      ids: [expect.any(String)],
      via: 'ajaxop',
    });
    expect(w.world.trading.offers.get(offerId)!.state).toBe(2);
    expect(w.world.trading.confirmationRefusals).toBe(0);
  });

  it('keeps one confirmation request per account per interval across two areas confirming at once', async () => {
    const first = await sendFrom(w.world, '1000003');
    const second = await sendFrom(w.world, '1000004');
    // The seller and the harvester (two ports over one shared store) confirm the same account's offers together.
    const other = w.world.sessionOf(ALPHA, w.world.viaSocks(), w.world.newPort());
    const callsBefore = w.world.trading.confirmationCalls.length;
    const [a, b] = await Promise.all([
      first.alpha.confirmOffers([first.offerId]),
      other.confirmOffers([second.offerId]),
    ]);
    expect(a).toMatchObject({ ok: true, answered: [first.offerId] });
    expect(b).toMatchObject({ ok: true, answered: [second.offerId] });
    expect(w.world.trading.confirmationCalls.length).toBeGreaterThan(callsBefore + 1);
    expect(w.world.trading.confirmationRefusals).toBe(0);
  });
});

describe('confirmation slots kept in the database', () => {
  let testDb: TestDatabase;
  let world: LiveWorld;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    world = await startLiveWorld([ALPHA, BRAVO], {
      limits: { confirmationSpacingMs: 1000, confirmationDelayMs: 0 },
      confirmationSpacingMs: 1200,
      inventorySpacingMs: 0,
      store: new DbThrottleStore(testDb.database.db),
    });
  });
  afterAll(async () => {
    await world.close();
    await testDb.drop();
  });

  it('keeps two processes confirming one account to one request per interval', async () => {
    const first = await sendFrom(world, '1100001');
    const second = await sendFrom(world, '1100002');
    // Two server processes: two ports, each with its own memory, sharing only the database.
    const other = world.sessionOf(ALPHA, world.viaSocks(), world.newPort());
    const [a, b] = await Promise.all([
      first.alpha.confirmOffers([first.offerId]),
      other.confirmOffers([second.offerId]),
    ]);
    expect(a).toMatchObject({ ok: true, answered: [first.offerId] });
    expect(b).toMatchObject({ ok: true, answered: [second.offerId] });
    expect(world.trading.confirmationRefusals).toBe(0);
    expect(world.fake.leaks).toEqual([]);
  });

  it('keeps the interval when reading Steam’s clock is slow', async () => {
    const first = await sendFrom(world, '1100003');
    const second = await sendFrom(world, '1100004');
    // Both processes read Steam's clock for the first time (fresh ports), and the answer takes half the interval.
    world.fake.queryTimeDelayMs = 600;
    try {
      const one = world.sessionOf(ALPHA, world.viaHttp(), world.newPort());
      const two = world.sessionOf(ALPHA, world.viaSocks(), world.newPort());
      const [a, b] = await Promise.all([
        one.confirmOffers([first.offerId]),
        two.confirmOffers([second.offerId]),
      ]);
      expect(a).toMatchObject({ ok: true, answered: [first.offerId] });
      expect(b).toMatchObject({ ok: true, answered: [second.offerId] });
      expect(world.trading.confirmationRefusals).toBe(0);
    } finally {
      world.fake.queryTimeDelayMs = 0;
    }
  });
});

describe('web sessions over a shared refresh token', () => {
  const w = useWorld({ inventorySpacingMs: 0, confirmationSpacingMs: 0 });

  it('refreshes with the token another process rotated while this one held the old one', async () => {
    // Every renewal asked is granted: each refresh rotates the token, and the old one dies (fake-steam-auth.ts).
    w.world.fake.renewalWindowS = 1000 * 86400;
    const stored = {
      token: w.world.fake.issueRefreshToken(ALPHA.steamId, Math.floor(Date.now() / 1000) + 100 * 86400),
    };
    // Two processes: two ports, each holding the stored token in memory.
    const open = (port = w.world.port) =>
      port.tradeSession({
        steamId: ALPHA.steamId,
        refreshToken: stored.token,
        proxy: w.world.viaHttp(),
        onChange: (state) => {
          stored.token = state.refreshToken;
        },
        storedRefreshToken: async () => stored.token,
      });
    try {
      const one = open();
      const two = open(w.world.newPort());
      expect((await one.webSession()).ok).toBe(true);
      expect(await two.webSession()).toMatchObject({ ok: true });
      expect(w.world.fake.refreshTokenAlive(stored.token)).toBe(true);
    } finally {
      w.world.fake.renewalWindowS = 7 * 86400;
    }
  });
});

describe('live inventories', () => {
  const w = useWorld({ inventorySpacingMs: 0, confirmationSpacingMs: 0 });

  it('reads its own inventory again after a refresh when Steam answers a dead session with 403 null', async () => {
    w.world.trading.inventories.set(`${ALPHA.steamId}/730/2`, [
      { assetid: '11', classid: '1', name: 'AK-47' },
    ]);
    w.world.trading.inventories.set(`${ALPHA.steamId}/730/16`, [
      { assetid: '12', classid: '2', name: 'AWP', tradable: false },
    ]);
    const alpha = w.world.sessionOf(ALPHA, w.world.viaHttp());
    await alpha.webSession();
    w.world.fake.expireAccessTokens();
    const scanned = await alpha.inventory('cs2');
    expect(scanned.ok && scanned.inventory.items.map((item) => item.assetId)).toEqual(['11', '12']);
  });

  it('still reads a partner’s private inventory as private', async () => {
    w.world.trading.privateInventories.add(CHARLIE.steamId);
    const alpha = w.world.sessionOf(ALPHA, w.world.viaHttp());
    expect(await alpha.inventory('tf2', { ownerSteamId: CHARLIE.steamId })).toMatchObject({
      ok: false,
      reason: 'inventoryPrivate',
    });
  });

  it('reads an error text with its code', async () => {
    w.world.trading.script.push({
      match: `GET /inventory/${BRAVO.steamId}/440/2`,
      status: 200,
      body: { success: false, error: 'There was a problem loading this inventory. (84)' },
    });
    const bravo = w.world.sessionOf(BRAVO, w.world.viaSocks());
    expect(await bravo.inventory('tf2')).toMatchObject({ ok: false, reason: 'rateLimited', eresult: 84 });
  });

  it('fails the scan rather than leave out Trade Protection items it could not read', async () => {
    w.world.trading.inventories.set(`${CHARLIE.steamId}/730/2`, [
      { assetid: '21', classid: '1', name: 'M4' },
    ]);
    w.world.trading.script.push({
      match: `GET /inventory/${CHARLIE.steamId}/730/16`,
      status: 200,
      body: { success: false, error: 'Access is denied. (15)' },
    });
    const charlie = w.world.sessionOf(CHARLIE, w.world.viaHttp());
    expect(await charlie.inventory('cs2')).toMatchObject({ ok: false, reason: 'accessDenied' });
  });
});

describe('Steam error texts and messages', () => {
  const w = useWorld({ inventorySpacingMs: 0, confirmationSpacingMs: 0, limits: { offersPageSize: 2 } });

  it.each([
    ['You cannot trade with Bravo because they have a trade ban.', 'targetCannotTrade', undefined],
    [
      'You have sent too many trade offers, or have too many outstanding trade offers with Bravo.',
      'offerLimitExceeded',
      25,
    ],
    ["We were unable to contact the game's item server. Please try again later.", 'serviceUnavailable', 20],
  ])('reads a send refused with "%s" as %s', async (text, reason, eresult) => {
    w.world.trading.sendRefusals.set(BRAVO.steamId, text);
    try {
      await expect(sendFrom(w.world, '2000001')).rejects.toThrow(`send: ${reason}`);
      const alpha = w.world.sessionOf(ALPHA, w.world.viaHttp());
      const refused = await alpha.sendOffer({
        partnerSteamId: BRAVO.steamId,
        tradeToken: 't',
        itemsToGive: give('2000002'),
        itemsToReceive: [],
        reference: 'refused',
      });
      expect(refused).toMatchObject({ ok: false, reason, ...(eresult ? { eresult } : {}) });
    } finally {
      w.world.trading.sendRefusals.delete(BRAVO.steamId);
    }
  });

  it('renews the session when an accept is answered 403 and accepts', async () => {
    const alpha = w.world.sessionOf(ALPHA, w.world.viaHttp());
    const asked = await alpha.sendOffer({
      partnerSteamId: BRAVO.steamId,
      tradeToken: 't',
      itemsToGive: [],
      itemsToReceive: give('3000001'),
      reference: 'ask-accept',
    });
    if (!asked.ok) throw new Error(asked.reason);
    w.world.trading.script.push({ match: `POST /tradeoffer/${asked.offerId}/accept`, status: 403 });
    const bravo = w.world.sessionOf(BRAVO, w.world.viaSocks());
    expect(await bravo.acceptOffer(asked.offerId)).toMatchObject({ ok: true, offerId: asked.offerId });
    expect(w.world.trading.offers.get(asked.offerId)!.state).toBe(3);
  });

  it('sends a marketplace message whole and finds the offer again by partner and items, across offer pages', async () => {
    const tmMessage = `Market order 12345678: ${'x'.repeat(90)}`;
    const { alpha, offerId } = await sendFrom(w.world, '4000001', tmMessage);
    expect(w.world.trading.offers.get(offerId)!.message).toBe(tmMessage);
    // More sent offers than one GetTradeOffers page holds.
    for (const asset of ['4000002', '4000003', '4000004']) await sendFrom(w.world, asset);
    const since = new Date(Date.now() - 60_000);
    const found = await alpha.findSentOffer('ref-4000001', since, {
      partnerSteamId: BRAVO.steamId,
      itemsToGive: give('4000001'),
      itemsToReceive: [],
    });
    expect(found).toMatchObject({ ok: true, offer: { id: offerId, message: tmMessage } });
    const listed = await alpha.listOffers({ sent: true, received: false, since });
    expect(listed.ok && listed.offers.length).toBeGreaterThanOrEqual(4);
  });
});

describe('inventory reads paced per proxy', () => {
  // Steam's ~60 a minute per IP scaled down to 3 every 2 s; the port spaces reads through one proxy 0.8 s. Four
  // reads then span 2.4 s: a read that reaches the fake up to 400 ms late (a loaded machine) still finds the
  // window with room, while reads unpaced would be refused at once.
  const w = useWorld({
    limits: { inventoryBudget: 3, inventoryWindowMs: 2000 },
    inventorySpacingMs: 800,
    confirmationSpacingMs: 0,
  });

  it('keeps two accounts on one proxy within the egress budget', async () => {
    const alpha = w.world.sessionOf(ALPHA, w.world.viaHttp());
    const bravo = w.world.sessionOf(BRAVO, w.world.viaHttp());
    const results = await Promise.all([
      alpha.inventory('tf2'),
      bravo.inventory('tf2'),
      alpha.inventory('rust'),
      bravo.inventory('rust'),
      alpha.inventory('dota2'),
      bravo.inventory('dota2'),
    ]);
    expect(results.map((result) => result.ok)).toEqual([true, true, true, true, true, true]);
    expect(w.world.trading.inventoryReads).toHaveLength(6);
    expect(w.world.trading.inventoryRefusals).toBe(0);
  });
});
