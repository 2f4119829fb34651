/**
 * Sandbox trading through the whole port (guard, trade session, sandbox adapter): inventories, an offer that
 * moves exactly its items, confirmations of our own offers only, and each trading failure account.
 */
import { TRADE_GAMES, type TradeAsset } from '@tradedeck/sdk/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Clock,
  createSteamPort,
  SandboxWorld,
  type SteamPort,
  type SteamProxy,
  TradeStatus,
} from '../../src/integrations/steam/index.ts';
import type { SteamTradeSession, TradeSessionState } from '../../src/integrations/steam/trading-port.ts';
import { sandboxTradeSession } from './sandbox-sign-in.ts';

const DAY = 24 * 60 * 60_000;
let now = Date.UTC(2026, 0, 10, 12);
const clock: Clock = {
  now: () => now,
  sleep: async (ms) => {
    now += ms;
  },
};
let world: SandboxWorld;
let port: SteamPort;
let proxyPort = 40000;

const nextProxy = (): SteamProxy => ({
  protocol: 'http',
  host: '127.0.0.1',
  port: ++proxyPort,
  username: null,
  password: null,
});

async function sessionOf(
  login: string,
  onChange?: (state: TradeSessionState) => void,
): Promise<SteamTradeSession> {
  return sandboxTradeSession(port, world, login, nextProxy(), onChange);
}

const asset = (item: { appId: number; contextId: string; assetId: string }): TradeAsset => ({
  appId: item.appId,
  contextId: item.contextId,
  assetId: item.assetId,
  amount: 1,
});

async function tradableCs2(session: SteamTradeSession, count: number): Promise<TradeAsset[]> {
  const scanned = await session.inventory('cs2', { tradableOnly: true });
  if (!scanned.ok) throw new Error(scanned.reason);
  return scanned.inventory.items.slice(0, count).map(asset);
}

function tokenOf(login: string): string {
  return world.trading.tradeToken(world.find(login)!.steamId)!;
}

beforeEach(() => {
  world = new SandboxWorld();
  port = createSteamPort({ mode: 'sandbox' }, { sandboxWorld: world, clock });
});

describe('sandbox inventories', () => {
  it('are deterministic per account, paged as Steam pages them, with priced items', async () => {
    const alpha = await sessionOf('sandbox_bot_0001');
    const whole = await alpha.inventory('cs2', { pageSize: 1000 });
    const paged = await alpha.inventory('cs2', { pageSize: 7 });
    expect(whole.ok && paged.ok).toBe(true);
    if (!whole.ok || !paged.ok) return;
    expect(paged.inventory.items).toEqual(whole.inventory.items);
    expect(paged.inventory.pages).toBeGreaterThan(whole.inventory.pages);
    expect(whole.inventory.items.length).toBe(whole.inventory.totalCount);

    const again = createSteamPort({ mode: 'sandbox' }, { sandboxWorld: new SandboxWorld(), clock });
    port = again;
    const sameLogin = await sessionOf('sandbox_bot_0001');
    const other = await sameLogin.inventory('cs2');
    expect(other.ok && other.inventory.items.map((item) => item.assetId)).toEqual(
      whole.inventory.items.map((item) => item.assetId),
    );
    for (const item of whole.inventory.items) {
      expect(item.appId).toBe(730);
      expect(Number.isInteger(item.referencePrice?.amount)).toBe(true);
      expect(item.rarity).toBeTruthy();
      if (!item.tradable) expect(Date.parse(item.tradableAfter!)).toBeGreaterThan(now);
    }
    expect(whole.inventory.items.some((item) => item.exterior !== null)).toBe(true);
  });

  it('reads every game from its own app and context', async () => {
    const alpha = await sessionOf('sandbox_bot_0002');
    for (const game of ['dota2', 'tf2', 'rust', 'community'] as const) {
      const scanned = await alpha.inventory(game);
      expect(scanned.ok).toBe(true);
      if (!scanned.ok) continue;
      for (const item of scanned.inventory.items) {
        expect([item.appId, item.contextId]).toEqual([TRADE_GAMES[game].appId, TRADE_GAMES[game].contextId]);
      }
    }
  });

  it('reports an empty inventory as empty and a private one as private', async () => {
    world = new SandboxWorld(undefined, { inventorySizes: { tf2: 0 } });
    port = createSteamPort({ mode: 'sandbox' }, { sandboxWorld: world, clock });
    const alpha = await sessionOf('sandbox_bot_0003');
    expect(await alpha.inventory('tf2')).toMatchObject({
      ok: true,
      inventory: { state: 'empty', items: [] },
    });
    const hidden = world.find('sandbox_private_inventory')!.steamId;
    expect(await alpha.inventory('cs2', { ownerSteamId: hidden })).toMatchObject({
      ok: false,
      reason: 'inventoryPrivate',
      retry: 'never',
    });
  });
});

