/**
 * Sync of one seller account's lots from the market: listings (on sale or sold), the unlisted inventory, provider
 * prices the market suggests, and the sales history with its hold release dates. Lots no longer on the market or in
 * the inventory are removed; what changed is announced on lots-hub.
 */
import type { LotChange } from '@tradedeck/sdk/contract';
import { DEFAULT_LOT_STRATEGY } from '@tradedeck/sdk/domain';
import type { MarketFailure, MarketInventoryItem, MarketListing } from '../../integrations/market/port.ts';
import { announceLots } from './announce.ts';
import { markSoldElsewhere } from './delist.ts';
import type { LotsShared } from './deps.ts';
import { issuesOf } from './issues.ts';
import type { MarketAccess } from './market-access.ts';
import type { PriceWriteRow } from './price-repo.ts';
import type { LotQueries } from './repo.ts';
import { recordSales } from './sale-record.ts';
import type { LotAccount, LotPatch, NewLot } from './types.ts';
import { PROVIDER_PRICE_TTL_MS, toLotChange } from './views.ts';

/** How far back each sync reads the sales history (a hold lasts 7 days; a reversal can come until it ends). */
const HISTORY_DAYS = 30;
const DAY_MS = 24 * 3600_000;

export type SyncOutcome = { ok: true; lots: number; sales: number } | { ok: false; failure: MarketFailure };

interface Seen {
  assetId: string;
  itemId: string | null;
  classId: string;
  instanceId: string;
  marketHashName: string;
  game: string;
  status: string;
  price: number | null;
  settlement: number;
}

function fromListing(listing: MarketListing): Seen {
  return {
    assetId: listing.assetId,
    itemId: listing.itemId,
    classId: listing.classId,
    instanceId: listing.instanceId,
    marketHashName: listing.marketHashName,
    game: listing.game,
    status: listing.status === 'onSale' ? 'on_sale' : 'ready_to_trade',
    price: listing.price.amount,
    settlement: listing.settlement,
  };
}

function fromInventory(item: MarketInventoryItem): Seen {
  return {
    assetId: item.assetId,
    itemId: null,
    classId: item.classId,
    instanceId: item.instanceId,
    marketHashName: item.marketHashName,
    game: item.game,
    status: item.tradable ? 'in_inventory' : 'hold',
    price: null,
    settlement: 0,
  };
}

export class LotSync {
  constructor(
    private readonly deps: LotsShared,
    private readonly access: MarketAccess,
  ) {}

  async account(userId: string, account: LotAccount): Promise<SyncOutcome> {
    const { market, creds } = await this.access.open(account);
    // Lots written after this mark (a delete, a price write) are newer than what the market is about to say.
    const mark = await this.deps.repo.run(userId, (q) => q.writeMark());
    const listings = await market.listings(creds);
    if (!listings.ok) return { ok: false, failure: listings };
    const inventory = await market.inventory(creds);
    if (!inventory.ok) return { ok: false, failure: inventory };
    const now = this.deps.now();
    const history = await market.history(creds, new Date(now - HISTORY_DAYS * DAY_MS), new Date(now));
    const seen = [
      ...listings.listings.filter((listing) => listing.price.currency === account.currency).map(fromListing),
      ...inventory.items.map(fromInventory),
    ];
    const sales = history.ok ? history.entries.filter((entry) => entry.event === 'sell') : [];
    const suggested = inventory.items.filter((item) => item.marketPrice?.currency === account.currency);
    const lots = await this.deps.repo.run(userId, async (q) => {
      const count = await this.reconcile(q, account, seen, new Date(now), mark);
      if (history.ok) await recordSales(this.deps, q, account, sales, now);
      await this.recordProviderPrices(q, suggested, now);
      return count;
    });
    return { ok: true, lots, sales: sales.length };
  }

