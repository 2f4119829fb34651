/**
 * The one way a sale of the market's history is written into the sales history and the ledger: by the lots sync
 * (the whole history of an account) and by the seller loop when a delivery completes (that delivery's sales, in the
 * transaction that marks it done). Both key a sale by the market's sale id, so the second to see a sale finds it and
 * never writes it twice. New sales are announced on lots-hub, so the sales screen shows them without a reload.
 */
import { hubEvents, LOTS_SOURCE } from '@tradedeck/sdk/contract';
import type { SaleState } from '@tradedeck/sdk/domain';
import type { Db } from '../../db/database.ts';
import type { MarketHistoryEntry } from '../../integrations/market/port.ts';
import { marketSaleOf } from '../ledger/index.ts';
import type { LotsShared } from './deps.ts';
import { LotQueries } from './repo.ts';
import type { NewSale } from './sale-repo.ts';
import type { LotAccount } from './types.ts';

type SaleAccount = Pick<LotAccount, 'id' | 'platform' | 'steamAccountId' | 'login'>;

function saleOf(account: SaleAccount, entry: MarketHistoryEntry, now: number): NewSale {
  const releaseMs = entry.settlement > 0 ? entry.settlement * 1000 : null;
  const state: SaleState =
    entry.stage === 'cancelled' ? 'reversed' : releaseMs !== null && releaseMs > now ? 'held' : 'settled';
  return {
    sellerAccountId: account.id,
    platform: account.platform,
    itemId: entry.itemId,
    marketHashName: entry.marketHashName,
    game: entry.game,
    currency: entry.received.currency,
    price: entry.received.amount,
    soldAt: entry.time,
    holdReleaseAt: releaseMs === null ? null : new Date(releaseMs),
    state,
  };
}

/**
 * Writes the sales among `entries` (rows of the account's market history) in the caller's transaction: the sales
 * history's rows, brought to their current state when known, and the ledger's sales (docs/ledger.md, Sales).
 * Answers how many sales were new.
 */
export async function recordSales(
  deps: Pick<LotsShared, 'eventLog' | 'ledger'>,
  q: LotQueries,
  account: SaleAccount,
  entries: readonly MarketHistoryEntry[],
  now: number,
): Promise<number> {
  const sold = entries.filter((entry) => entry.event === 'sell');
  const fresh = await q.sales.upsert(sold.map((entry) => saleOf(account, entry, now)));
  if (deps.ledger) {
    const facts = { id: account.id, steamAccountId: account.steamAccountId, login: account.login };
    await deps.ledger.write(q.tx, q.userId, (writer) =>
      writer.marketSales(facts, sold.map(marketSaleOf), new Date(now)),
    );
  }
  if (fresh > 0)
    await deps.eventLog.append(
      q.userId,
      hubEvents.salesRecorded,
      LOTS_SOURCE,
      { sellerAccountId: account.id, count: fresh },
      q.tx,
    );
  return fresh;
}

/**
 * A delivery completed: its sales (the market's history rows of the delivered assets' listings) are recorded in the
 * seller's transaction `tx`. Assets whose lot is gone or was never listed have no sale id to match: the lots sync
 * records those from the history.
 */
export async function recordDeliveredSales(
  deps: Pick<LotsShared, 'eventLog' | 'ledger'>,
  tx: Db,
  userId: string,
  sellerAccountId: number,
  assetIds: readonly string[],
  entries: readonly MarketHistoryEntry[],
  now: number,
): Promise<number> {
  const q = new LotQueries(tx, userId);
  const itemIds = new Set(
    (await q.ofAssets(sellerAccountId, assetIds)).flatMap((lot) => (lot.itemId ? [lot.itemId] : [])),
  );
  const delivered = entries.filter((entry) => itemIds.has(entry.itemId));
  if (delivered.length === 0) return 0;
  const [account] = await q.accounts([sellerAccountId]);
  if (!account) return 0;
  return recordSales(deps, q, account, delivered, now);
}