describe('sandbox trade offers', () => {
  it('moves exactly the items of an accepted offer, under new asset ids, into Trade Protection', async () => {
    const alpha = await sessionOf('sandbox_bot_0011');
    const bravo = await sessionOf('sandbox_bot_0012');
    const give = await tradableCs2(alpha, 2);
    const receive = (await tradableCs2(bravo, 1)).slice(0, 1);
    const before = { alpha: await alpha.inventory('cs2'), bravo: await bravo.inventory('cs2') };

    const sent = await alpha.sendOffer(
      {
        partnerSteamId: bravo.steamId,
        tradeToken: tokenOf('sandbox_bot_0012'),
        itemsToGive: give,
        itemsToReceive: receive,
        reference: 'ref-1',
        message: 'hello',
      },
      { runId: 'run-1' },
    );
    expect(sent).toMatchObject({ ok: true, state: 9, needsConfirmation: true, hold: { theirEscrowDays: 0 } });
    if (!sent.ok) return;
    expect(await alpha.confirmOffers([sent.offerId])).toEqual({
      ok: true,
      answered: [sent.offerId],
      missing: [],
    });
    const accepted = await bravo.acceptOffer(sent.offerId);
    expect(accepted).toMatchObject({ ok: true, needsConfirmation: true });
    expect(await bravo.confirmOffers([sent.offerId])).toMatchObject({ ok: true, answered: [sent.offerId] });

    const offer = await alpha.getOffer(sent.offerId);
    expect(offer).toMatchObject({
      ok: true,
      offer: { state: 3, isOurOffer: true, message: 'hello [td:ref-1]' },
    });
    const after = { alpha: await alpha.inventory('cs2'), bravo: await bravo.inventory('cs2') };
    if (!before.alpha.ok || !before.bravo.ok || !after.alpha.ok || !after.bravo.ok) throw new Error('scan');
    const ids = (items: { assetId: string }[]) => new Set(items.map((item) => item.assetId));
    const alphaBefore = ids(before.alpha.inventory.items);
    const alphaAfter = ids(after.alpha.inventory.items);
    const gone = [...alphaBefore].filter((id) => !alphaAfter.has(id));
    expect(gone.sort()).toEqual(give.map((item) => item.assetId).sort());
    const arrived = after.alpha.inventory.items.filter((item) => !alphaBefore.has(item.assetId));
    expect(arrived).toHaveLength(1);
    expect(arrived[0]).toMatchObject({ contextId: '16', tradable: false });
    expect(arrived[0]!.assetId).not.toBe(receive[0]!.assetId);
    expect(after.bravo.inventory.items.length).toBe(before.bravo.inventory.items.length + 1);
    expect(ids(after.bravo.inventory.items).has(receive[0]!.assetId)).toBe(false);

    // When protection ends the item comes back to context 2 under yet another asset id, tradable.
    now += 8 * DAY;
    const later = await alpha.inventory('cs2');
    if (!later.ok) throw new Error(later.reason);
    const released = later.inventory.items.filter((item) => !alphaBefore.has(item.assetId));
    expect(released).toHaveLength(1);
    expect(released[0]).toMatchObject({ contextId: '2', tradable: true, protectedUntil: null });
    expect(released[0]!.assetId).not.toBe(arrived[0]!.assetId);
  });

  it('answers only the confirmations of the given offers and leaves the others alone', async () => {
    const alpha = await sessionOf('sandbox_bot_0021');
    const bravo = await sessionOf('sandbox_bot_0022');
    const items = await tradableCs2(alpha, 2);
    const send = (item: TradeAsset, reference: string) =>
      alpha.sendOffer({
        partnerSteamId: bravo.steamId,
        tradeToken: tokenOf('sandbox_bot_0022'),
        itemsToGive: [item],
        itemsToReceive: [],
        reference,
      });
    const first = await send(items[0]!, 'first');
    const second = await send(items[1]!, 'second');
    if (!first.ok || !second.ok) throw new Error('send');
    expect(await alpha.confirmOffers([first.offerId])).toMatchObject({ answered: [first.offerId] });
    const listed = await alpha.listConfirmations();
    expect(listed.ok && listed.confirmations.map((item) => item.creatorId)).toEqual([second.offerId]);
    expect(await alpha.getOffer(second.offerId)).toMatchObject({ offer: { state: 9 } });
    expect(await alpha.findSentOffer('second', new Date(now - 60_000))).toMatchObject({
      ok: true,
      offer: { id: second.offerId },
    });
    expect(await alpha.cancelOffer(second.offerId)).toMatchObject({ ok: true });
    expect(await alpha.getOffer(second.offerId)).toMatchObject({ offer: { state: 6 } });
    expect(await bravo.declineOffer(first.offerId)).toMatchObject({ ok: true });
    const received = await bravo.listOffers({ sent: false, received: true, since: new Date(now - 60_000) });
    expect(received.ok && received.offers.map((offer) => [offer.id, offer.state])).toEqual([
      [first.offerId, 7],
    ]);
  });

  it('enforces Steam limits before calling: 255 items, 5 offers a partner a run, self, expiry', async () => {
    const alpha = await sessionOf('sandbox_bot_0031');
    const bravo = await sessionOf('sandbox_bot_0032');
    const token = tokenOf('sandbox_bot_0032');
    const many = Array.from({ length: 256 }, (_, i) => ({
      appId: 730,
      contextId: '2',
      assetId: String(i + 1),
      amount: 1,
    }));
    const base = { partnerSteamId: bravo.steamId, tradeToken: token, itemsToReceive: [], reference: 'lim' };
    expect(await alpha.sendOffer({ ...base, itemsToGive: many })).toMatchObject({
      ok: false,
      reason: 'tooManyItems',
    });
    expect(await alpha.sendOffer({ ...base, itemsToGive: [] })).toMatchObject({
      ok: false,
      reason: 'emptyOffer',
    });
    expect(
      await alpha.sendOffer({ ...base, partnerSteamId: alpha.steamId, itemsToGive: many.slice(0, 1) }),
    ).toMatchObject({
      ok: false,
      reason: 'offerToSelf',
    });
    const items = await tradableCs2(alpha, 6);
    for (const item of items.slice(0, 5)) {
      expect(await alpha.sendOffer({ ...base, itemsToGive: [item] }, { runId: 'r' })).toMatchObject({
        ok: true,
      });
    }
    expect(await alpha.sendOffer({ ...base, itemsToGive: [items[5]!] }, { runId: 'r' })).toMatchObject({
      ok: false,
      reason: 'tooManyOffersToPartner',
    });
    // Steam itself refuses a sixth pending offer to the same partner, whatever the run.
    expect(await alpha.sendOffer({ ...base, itemsToGive: [items[5]!] })).toMatchObject({
      ok: false,
      reason: 'tooManyOffersToPartner',
      eresult: 50,
    });
    const ask = await bravo.sendOffer({
      partnerSteamId: alpha.steamId,
      tradeToken: tokenOf('sandbox_bot_0031'),
      itemsToGive: [],
      itemsToReceive: [items[5]!],
      reference: 'ask',
    });
    if (!ask.ok) throw new Error(ask.reason);
    now += 15 * DAY;
    expect(await alpha.acceptOffer(ask.offerId)).toMatchObject({ ok: false, reason: 'offerExpired' });
  });
});

