/**
 * Preview and apply read the picked lots' listings from the market first, so a lot sold or delisted since the
 * last sync is not counted as a price change and then refused with the market's raw code. A sold lot is stored
 * as sold (and announced); a listing gone altogether is left for the sync to remove. Both are decided as not on
 * sale, and the answer names why in the user's language. A market that cannot be read leaves the lots as stored.
 */
import type { Delister } from './delist.ts';
import type { LotsShared } from './deps.ts';
import type { MarketAccess } from './market-access.ts';
import type { RepriceRead } from './reprice-read.ts';
import { markLotsSold } from './sold.ts';
import type { RepriceLot } from './types.ts';

/** Why a lot stored as on sale is not on sale now. */
export type ListingGone = 'sold' | 'gone';

export async function withFreshListings(
  deps: Pick<LotsShared, 'repo' | 'eventLog' | 'now'>,
  access: MarketAccess,
  delister: Pick<Delister, 'queue'>,
  userId: string,
  read: RepriceRead,
): Promise<{ read: RepriceRead; gone: Map<number, ListingGone> }> {
  const gone = new Map<number, ListingGone>();
  const byAccount = new Map<number, RepriceLot[]>();
  for (const lot of read.lots) {
    if (lot.status !== 'on_sale' || lot.itemId === null) continue;
    byAccount.set(lot.sellerAccountId, [...(byAccount.get(lot.sellerAccountId) ?? []), lot]);
  }
  if (byAccount.size === 0) return { read, gone };
  const accounts = await deps.repo.run(userId, (q) => q.accounts([...byAccount.keys()]));
  for (const account of accounts) {
    const { market, creds } = await access.open(account);
    const answer = await market.listings(creds);
    if (!answer.ok) continue;
    const status = new Map(answer.listings.map((listing) => [listing.itemId, listing.status]));
    const sold: string[] = [];
    for (const lot of byAccount.get(account.id) ?? []) {
      const now = status.get(lot.itemId!);
      if (now === 'onSale') continue;
      gone.set(lot.id, now === undefined ? 'gone' : 'sold');
      if (now !== undefined) sold.push(lot.assetId);
    }
    await markLotsSold(deps, delister, userId, account.id, sold);
  }
  if (gone.size === 0) return { read, gone };
  return {
    read: {
      ...read,
      lots: read.lots.map((lot) => (gone.has(lot.id) ? { ...lot, status: 'ready_to_trade' } : lot)),
    },
    gone,
  };
}
