/**
 * `IEconService/GetTradeHistory` and `GetTradeStatus` answers as the port's trades. The fields are those
 * csfloat/extension reads (`src/lib/alarms/trade_history.ts`: `tradeid`, `steamid_other`, `status`, `time_init`,
 * `assets_given`/`assets_received` with `assetid`/`new_assetid`, `rollback_trade`) and steam-tradeoffer-manager reads
 * of GetTradeStatus (`lib/classes/TradeOffer.js` `getExchangeDetails`: `response.trades[0]`).
 */
import type { SteamTrade, TradeHistoryAsset, TradeHistoryPage } from '../../trade-history-port.ts';

interface RawAsset {
  appid?: number | string;
  contextid?: string | number;
  assetid?: string;
  new_assetid?: string;
}

interface RawTrade {
  tradeid?: string;
  steamid_other?: string;
  status?: number;
  time_init?: number;
  assets_given?: RawAsset[];
  assets_received?: RawAsset[];
  rollback_trade?: string;
}

function assets(list: RawAsset[] | undefined): TradeHistoryAsset[] {
  return (list ?? [])
    .filter((asset) => asset.assetid)
    .map((asset) => ({
      appId: Number(asset.appid ?? 0),
      contextId: String(asset.contextid ?? '2'),
      assetId: String(asset.assetid),
      newAssetId: asset.new_assetid ? String(asset.new_assetid) : null,
    }));
}

/** A trade, or null when the row lacks what identifies it (an id, the other party, a status). */
function parseTrade(raw: RawTrade): SteamTrade | null {
  if (!raw.tradeid || !raw.steamid_other || typeof raw.status !== 'number') return null;
  return {
    tradeId: String(raw.tradeid),
    partnerSteamId: String(raw.steamid_other),
    status: raw.status,
    startedAt: new Date(Number(raw.time_init ?? 0) * 1000),
    given: assets(raw.assets_given),
    received: assets(raw.assets_received),
    rollbackOf: raw.rollback_trade && raw.rollback_trade !== '0' ? String(raw.rollback_trade) : null,
  };
}

function tradesOf(json: unknown): { trades: RawTrade[]; more: boolean } | null {
  const response = (json as { response?: { trades?: RawTrade[]; more?: boolean } } | null)?.response;
  if (!response) return null;
  return { trades: Array.isArray(response.trades) ? response.trades : [], more: response.more === true };
}

/** A history page; null when the answer is not one (no `response`). */
export function parseTradeHistory(json: unknown): TradeHistoryPage | null {
  const found = tradesOf(json);
  if (!found) return null;
  const trades = found.trades.map(parseTrade).filter((trade): trade is SteamTrade => trade !== null);
  return { trades, more: found.more };
}

/** The asked trade of a GetTradeStatus answer; null when Steam did not return it. */
export function parseTradeStatus(json: unknown, tradeId: string): SteamTrade | null {
  const first = tradesOf(json)?.trades[0];
  const trade = first ? parseTrade(first) : null;
  return trade?.tradeId === tradeId ? trade : null;
}
