/**
 * One account's check: one `GetTradeHistory` call covers its recent trades; a watched trade older than that page is
 * asked for by its id (`GetTradeStatus`). A trade found for the first time fixes the watch's trade id and window; a
 * trade whose status is 12 is recorded as reversed with what it carried and a notification, in one transaction.
 * The account is stamped checked last, so a check cut short is done again by the next run.
 */
import { TradeStatus } from '../../integrations/steam/index.ts';
import type { ReversalDeps } from './deps.ts';
import { findTrade, rollbackTradeOf } from './match.ts';
import type { WatchRow } from './repo.ts';

const DAY_MS = 24 * 3600_000;
/**
 * A received item is protected 7 days plus the hours to Valve's next midnight (notes steam.md §14); the exact end
 * is not published, so a trade is followed for a whole day more.
 */
export const PROTECTION_WINDOW_MS = 8 * DAY_MS;
/** Trades one history call reads (csfloat/extension reads up to 250; an account's last week fits in far fewer). */
export const HISTORY_PAGE_TRADES = 100;

export type CheckOutcome = 'checked' | 'failed';

export async function checkAccount(
  deps: ReversalDeps,
  userId: string,
  accountId: number,
): Promise<CheckOutcome> {
  const watches = await deps.repo.run(userId, (q) => q.watching(accountId, new Date(deps.now())));
  if (watches.length === 0) return 'checked';
  const history = await deps.steam.tradeHistory(userId, accountId, { maxTrades: HISTORY_PAGE_TRADES });
  if (!history.ok) {
    // Tried again after the usual rest, never in a tight loop (a resting proxy, a session being renewed).
    deps.log.warn({ accountId, reason: history.reason }, 'trade history not read');
    await deps.repo.run(userId, (q) => q.stamp(accountId, new Date(deps.now())));
    return 'failed';
  }
  const trades = history.value.trades;
  for (const watch of watches) {
    let trade = findTrade(watch, trades);
    if (!trade && watch.tradeId) {
      const one = await deps.steam.tradeStatus(userId, accountId, watch.tradeId);
      if (one.ok) trade = one.value;
      else deps.log.warn({ accountId, watchId: watch.id, reason: one.reason }, 'trade status not read');
    }
    if (!trade) continue;
    if (!watch.tradeId) {
      const tradedAt = trade.startedAt;
      await deps.repo.run(userId, (q) =>
        q.matched(watch.id, trade.tradeId, tradedAt, new Date(tradedAt.getTime() + PROTECTION_WINDOW_MS)),
      );
    }
    if (trade.status === TradeStatus.TradeProtectionRollback)
      await recordReversal(deps, userId, watch, trade.tradeId, rollbackTradeOf(trade.tradeId, trades));
  }
  await deps.repo.run(userId, (q) => q.stamp(accountId, new Date(deps.now())));
  return 'checked';
}

const LINKS: Record<WatchRow['subject'], string> = {
  harvester: '/panel/harvester',
  delivery: '/panel/sales-history',
  move: '/panel/steam-accounts',
};

async function recordReversal(
  deps: ReversalDeps,
  userId: string,
  watch: WatchRow,
  tradeId: string,
  rollbackTradeId: string | null,
): Promise<void> {
  await deps.repo.run(userId, async (q) => {
    const moved = await q.reverse(watch, tradeId, rollbackTradeId, new Date(deps.now()));
    if (!moved) return;
    if (moved.transaction)
      await deps.announce.harvester?.(userId, moved.transaction.sessionId, moved.transaction.id, q.tx);
    if (moved.delivery) await deps.announce.delivery?.(userId, moved.delivery, q.tx);
    const { delivery } = moved;
    // The sales the trade carried are reversed in the ledger too, which tells the user item, buyer and amount.
    if (delivery && deps.ledger && watch.saleItemIds.length > 0)
      await deps.ledger.write(q.tx, userId, (writer) =>
        writer.reverseSales(
          delivery.sellerAccountId,
          watch.saleItemIds,
          delivery.partnerSteamId,
          new Date(deps.now()),
        ),
      );
    const login = await q.login(watch.accountId);
    await deps.notifications.post(
      userId,
      {
        kind: 'tradeReversed',
        params: { subject: watch.subject, subjectId: watch.subjectId, login, tradeId },
        link: LINKS[watch.subject],
      },
      q.tx,
    );
    deps.log.info(
      { watchId: watch.id, subject: watch.subject, subjectId: watch.subjectId },
      'trade reversed',
    );
  });
}