describe('sandbox trading failure accounts', () => {
  it('sandbox_trade_ban cannot trade and cannot be traded with', async () => {
    const banned = await sessionOf('sandbox_trade_ban');
    const alpha = await sessionOf('sandbox_bot_0041');
    const items = await tradableCs2(banned, 1);
    expect(
      await banned.sendOffer({
        partnerSteamId: alpha.steamId,
        tradeToken: tokenOf('sandbox_bot_0041'),
        itemsToGive: items,
        itemsToReceive: [],
        reference: 'ban',
      }),
    ).toMatchObject({ ok: false, reason: 'tradeBan', retry: 'never' });
    expect(await alpha.tradeHold(banned.steamId, tokenOf('sandbox_trade_ban'))).toMatchObject({
      ok: false,
      reason: 'targetCannotTrade',
    });
  });

  it('sandbox_escrow_hold is refused without consent and held 15 days with it', async () => {
    const alpha = await sessionOf('sandbox_bot_0051');
    const held = await sessionOf('sandbox_escrow_hold');
    const items = await tradableCs2(alpha, 1);
    const input = {
      partnerSteamId: held.steamId,
      tradeToken: tokenOf('sandbox_escrow_hold'),
      itemsToGive: items,
      itemsToReceive: [],
      reference: 'escrow',
    };
    expect(await alpha.sendOffer(input)).toMatchObject({ ok: false, reason: 'escrowHold' });
    const sent = await alpha.sendOffer(input, { allowEscrow: true });
    expect(sent).toMatchObject({ ok: true, hold: { theirEscrowDays: 15 } });
    if (!sent.ok) return;
    await alpha.confirmOffers([sent.offerId]);
    expect(await held.acceptOffer(sent.offerId)).toMatchObject({ ok: true, needsConfirmation: false });
    const inEscrow = await held.getOffer(sent.offerId);
    expect(inEscrow).toMatchObject({ ok: true, offer: { state: 11 } });
    const count = async () => {
      const scan = await held.inventory('cs2');
      return scan.ok ? scan.inventory.items.length : -1;
    };
    const during = await count();
    now += 16 * DAY;
    expect(await held.getOffer(sent.offerId)).toMatchObject({ offer: { state: 3 } });
    expect(await count()).toBe(during + 1);
  });

  it('sandbox_item_gone lists items that are gone when an offer asks for them', async () => {
    const alpha = await sessionOf('sandbox_bot_0061');
    const gone = world.find('sandbox_item_gone')!;
    const theirs = await alpha.inventory('cs2', { ownerSteamId: gone.steamId, tradableOnly: true });
    if (!theirs.ok) throw new Error(theirs.reason);
    expect(theirs.inventory.items.length).toBeGreaterThan(0);
    expect(
      await alpha.sendOffer({
        partnerSteamId: gone.steamId,
        tradeToken: tokenOf('sandbox_item_gone'),
        itemsToGive: [],
        itemsToReceive: theirs.inventory.items.slice(0, 1).map(asset),
        reference: 'gone',
      }),
    ).toMatchObject({ ok: false, reason: 'itemsUnavailable', eresult: 26, retry: 'never' });
  });

  it('sandbox_trade_rate_limited rests its proxy after a 429', async () => {
    const limited = await sessionOf('sandbox_trade_rate_limited');
    const first = await limited.inventory('cs2');
    expect(first).toMatchObject({
      ok: false,
      reason: 'rateLimited',
      retry: 'coolDownProxy',
      httpStatus: 429,
    });
    if (first.ok) return;
    expect(first.retryAfter!.getTime()).toBeGreaterThan(now);
    expect(await limited.inventory('dota2')).toMatchObject({
      ok: false,
      reason: 'rateLimited',
      answeredFromRest: true,
    });
  });

  it('sandbox_confirmation_missing leaves its offers waiting for a confirmation that never appears', async () => {
    const missing = await sessionOf('sandbox_confirmation_missing');
    const alpha = await sessionOf('sandbox_bot_0071');
    const items = await tradableCs2(missing, 1);
    const sent = await missing.sendOffer({
      partnerSteamId: alpha.steamId,
      tradeToken: tokenOf('sandbox_bot_0071'),
      itemsToGive: items,
      itemsToReceive: [],
      reference: 'missing',
    });
    if (!sent.ok) throw new Error(sent.reason);
    const started = now;
    expect(await missing.confirmOffers([sent.offerId], { attempts: 3 })).toMatchObject({
      ok: false,
      reason: 'confirmationNotFound',
    });
    // Polled three times, a second apart, on the port's clock.
    expect(now - started).toBe(2000);
    expect(await missing.getOffer(sent.offerId)).toMatchObject({ offer: { state: 9 } });
  });
});

