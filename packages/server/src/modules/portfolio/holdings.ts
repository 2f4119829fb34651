import { hubEvents, STEAM_TRADING_SOURCE } from '@tradedeck/sdk/contract';
import type { Db } from '../../db/database.ts';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { StoredScan } from '../steam-trading/index.ts';
import { type GivenItem, type HoldingOrigin, HoldingQueries } from './holdings-repo.ts';
import { matchHoldings, type ScannedAsset } from './match.ts';

/**
 * How long a holding that left the protected context waits for its new asset id, and how far back the trades that
 * gave an account an item are looked for: Trade Protection's 7 days plus the hours to Valve's midnight (notes
 * steam.md §14).
 */
export const PROTECTION_MATCH_WINDOW_MS = 8 * 86_400_000;

const classKey = (item: { classId: string; instanceId: string; marketHashName: string }) =>
  `${item.classId}/${item.instanceId}/${item.marketHashName}`;

/**
 * Keeps the holdings in step with the scans: runs inside the transaction that stores a scan, so a stored scan and
 * its holdings never disagree, and tells the hub the account's part of the portfolio changed.
 */
export class HoldingsRecorder {
  constructor(private readonly eventLog: EventLog) {}

  async record(scan: StoredScan, tx: Db): Promise<void> {
    const q = new HoldingQueries(tx, scan.userId);
    const since = new Date(scan.at.getTime() - PROTECTION_MATCH_WINDOW_MS);
    const known = await q.ofAccount(scan.accountId, scan.game, since);
    const scanned: ScannedAsset[] = scan.items.map((item) => ({
      appId: item.appId,
      contextId: item.contextId,
      assetId: item.assetId,
      classId: item.classId,
      instanceId: item.instanceId,
      marketHashName: item.marketHashName,
      protectedUntil: item.protectedUntil ? new Date(item.protectedUntil) : null,
    }));
    const plan = matchHoldings(known, scanned);
    await q.seen(plan.same, scan.at);
    for (const { holdingId, asset } of plan.moved) await q.moved(holdingId, asset, scan.at);
    await q.gone(plan.gone, scan.at);
    const given = plan.fresh.length > 0 ? await q.givenTo(scan.accountId, since) : [];
    await q.add(scan.accountId, scan.game, originsOf(plan.fresh, given), scan.at);
    await this.eventLog.append(
      scan.userId,
      hubEvents.portfolioChanged,
      STEAM_TRADING_SOURCE,
      { accountId: scan.accountId, game: scan.game, matched: plan.moved.length, count: scan.items.length },
      tx,
    );
  }
}

/** A new holding came by a trade of ours when that trade gave this account an item of its class (each once). */
function originsOf(
  fresh: readonly ScannedAsset[],
  given: readonly GivenItem[],
): { asset: ScannedAsset; origin: HoldingOrigin }[] {
  const byClass = new Map<string, GivenItem[]>();
  for (const item of given) {
    const list = byClass.get(classKey(item)) ?? [];
    list.push(item);
    byClass.set(classKey(item), list);
  }
  return fresh.map((asset) => {
    const trade = byClass.get(classKey(asset))?.shift();
    return {
      asset,
      origin: trade
        ? { kind: 'trade', tradeId: trade.tradeId, from: trade.fromSteamId }
        : { kind: 'seen', tradeId: null, from: null },
    };
  });
}
