/**
 * Which trade of the history carried a watch. Until its trade id is known, a watch is matched the way
 * csfloat/extension matches its sales to trades (`src/lib/alarms/rollback.ts`): the same other party and one of the
 * asset ids it gave or received. Trades that sent items back (`rollbackOf`) and trades that never happened are not
 * candidates.
 */
import { type SteamTrade, TradeStatus } from '../../integrations/steam/index.ts';
import type { WatchRow } from './repo.ts';

const NEVER_HAPPENED = new Set<number>([TradeStatus.Init, TradeStatus.Failed]);

export function findTrade(
  watch: Pick<WatchRow, 'tradeId' | 'partnerSteamId' | 'givenAssetIds' | 'receivedAssetIds'>,
  trades: readonly SteamTrade[],
): SteamTrade | null {
  if (watch.tradeId) return trades.find((trade) => trade.tradeId === watch.tradeId) ?? null;
  const given = new Set(watch.givenAssetIds);
  const received = new Set(watch.receivedAssetIds);
  return (
    trades.find(
      (trade) =>
        trade.rollbackOf === null &&
        !NEVER_HAPPENED.has(trade.status) &&
        trade.partnerSteamId === watch.partnerSteamId &&
        (trade.given.some((asset) => given.has(asset.assetId)) ||
          trade.received.some((asset) => received.has(asset.assetId))),
    ) ?? null
  );
}

/** The trade that sent the items of a rolled-back trade back, when the same history shows it. */
export function rollbackTradeOf(tradeId: string, trades: readonly SteamTrade[]): string | null {
  return trades.find((trade) => trade.rollbackOf === tradeId)?.tradeId ?? null;
}