describe('sandbox web sessions', () => {
  it('refreshes the access token before it expires and acknowledges Trade Protection once', async () => {
    const changes: TradeSessionState[] = [];
    const alpha = await sessionOf('sandbox_bot_0081', (state) => changes.push(state));
    await alpha.inventory('cs2');
    const firstToken = alpha.state().accessToken;
    expect(firstToken).toBeTruthy();
    now += 24 * 60 * 60_000 - 60_000; // a minute before the day-long access token ends
    await alpha.inventory('cs2');
    expect(alpha.state().accessToken).not.toBe(firstToken);
    const items = await tradableCs2(alpha, 2);
    const bravo = world.find('sandbox_bot_0082')!;
    for (const [n, item] of items.entries()) {
      await alpha.sendOffer({
        partnerSteamId: bravo.steamId,
        tradeToken: tokenOf('sandbox_bot_0082'),
        itemsToGive: [item],
        itemsToReceive: [],
        reference: `ack-${n}`,
      });
    }
    expect(changes.filter((state) => state.tradeProtectionAcknowledgedAt !== null).length).toBeGreaterThan(0);
    const acknowledgements = changes.filter(
      (state, index) =>
        state.tradeProtectionAcknowledgedAt && !changes[index - 1]?.tradeProtectionAcknowledgedAt,
    );
    expect(acknowledgements).toHaveLength(1);
    expect(world.trading.hasAcknowledged(alpha.steamId)).toBe(true);
  });

  it('reports a revoked session as sessionRevoked, so the account can show the error', async () => {
    const alpha = await sessionOf('sandbox_bot_0091');
    expect((await alpha.inventory('cs2')).ok).toBe(true);
    world.revokeSessions(alpha.steamId, Math.floor(now / 1000) + 60);
    expect(await alpha.inventory('cs2')).toMatchObject({
      ok: false,
      reason: 'sessionRevoked',
      retry: 'signIn',
    });
    now += 120_000;
    const again = await sessionOf('sandbox_bot_0091');
    expect((await again.inventory('cs2')).ok).toBe(true);
  });
});

