/**
 * Reading trades (not offers) by trade id: `IEconService/GetTradeHistory` (many recent trades of the account in one
 * call) and `GetTradeStatus` (one trade). Under Trade Protection a reversed trade keeps its offer Accepted (3); only
 * the trade's own status says it was rolled back: 12, undocumented (csfloat/extension
 * `src/lib/types/steam_constants.ts` `TradeProtectionRollback`, `src/lib/alarms/rollback.ts`).
 */

/** Steam's `ETradeStatus` values the product reads (csfloat/extension `steam_constants.ts`). */
export const TradeStatus = {
  Init: 0,
  Committed: 2,
  Complete: 3,
  Failed: 4,
  InEscrow: 10,
  EscrowRollback: 11,
  /** Undone by the sender within the protection window; the items went back in a new trade. */
  TradeProtectionRollback: 12,
} as const;

export interface TradeHistoryAsset {
  appId: number;
  contextId: string;
  assetId: string;
  /** The asset's id on the receiving side, when Steam gives it. */
  newAssetId: string | null;
}

/** One trade as the account sees it. */
export interface SteamTrade {
  tradeId: string;
  /** The other party's SteamID64. */
  partnerSteamId: string;
  status: number;
  /** When the trade was made (Steam's `time_init`). */
  startedAt: Date;
  given: TradeHistoryAsset[];
  received: TradeHistoryAsset[];
  /** On the trade that sent items back: the id of the trade it rolled back (Steam's `rollback_trade`). */
  rollbackOf: string | null;
}

export interface TradeHistoryInput {
  /** Trades a call (Steam's `max_trades`). */
  maxTrades: number;
  /** Only trades made before this (Steam's `start_after_time`, paging backwards), newest first. */
  startAfterTime?: Date | null;
}

export interface TradeHistoryPage {
  trades: SteamTrade[];
  /** Steam has older trades than these. */
  more: boolean;
}
