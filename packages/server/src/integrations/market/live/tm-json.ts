/**
 * TM v2 answers as the port's shapes (notes market.md §2). Choices where TM's units are not settled (notes §1.1
 * "to confirm"), kept in one place so a live check changes one line each: `items.price` and
 * `my-inventory.market_price` are read as major units, `history.received` and money-send amounts as integer units
 * (the write scale).
 */
import {
  type Currency,
  isCurrency,
  type TradeAsset,
  type TradeGame,
  tradeGameOfApp,
} from '@tradedeck/sdk/domain';
import type {
  MarketAsks,
  MarketDeliveryRequest,
  MarketHistoryEntry,
  MarketInventoryItem,
  MarketListing,
  MarketListingStatus,
  MoneySendHistoryEntry,
  MoneySendRecord,
} from '../port.ts';
import { unitsFromInteger, unitsFromMajor } from './tm-units.ts';

type Json = Record<string, unknown>;

/** The base of individual SteamID64s: TM names trade partners by their 32-bit account id. */
const STEAM_ID64_BASE = 76561197960265728n;

const LISTING_STATUS: Record<string, MarketListingStatus> = {
  '1': 'onSale',
  '2': 'sold',
  '3': 'awaitingSeller',
  '4': 'readyToCollect',
};

export const list = (value: unknown): Json[] =>
  Array.isArray(value) ? value.filter((item): item is Json => !!item && typeof item === 'object') : [];
const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value));
const int = (value: unknown): number => {
  const number = Number(value);
  return Number.isFinite(number) ? Math.trunc(number) : 0;
};
const currencyOf = (value: unknown, fallback: Currency): Currency => (isCurrency(value) ? value : fallback);
const zero = (currency: Currency) => ({ currency, amount: 0 });

export function listingOf(item: Json, currency: Currency, game: TradeGame): MarketListing {
  const own = currencyOf(item.currency, currency);
  return {
    itemId: text(item.item_id),
    assetId: text(item.assetid),
    classId: text(item.classid),
    instanceId: text(item.instanceid),
    marketHashName: text(item.market_hash_name),
    game,
    price: unitsFromMajor(item.price, own) ?? zero(own),
    status: LISTING_STATUS[text(item.status)] ?? 'other',
    settlement: int(item.settlement),
    left: item.left === undefined || item.left === null ? null : int(item.left),
  };
}

export function inventoryItemOf(item: Json, currency: Currency, game: TradeGame): MarketInventoryItem {
  return {
    assetId: text(item.id),
    classId: text(item.classid),
    instanceId: text(item.instanceid),
    marketHashName: text(item.market_hash_name),
    game,
    tradable: item.tradable === true || item.tradable === 1 || item.tradable === '1',
    marketPrice:
      item.market_price === undefined || item.market_price === null
        ? null
        : unitsFromMajor(item.market_price, currency),
  };
}

export function asksOf(data: unknown, names: readonly string[], currency: Currency, at: Date): MarketAsks[] {
  const byName = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  return names.map((name) => ({
    marketHashName: name,
    asks: list(byName[name])
      .map((ask) => ({ itemId: text(ask.id), price: unitsFromInteger(ask.price, currency) }))
      .filter((ask): ask is { itemId: string; price: { currency: Currency; amount: number } } => !!ask.price)
      .sort((a, b) => a.price.amount - b.price.amount),
    fetchedAt: at,
  }));
}

export function steamId64Of(partner: unknown): string {
  const value = text(partner);
  if (!/^\d+$/.test(value)) return value;
  const number = BigInt(value);
  return number < 2n ** 32n ? (STEAM_ID64_BASE + number).toString() : value;
}

export function deliveryOf(offer: Json): MarketDeliveryRequest {
  return {
    hash: text(offer.hash),
    partnerSteamId: steamId64Of(offer.partner),
    tradeToken: text(offer.token),
    message: text(offer.tradeoffermessage),
    items: list(offer.items).map(
      (item): TradeAsset => ({
        appId: int(item.appid),
        contextId: text(item.contextid),
        assetId: text(item.assetid),
        amount: Math.max(1, int(item.amount)),
      }),
    ),
  };
}

const STAGE: Record<string, MarketHistoryEntry['stage']> = { '1': 'active', '2': 'given', '5': 'cancelled' };

export function historyEntryOf(row: Json, currency: Currency, game: TradeGame): MarketHistoryEntry {
  const own = currencyOf(row.currency, currency);
  const event = text(row.event);
  return {
    itemId: text(row.item_id),
    marketHashName: text(row.market_hash_name),
    game: tradeGameOfApp(int(row.app)) ?? game,
    event: event === 'sell' ? 'sell' : event === 'buy' ? 'buy' : 'other',
    // Unknown stages are treated as pending (notes §2.1).
    stage: STAGE[text(row.stage)] ?? 'active',
    received: unitsFromInteger(row.received, own) ?? zero(own),
    // `paid`: the buyer's price, integer units like `received` (ialakey/marketcsgo4j `model/HistoryEntry.java`).
    ...(row.paid === undefined || row.paid === null
      ? {}
      : { paid: unitsFromInteger(row.paid, own) ?? zero(own) }),
    time: new Date(int(row.time) * 1000),
    settlement: int(row.settlement),
    customId: row.custom_id ? text(row.custom_id) : null,
  };
}

export function moneySendRecordOf(body: Json, customId: string, currency: Currency): MoneySendRecord {
  const status = text(body.status).toLowerCase();
  const own = currencyOf(body.currency, currency);
  return {
    customId: text(body.custom_id) || customId,
    amount: unitsFromInteger(body.amount, own) ?? zero(own),
    status: /^(done|success|ok|1|true|completed?)$/.test(status)
      ? 'done'
      : /fail|cancel|error|reject/.test(status)
        ? 'failed'
        : 'pending',
    time: body.time ? new Date(int(body.time) * 1000) : null,
  };
}

/**
 * A `money-send-history` row (`to`, `amount_from` in integer units, `currency_from`, as wendland0d/csgotm-py
 * `csgotm/account.py` reads them). Whether a row carries an `id` or a `time` is unverified: a row without a time is kept
 * with a null time, which is no evidence. A row in another currency than the account's keeps that
 * currency, so it is never compared with ours.
 */
export function moneySendHistoryEntryOf(row: Json, currency: Currency): MoneySendHistoryEntry {
  const own = currencyOf(row.currency_from, currency);
  return {
    id: text(row.id),
    amount: unitsFromInteger(row.amount_from, own) ?? zero(own),
    to: text(row.to),
    time: row.time ? new Date(int(row.time) * 1000) : null,
  };
}