// Trades, not offers: under Trade Protection a reversed trade reads status 12 while its offer stays accepted, and
// the trade that sent the items back names it (csfloat/extension `src/lib/alarms/rollback.ts`).
describe('sandbox trade history', () => {
  it('shows an accepted offer as a trade, and a reversal as status 12 while the offer stays accepted', async () => {
    const alpha = await sessionOf('sandbox_bot_0021');
    const bravo = await sessionOf('sandbox_bot_0022');
    const give = await tradableCs2(alpha, 2);
    const sent = await alpha.sendOffer({
      partnerSteamId: bravo.steamId,
      tradeToken: tokenOf('sandbox_bot_0022'),
      itemsToGive: give,
      itemsToReceive: [],
      reference: 'rev-1',
    });
    if (!sent.ok) throw new Error(sent.reason);
    await alpha.confirmOffers([sent.offerId]);
    expect(await bravo.acceptOffer(sent.offerId)).toMatchObject({ ok: true, needsConfirmation: false });
    const offer = await alpha.getOffer(sent.offerId);
    if (!offer.ok || !offer.offer.tradeId) throw new Error('no trade');
    const tradeId = offer.offer.tradeId;

    const mine = await alpha.tradeHistory({ maxTrades: 10 });
    expect(mine).toMatchObject({
      ok: true,
      page: {
        more: false,
        trades: [{ tradeId, partnerSteamId: bravo.steamId, status: TradeStatus.Complete }],
      },
    });
    if (!mine.ok) return;
    expect(mine.page.trades[0]!.given.map((asset) => asset.assetId)).toEqual(
      give.map((item) => item.assetId),
    );
    expect(await bravo.tradeHistory({ maxTrades: 10 })).toMatchObject({
      ok: true,
      page: { trades: [{ tradeId, partnerSteamId: alpha.steamId, given: [] }] },
    });

    now += 60_000;
    expect(world.trading.history.reverse(tradeId, now)).toBe(true);
    expect(await alpha.getOffer(sent.offerId)).toMatchObject({ ok: true, offer: { state: 3 } });
    const after = await bravo.tradeHistory({ maxTrades: 10 });
    if (!after.ok) throw new Error(after.reason);
    const rolledBack = after.page.trades.find((trade) => trade.tradeId === tradeId);
    const back = after.page.trades.find((trade) => trade.rollbackOf === tradeId);
    expect(rolledBack?.status).toBe(TradeStatus.TradeProtectionRollback);
    expect(back).toMatchObject({ status: TradeStatus.Complete, partnerSteamId: alpha.steamId });
    expect(back?.given.map((asset) => asset.assetId)).toEqual(give.map((item) => item.assetId));
    expect(await alpha.tradeStatus(tradeId)).toMatchObject({
      ok: true,
      trade: { tradeId, status: TradeStatus.TradeProtectionRollback },
    });
    expect(await alpha.tradeStatus('1')).toMatchObject({ ok: false, reason: 'offerNotFound' });
    expect(await alpha.tradeHistory({ maxTrades: 1 })).toMatchObject({ ok: true, page: { more: true } });
  });
});
