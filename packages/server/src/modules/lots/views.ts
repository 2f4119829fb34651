import type {
  LotChange,
  LotGroup,
  LotRow,
  PriceRow,
  RepriceItem,
  RepriceJob,
  SaleRow,
} from '@tradedeck/sdk/contract';
import {
  type Currency,
  exteriorOfName,
  type ItemRarity,
  type LotIssue,
  type LotStatus,
  lotGroupKey,
  type Money,
  type PriceStrategy,
  type SaleState,
  type SellerPlatform,
  type TradeGame,
  type TradingProfile,
} from '@tradedeck/sdk/domain';
import type { StoredProviderPrice } from '../../db/schema.ts';
import type { LotListItem } from './page-repo.ts';
import type { PriceView } from './price-repo.ts';
import type { SaleView } from './sale-repo.ts';
import type { GroupAggregate, LotView, RepriceJobDbRow, RepriceJobHead } from './types.ts';

/** Provider prices older than this are stale: the strategies refuse them (notes market.md §7.2 rule 5). */
export const PROVIDER_PRICE_TTL_MS = 6 * 3600_000;

export function moneyOf(currency: string, amount: number): Money {
  return { currency: currency as Currency, amount };
}

function maybeMoney(currency: string, amount: number | null): Money | null {
  return amount === null ? null : moneyOf(currency, amount);
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The item name without the exterior suffix ("AK-47 | Redline (Field-Tested)" -> "AK-47 | Redline"). */
export function displayNameOf(marketHashName: string): string {
  return exteriorOfName(marketHashName) ? marketHashName.replace(/\s*\([^()]+\)\s*$/, '') : marketHashName;
}

export function toLotRow(row: LotListItem): LotRow {
  const price = maybeMoney(row.currency, row.price);
  const platform = row.platform as SellerPlatform;
  return {
    id: row.id,
    groupKey: lotGroupKey(row.game, row.marketHashName),
    account: { id: row.sellerAccountId, login: row.login },
    platform,
    itemId: row.itemId,
    assetId: row.assetId,
    marketHashName: row.marketHashName,
    name: displayNameOf(row.marketHashName),
    game: row.game as TradeGame,
    exterior: exteriorOfName(row.marketHashName),
    rarity: (row.rarity as ItemRarity | null) ?? null,
    quantity: row.quantity,
    price,
    currency: row.currency as Currency,
    purchasePrice: maybeMoney(row.currency, row.purchasePrice),
    minPrice: maybeMoney(row.currency, row.minPrice),
    maxPrice: maybeMoney(row.currency, row.maxPrice),
    platformPrices:
      price && row.itemId
        ? [{ platform, price, updatedAt: (row.priceUpdatedAt ?? row.updatedAt).toISOString() }]
        : [],
    profile: row.profile as TradingProfile,
    strategy: row.strategy as PriceStrategy,
    status: row.status as LotStatus,
    issues: row.issues as LotIssue[],
    listedAt: iso(row.listedAt),
    lastPriceWriteAt: iso(row.lastPriceWriteAt),
    lastRepriceReason: row.lastRepriceReason,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toLotChange(
  row: Pick<
    LotView,
    | 'id'
    | 'sellerAccountId'
    | 'price'
    | 'currency'
    | 'status'
    | 'issues'
    | 'lastPriceWriteAt'
    | 'itemId'
    | 'listedAt'
  >,
  removed = false,
): LotChange {
  return {
    id: row.id,
    accountId: row.sellerAccountId,
    price: maybeMoney(row.currency, row.price),
    status: row.status as LotStatus,
    issues: row.issues as LotIssue[],
    lastPriceWriteAt: iso(row.lastPriceWriteAt),
    itemId: row.itemId,
    listedAt: iso(row.listedAt),
    removed,
  };
}

export function toLotGroup(group: GroupAggregate, children: LotView[], childLimit: number): LotGroup {
  const byStatus: Record<LotStatus, number> = { on_sale: 0, hold: 0, ready_to_trade: 0, in_inventory: 0 };
  const lowest = new Map<string, number>();
  const issues = new Set<LotIssue>();
  for (const part of group.parts) {
    byStatus[part.status as LotStatus] += part.count;
    if (part.lowest !== null) {
      const known = lowest.get(part.currency);
      lowest.set(part.currency, known === undefined ? part.lowest : Math.min(known, Number(part.lowest)));
    }
    for (const issue of part.issues) issues.add(issue as LotIssue);
  }
  return {
    key: group.key,
    marketHashName: group.marketHashName,
    name: displayNameOf(group.marketHashName),
    game: group.game as TradeGame,
    exterior: exteriorOfName(group.marketHashName),
    rarity: (group.rarity as ItemRarity | null) ?? null,
    quantity: group.quantity,
    lotsCount: group.lotsCount,
    accountsCount: group.accountsCount,
    lowestPrice: [...lowest].map(([currency, amount]) => moneyOf(currency, Number(amount))),
    byStatus,
    issues: [...issues].sort(),
    children: children.slice(0, childLimit).map(toLotRow),
    childrenTruncated: children.length > childLimit,
  };
}

export function toSaleRow(row: SaleView): SaleRow {
  return {
    id: row.id,
    itemId: row.itemId,
    marketHashName: row.marketHashName,
    name: displayNameOf(row.marketHashName),
    game: row.game as TradeGame,
    platform: row.platform as SellerPlatform,
    account: { id: row.sellerAccountId, login: row.login },
    soldAt: row.soldAt.toISOString(),
    price: moneyOf(row.currency, row.price),
    holdReleaseAt: iso(row.holdReleaseAt),
    state: row.state as SaleState,
  };
}

export function providerPrices(stored: readonly StoredProviderPrice[], now: number) {
  return stored.map((item) => {
    const ageMs = Math.max(0, now - Date.parse(item.observedAt));
    return {
      source: item.source,
      price: moneyOf(item.currency, item.amount),
      observedAt: new Date(item.observedAt).toISOString(),
      ageMs,
      stale: ageMs > PROVIDER_PRICE_TTL_MS,
    };
  });
}

export function toPriceRow(row: PriceView, now: number): PriceRow {
  return {
    id: row.id,
    marketHashName: row.marketHashName,
    name: displayNameOf(row.marketHashName),
    game: row.game as TradeGame,
    customPrice:
      row.customPrice === null || row.customCurrency === null
        ? null
        : moneyOf(row.customCurrency, row.customPrice),
    customUpdatedAt: iso(row.customUpdatedAt),
    providers: providerPrices(row.providers, now),
    lotsCount: row.lotsCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Failed lots first, then the rest in lot order. */
export function toRepriceJob(row: RepriceJobDbRow, itemsLimit: number): RepriceJob {
  const items = [...(row.items as RepriceItem[])].sort(
    (a, b) => Number(b.outcome === 'failed') - Number(a.outcome === 'failed') || a.lotId - b.lotId,
  );
  return {
    id: row.id,
    status: row.status as RepriceJob['status'],
    total: row.total,
    done: row.done,
    summary: row.summary as RepriceJob['summary'],
    strategy: (row.strategy as PriceStrategy | null) ?? null,
    profile: (row.profile as TradingProfile | null) ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    items: items.slice(0, itemsLimit),
    itemsTruncated: items.length > itemsLimit,
  };
}

/** A job's hub event: the job without its per-lot items. */
export function jobEvent(row: RepriceJobHead) {
  const { items: _items, itemsTruncated: _truncated, ...event } = toRepriceJob({ ...row, items: [] }, 0);
  return event;
}
