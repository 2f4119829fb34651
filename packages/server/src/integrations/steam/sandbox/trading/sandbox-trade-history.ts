/**
 * The sandbox's trades as `GetTradeHistory`/`GetTradeStatus` show them, and Trade Protection reversals made on
 * demand: a reversed trade reads status 12 while its offer stays Accepted, and the trade that sent the items back
 * names it in `rollbackOf` (csfloat/extension `src/lib/alarms/rollback.ts`). Only the statuses change here: the
 * items stay where the trade put them.
 */

import {
  type SteamTrade,
  type TradeHistoryAsset,
  type TradeHistoryInput,
  TradeStatus,
} from '../../trade-history-port.ts';
import { tradeFailure } from '../../trading/trade-failure.ts';
import type { TradeResult } from '../../trading-port.ts';
import type { SandboxTrade, SandboxTradeBook } from './sandbox-trade-book.ts';

interface Reversal {
  at: number;
  rollbackTradeId: string;
}

const asset = (item: { appId: number; contextId: string; assetId: string }): TradeHistoryAsset => ({
  appId: item.appId,
  contextId: item.contextId,
  assetId: item.assetId,
  newAssetId: null,
});

export class SandboxTradeHistory {
  readonly #reversed = new Map<string, Reversal>();
  #nextRollback = 8_000_000_000;

  constructor(private readonly book: SandboxTradeBook) {}

  /** Reverses a trade (as its sender would within the protection window); false when there is no such trade. */
  reverse(tradeId: string, now: number): boolean {
    const trade = this.book.tradesOf().find((item) => item.tradeId === tradeId);
    if (!trade) return false;
    if (!this.#reversed.has(tradeId))
      this.#reversed.set(tradeId, { at: now, rollbackTradeId: String(++this.#nextRollback) });
    return true;
  }

  history(
    viewer: string,
    input: TradeHistoryInput,
  ): TradeResult<{ page: { trades: SteamTrade[]; more: boolean } }> {
    const before = input.startAfterTime?.getTime() ?? Number.POSITIVE_INFINITY;
    const all = this.tradesOf(viewer)
      .filter((trade) => trade.startedAt.getTime() < before)
      .sort((x, y) => y.startedAt.getTime() - x.startedAt.getTime());
    return { ok: true, page: { trades: all.slice(0, input.maxTrades), more: all.length > input.maxTrades } };
  }

  status(viewer: string, tradeId: string): TradeResult<{ trade: SteamTrade }> {
    const trade = this.tradesOf(viewer).find((item) => item.tradeId === tradeId);
    return trade ? { ok: true, trade } : tradeFailure('offerNotFound');
  }

  private tradesOf(viewer: string): SteamTrade[] {
    const trades: SteamTrade[] = [];
    for (const trade of this.book.tradesOf(viewer)) {
      const reversal = this.#reversed.get(trade.tradeId);
      trades.push(
        this.view(trade, viewer, reversal ? TradeStatus.TradeProtectionRollback : TradeStatus.Complete),
      );
      if (reversal) {
        // The items going back: a trade of its own, the other way round.
        const back = { ...trade, give: trade.receive, receive: trade.give, at: reversal.at };
        trades.push({
          ...this.view(back, viewer, TradeStatus.Complete),
          tradeId: reversal.rollbackTradeId,
          rollbackOf: trade.tradeId,
        });
      }
    }
    return trades;
  }

  private view(trade: SandboxTrade, viewer: string, status: number): SteamTrade {
    const ours = trade.sender === viewer;
    return {
      tradeId: trade.tradeId,
      partnerSteamId: ours ? trade.partner : trade.sender,
      status,
      startedAt: new Date(trade.at),
      given: (ours ? trade.give : trade.receive).map(asset),
      received: (ours ? trade.receive : trade.give).map(asset),
      rollbackOf: null,
    };
  }
}
