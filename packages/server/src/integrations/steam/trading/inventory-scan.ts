/**
 * Reads every page of an inventory the way Steam pages it: `count` items from `start_assetid`, until
 * `more_items` is false. For our own CS2 inventory the Trade Protection context is read too, so protected items
 * are listed with the time their protection ends.
 */
import { type InventoryItem, TRADE_GAMES, TRADE_LIMITS, type TradeGame } from '@tradedeck/sdk/domain';
import type { InventoryPage, ScannedInventory, TradeResult } from '../trading-port.ts';

export type PageReader = (
  contextId: string,
  startAssetId: string | null,
) => Promise<TradeResult<{ page: InventoryPage }>>;

/** Steam refuses pages above 2000 and bans proxies that ask; never ask for more. */
export function clampPageSize(size: number | undefined): number {
  const wanted = Math.floor(size ?? TRADE_LIMITS.inventoryPageSize);
  return Math.min(Math.max(wanted, 1), TRADE_LIMITS.inventoryPageSizeMax);
}

async function readContext(
  read: PageReader,
  contextId: string,
): Promise<TradeResult<{ items: InventoryItem[]; totalCount: number; pages: number }>> {
  const items: InventoryItem[] = [];
  let start: string | null = null;
  let totalCount = 0;
  let pages = 0;
  const seen = new Set<string>();
  for (;;) {
    const result = await read(contextId, start);
    if (!result.ok) return result;
    pages += 1;
    const { page } = result;
    totalCount = page.totalCount;
    for (const item of page.items) items.push(item);
    // A cursor Steam already gave would loop forever: stop at the first repeat.
    if (!page.moreItems || !page.lastAssetId || seen.has(page.lastAssetId)) break;
    seen.add(page.lastAssetId);
    start = page.lastAssetId;
  }
  return { ok: true, items, totalCount, pages };
}

export async function scanInventory(
  read: PageReader,
  steamId: string,
  game: TradeGame,
  own: boolean,
  now: () => Date,
  tradableOnly = false,
): Promise<TradeResult<{ inventory: ScannedInventory }>> {
  const info = TRADE_GAMES[game];
  const main = await readContext(read, info.contextId);
  if (!main.ok) return main;
  const items = main.items;
  let totalCount = main.totalCount;
  let pages = main.pages;
  if (own && info.protectedContextId) {
    // Protected items are part of what the account owns: a context that cannot be read fails the scan (it is
    // tried again later) rather than leaving them out. An account without protected items reads it as empty.
    const protectedItems = await readContext(read, info.protectedContextId);
    if (!protectedItems.ok) return protectedItems;
    for (const item of protectedItems.items) items.push(item);
    totalCount += protectedItems.totalCount;
    pages += protectedItems.pages;
  }
  const listed = tradableOnly ? items.filter((item) => item.tradable) : items;
  return {
    ok: true,
    inventory: {
      steamId,
      game,
      state: items.length === 0 && totalCount === 0 ? 'empty' : 'listed',
      items: listed,
      totalCount,
      scannedAt: now(),
      pages,
    },
  };
}
