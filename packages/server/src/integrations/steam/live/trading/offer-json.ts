/** `IEconService/GetTradeOffer(s)` offers and `GetTradeHoldDurations` as the port's shapes (notes §7). */
import {
  steamIdFromAccountId,
  type TradeAsset,
  type TradeHold,
  type TradeOffer,
} from '@tradedeck/sdk/domain';

interface RawItem {
  appid?: number | string;
  contextid?: string;
  assetid?: string;
  amount?: string | number;
}

export interface RawOffer {
  tradeofferid?: string;
  accountid_other?: number;
  message?: string;
  expiration_time?: number;
  trade_offer_state?: number;
  items_to_give?: RawItem[];
  items_to_receive?: RawItem[];
  is_our_offer?: boolean;
  time_created?: number;
  time_updated?: number;
  tradeid?: string;
  escrow_end_date?: number;
  confirmation_method?: number;
}

const iso = (seconds: number | undefined) => new Date((seconds ?? 0) * 1000).toISOString();

function assets(items: RawItem[] | undefined): TradeAsset[] {
  return (items ?? [])
    .filter((item) => item.assetid && item.appid)
    .map((item) => ({
      appId: Number(item.appid),
      contextId: String(item.contextid ?? '2'),
      assetId: String(item.assetid),
      amount: Math.max(1, Number(item.amount ?? 1)),
    }));
}

export function parseOffer(raw: RawOffer): TradeOffer | null {
  if (!raw.tradeofferid || raw.accountid_other === undefined || !raw.trade_offer_state) return null;
  return {
    id: String(raw.tradeofferid),
    partnerSteamId: steamIdFromAccountId(raw.accountid_other),
    isOurOffer: raw.is_our_offer === true,
    state: raw.trade_offer_state,
    message: raw.message ?? '',
    itemsToGive: assets(raw.items_to_give),
    itemsToReceive: assets(raw.items_to_receive),
    createdAt: iso(raw.time_created),
    updatedAt: iso(raw.time_updated ?? raw.time_created),
    expiresAt: iso(raw.expiration_time),
    escrowEndsAt: raw.escrow_end_date ? iso(raw.escrow_end_date) : null,
    tradeId: raw.tradeid && raw.tradeid !== '0' ? String(raw.tradeid) : null,
    confirmationMethod: Math.min(2, Math.max(0, raw.confirmation_method ?? 0)),
  };
}

export function parseOfferAnswer(json: unknown): TradeOffer | null {
  const offer = (json as { response?: { offer?: RawOffer } } | null)?.response?.offer;
  return offer ? parseOffer(offer) : null;
}

export function parseOffersAnswer(json: unknown): { offers: TradeOffer[]; nextCursor: number } {
  const response =
    (
      json as {
        response?: {
          trade_offers_sent?: RawOffer[];
          trade_offers_received?: RawOffer[];
          next_cursor?: number;
        };
      } | null
    )?.response ?? {};
  const offers = [...(response.trade_offers_sent ?? []), ...(response.trade_offers_received ?? [])]
    .map(parseOffer)
    .filter((offer): offer is TradeOffer => offer !== null);
  return { offers, nextCursor: Number(response.next_cursor ?? 0) };
}

export function parseHoldAnswer(json: unknown): TradeHold | null {
  const response = (
    json as {
      response?: {
        my_escrow?: { escrow_end_duration_seconds?: number };
        their_escrow?: { escrow_end_duration_seconds?: number };
      };
    } | null
  )?.response;
  if (!response?.my_escrow && !response?.their_escrow) return null;
  const days = (seconds: number | undefined) => Math.ceil(Number(seconds ?? 0) / 86400);
  return {
    myEscrowDays: days(response.my_escrow?.escrow_end_duration_seconds),
    theirEscrowDays: days(response.their_escrow?.escrow_end_duration_seconds),
  };
}
