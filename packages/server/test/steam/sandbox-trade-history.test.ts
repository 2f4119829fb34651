/**
 * The sandbox's trades through the whole port: an accepted offer is a complete trade in both parties' histories;
 * a reversal made on demand reads status 12 with the offer still accepted, and the trade that sent the items back
 * names it (csfloat/extension `src/lib/alarms/rollback.ts`).
 */
import type { TradeAsset } from '@tradedeck/sdk/domain';
import { expect, it } from 'vitest';
import {
  type Clock,
  createSteamPort,
  SandboxWorld,
  type SteamProxy,
  TradeStatus,
} from '../../src/integrations/steam/index.ts';

let now = Date.UTC(2026, 0, 10, 12);
const clock: Clock = {
  now: () => now,
  sleep: async (ms) => {
    now += ms;
  },
};
const world = new SandboxWorld();
const port = createSteamPort({ mode: 'sandbox' }, { sandboxWorld: world, clock });
let proxyPort = 41000;

async function sessionOf(login: string) {
  const account = world.find(login)!;
  const proxy: SteamProxy = {
    protocol: 'http',
    host: '127.0.0.1',
    port: ++proxyPort,
    username: null,
    password: null,
  };
  const signed = await port.signIn({
    login,
    password: account.password,
    sharedSecret: account.sharedSecret,
    proxy,
  });
  if (!signed.ok) throw new Error(`sign-in of ${login} failed`);
  return port.tradeSession({
    steamId: signed.steamId,
    refreshToken: signed.refreshToken,
    proxy,
    identitySecret: account.identitySecret,
  });
}

it('shows an accepted offer as a trade, and a reversal as status 12 while the offer stays accepted', async () => {
  const alpha = await sessionOf('sandbox_bot_0021');
  const bravo = await sessionOf('sandbox_bot_0022');
  const scanned = await alpha.inventory('cs2', { tradableOnly: true });
  if (!scanned.ok) throw new Error(scanned.reason);
  const give: TradeAsset[] = scanned.inventory.items
    .slice(0, 2)
    .map((item) => ({ appId: item.appId, contextId: item.contextId, assetId: item.assetId, amount: 1 }));
  const sent = await alpha.sendOffer({
    partnerSteamId: bravo.steamId,
    tradeToken: world.trading.tradeToken(bravo.steamId),
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
    page: { more: false, trades: [{ tradeId, partnerSteamId: bravo.steamId, status: TradeStatus.Complete }] },
  });
  if (!mine.ok) return;
  expect(mine.page.trades[0]!.given.map((asset) => asset.assetId)).toEqual(give.map((item) => item.assetId));
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