  private async reconcile(
    q: LotQueries,
    account: LotAccount,
    seen: Seen[],
    now: Date,
    mark: number,
  ): Promise<number> {
    const rows = await q.ofAccount(account.id);
    // Written since the market was read: the next sync sees them as they are now.
    const newer = new Set(rows.filter((lot) => lot.writeSeq > mark).map((lot) => lot.assetId));
    const existing = new Map(rows.map((lot) => [lot.assetId, lot]));
    const inserts: NewLot[] = [];
    const patches: LotPatch[] = [];
    const kept = new Set<string>();
    for (const item of seen) {
      if (kept.has(item.assetId)) continue;
      kept.add(item.assetId);
      if (newer.has(item.assetId)) continue;
      const lot = existing.get(item.assetId);
      if (!lot) {
        const fresh = {
          sellerAccountId: account.id,
          platform: account.platform,
          itemId: item.itemId,
          assetId: item.assetId,
          classId: item.classId,
          instanceId: item.instanceId,
          marketHashName: item.marketHashName,
          game: item.game,
          currency: account.currency,
          price: item.price,
          strategy: DEFAULT_LOT_STRATEGY,
          status: item.status,
          settlement: item.settlement,
          listedAt: item.itemId ? now : null,
          priceUpdatedAt: item.price === null ? null : now,
        };
        inserts.push({ ...fresh, issues: [] });
        continue;
      }
      const next = {
        itemId: item.itemId,
        price: item.price,
        status: item.status,
        settlement: item.settlement,
      };
      const issues = issuesOf({ ...lot, ...next });
      const changed =
        lot.itemId !== next.itemId ||
        lot.price !== next.price ||
        lot.status !== next.status ||
        Number(lot.settlement) !== next.settlement ||
        issues.join() !== (lot.issues as string[]).join();
      if (!changed) continue;
      patches.push({
        id: lot.id,
        ...next,
        issues,
        listedAt: item.itemId ? (lot.itemId === item.itemId ? lot.listedAt : now) : null,
        priceUpdatedAt: now,
      });
    }
    const gone = [...existing.values()].filter((lot) => !kept.has(lot.assetId) && !newer.has(lot.assetId));
    await q.remove(gone.map((lot) => lot.id));
    const inserted = await q.insert(inserts);
    const patched = await q.patch(patches, now);
    // A sale the market shows before the seller loop saw it: its listings on other markets are marked here too
    // (their delists are queued by the supervisor).
    const sold = patched.filter(
      (lot) => lot.status === 'ready_to_trade' && existing.get(lot.assetId)?.status !== 'ready_to_trade',
    );
    const elsewhere = await markSoldElsewhere(
      q,
      account.id,
      sold.map((lot) => lot.assetId),
      now,
    );
    const changes: LotChange[] = [
      ...gone.map((lot) => toLotChange(lot, true)),
      ...inserted.map((lot) => toLotChange(lot)),
      ...patched.map((lot) => toLotChange(lot)),
      ...elsewhere.changes,
    ];
    await announceLots(this.deps.eventLog, q, changes);
    return kept.size;
  }

  /** The market's suggested prices as the provider reference, written when new or when the stored one aged. */
  private async recordProviderPrices(q: LotQueries, items: MarketInventoryItem[], now: number) {
    const byName = new Map(items.map((item) => [item.marketHashName, item]));
    const stored = await q.prices.byNames([...byName.keys()]);
    const writes: PriceWriteRow[] = [];
    for (const item of byName.values()) {
      const price = item.marketPrice;
      if (!price) continue;
      const known = stored
        .find((row) => row.marketHashName === item.marketHashName && row.game === item.game)
        ?.providers.find((entry) => entry.source === 'provider' && entry.currency === price.currency);
      const fresh = known && now - Date.parse(known.observedAt) < PROVIDER_PRICE_TTL_MS / 6;
      if (known?.amount === price.amount && fresh) continue;
      writes.push({
        game: item.game,
        marketHashName: item.marketHashName,
        source: 'provider',
        currency: price.currency,
        amount: price.amount,
      });
    }
    await q.prices.write(writes, new Date(now));
  }
}
