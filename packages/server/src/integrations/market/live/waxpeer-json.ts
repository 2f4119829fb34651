/**
 * Waxpeer's JSON as the port's shapes (DarkGL/waxpeer `src/waxpeer.ts` samples, `src/types/sockets.ts`). Money is
 * integer mils (1000 = $1), the same integers as the sdk's USD units, so amounts pass through unchanged. A sale
 * is named by Waxpeer's trade id (`waxid` on the socket, `id` in `ready-to-transfer-p2p`): the delivery's hash.
 */
import { steamIdFromAccountId, TRADE_GAMES, type TradeAsset, type TradeGame } from '@tradedeck/sdk/domain';
import type { MarketAsks, MarketDeliveryRequest, MarketListing } from '../port.ts';

type Json = Record<string, unknown>;

/** Waxpeer's game names (`game` query): csgo, dota2, tf, rust. */
export const WAXPEER_GAMES: Partial<Record<TradeGame, string>> = {
  cs2: 'csgo',
  dota2: 'dota2',
  tf2: 'tf',
  rust: 'rust',
};

/** The hash of a Waxpeer sale: its trade id, marked so it never meets a TM hash. */
export function waxpeerSaleHash(waxId: string): string {
  return `waxpeer:${waxId}`;
}

export function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter((item): item is Json => !!item && typeof item === 'object') : [];
}

/** `partner` (the 32-bit account id) and `token` of a Steam trade link. */
function tradeLinkParts(link: unknown): { partner: string; token: string } | null {
  try {
    const url = new URL(String(link));
    const partner = url.searchParams.get('partner');
    const token = url.searchParams.get('token');
    return partner && /^\d+$/.test(partner) && token ? { partner, token } : null;
  } catch {
    return null;
  }
}

function dateOf(value: unknown): Date | null {
  const time = typeof value === 'number' ? value * 1000 : Date.parse(String(value ?? ''));
  return Number.isFinite(time) ? new Date(time) : null;
}

function request(waxId: unknown, link: unknown, message: unknown, sendUntil: unknown, items: TradeAsset[]) {
  const parts = tradeLinkParts(link);
  if (waxId === undefined || waxId === null || !parts || items.length === 0) return null;
  const hash = waxpeerSaleHash(String(waxId));
  const request: MarketDeliveryRequest = {
    hash,
    partnerSteamId: steamIdFromAccountId(Number(parts.partner)),
    tradeToken: parts.token,
    message: String(message ?? `waxpeer ${String(waxId)}`),
    items,
    sendUntil: dateOf(sendUntil),
  };
  return request;
}

/** A `send-trade` event's data (`TradeWebsocketCreateTradeData`): our items are `json_tradeoffer.me.assets`. */
export function deliveryOfSendTrade(data: Json): MarketDeliveryRequest | null {
  const offer = (data.json_tradeoffer ?? {}) as Json;
  const assets = list(((offer.me ?? {}) as Json).assets).map((asset) => ({
    appId: Number(asset.appid),
    contextId: String(asset.contextid),
    assetId: String(asset.assetid),
    amount: Number(asset.amount ?? 1),
  }));
  return request(data.waxid ?? data.wax_id, data.tradelink, data.tradeoffermessage, data.send_until, assets);
}

/** A `ready-to-transfer-p2p` row: its items carry the asset id (`item_id`) and the game by name. */
export function deliveryOfReadyRow(row: Json): MarketDeliveryRequest | null {
  const items = list(row.items).map((item) => {
    const game = gameOfWaxpeer(item.game) ?? 'cs2';
    return {
      appId: TRADE_GAMES[game].appId,
      contextId: TRADE_GAMES[game].contextId,
      assetId: String(item.item_id),
      amount: 1,
    };
  });
  return request(row.id, row.tradelink, row.trade_message, row.send_until, items);
}

export function gameOfWaxpeer(name: unknown): TradeGame | null {
  for (const [game, waxpeer] of Object.entries(WAXPEER_GAMES)) if (waxpeer === name) return game as TradeGame;
  return null;
}

/** A row of `GET list-items-steam`: on sale, priced in mils; the item id is the Steam asset id. */
export function listingOfWaxpeer(item: Json, game: TradeGame): MarketListing {
  return {
    itemId: String(item.item_id),
    assetId: String(item.item_id),
    classId: String(item.classid ?? ''),
    instanceId: '0',
    marketHashName: String(item.name ?? ''),
    game,
    price: { currency: 'USD', amount: Math.trunc(Number(item.price ?? 0)) },
    status: 'onSale',
    settlement: 0,
    left: null,
  };
}

/** `mass-info` data: listings per name (nested arrays in the client's sample), cheapest first. */
export function asksOfMassInfo(data: unknown, names: readonly string[], at: Date): MarketAsks[] {
  const byName = (data ?? {}) as Json;
  return names.map((name) => {
    const entry = (byName[name] ?? {}) as Json;
    const rows = (Array.isArray(entry.listings) ? entry.listings.flat() : []) as unknown[];
    const asks = list(rows)
      .map((row) => ({
        itemId: String(row.item_id),
        price: { currency: 'USD' as const, amount: Number(row.price) },
      }))
      .filter((ask) => Number.isSafeInteger(ask.price.amount) && ask.price.amount > 0)
      .sort((a, b) => a.price.amount - b.price.amount);
    return { marketHashName: name, asks, fetchedAt: at };
  });
}
