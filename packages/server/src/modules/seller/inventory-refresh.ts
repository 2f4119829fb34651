import type { MarketCredentials, MarketPort } from '../../integrations/market/port.ts';
import type { SellerShared } from './deps.ts';
import type { SellerAccountDbRow } from './repo.ts';

/**
 * After an accepted trade that brings items to the seller account's Steam account (a P2P buy delivered to it, a move
 * from another of the user's accounts, a harvester transaction into it), TM is asked to read the inventory again so
 * the new items can be listed: TM's account API page recommends `update-inventory` "after each accepted trade offer",
 * as wendland0d/csgotm-py `csgotm/account.py` repeats. The trades are the Steam account's `accept` intents made since
 * the seller account exists; each is recorded before the call and asks once (one call answers every trade found in
 * one pass: TM reads the whole inventory). A refused or lost call is asked again at the next sync.
 */
export async function refreshInventoryAfterTrades(
  deps: Pick<SellerShared, 'repo' | 'log' | 'now'>,
  market: MarketPort,
  row: SellerAccountDbRow,
  creds: MarketCredentials,
): Promise<void> {
  const trades = await deps.repo.run(row.userId, (q) =>
    q.incomingTradesToAnnounce(row.id, row.steamAccountId, row.createdAt),
  );
  if (trades.length === 0) return;
  const updated = await market.updateInventory(creds);
  if (!updated.ok) {
    deps.log.info({ sellerAccountId: row.id, reason: updated.reason }, 'update-inventory refused');
    return;
  }
  await deps.repo.run(row.userId, (q) => q.inventoryUpdated(row.id, trades, new Date(deps.now())));
}
