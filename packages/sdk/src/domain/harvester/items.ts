/**
 * Items as the harvester plans them: an inventory item reduced to what moves it (its asset), what filters it (game,
 * type, tradability) and what it is worth (integer money units, or null when its price is unknown).
 */
import type { Money } from '../money/money.ts';
import type { TradeGame } from '../trading/games.ts';
import type { InventoryItem, TradeAsset } from '../trading/items.ts';

export interface HarvestItem {
  appId: number;
  contextId: string;
  assetId: string;
  amount: number;
  classId: string;
  game: TradeGame;
  /** Steam's type line ("Steam Emoticon", "Team Fortress 2 Trading Card"). */
  type: string;
  name: string;
  price: Money | null;
}

/** Whether an inventory item can be offered now: tradable, not trade locked, not under Trade Protection. */
export function isOfferable(item: InventoryItem, now: number): boolean {
  if (!item.tradable || item.protectedUntil !== null) return false;
  return item.tradableAfter === null || Date.parse(item.tradableAfter) <= now;
}

export function toHarvestItem(item: InventoryItem): HarvestItem {
  return {
    appId: item.appId,
    contextId: item.contextId,
    assetId: item.assetId,
    amount: item.amount,
    classId: item.classId,
    game: item.game,
    type: item.type,
    name: item.name,
    price: item.referencePrice,
  };
}

export function toTradeAsset(item: HarvestItem): TradeAsset {
  return { appId: item.appId, contextId: item.contextId, assetId: item.assetId, amount: item.amount };
}

/** The key an item is known by within one inventory. */
export function itemKey(item: Pick<HarvestItem, 'appId' | 'contextId' | 'assetId'>): string {
  return `${item.appId}/${item.contextId}/${item.assetId}`;
}

/** Adds money per currency (never across currencies); items of unknown price add nothing. */
export function addMoney(totals: Money[], value: Money | null, times = 1): Money[] {
  if (!value) return totals;
  const found = totals.find((total) => total.currency === value.currency);
  if (found) found.amount += value.amount * times;
  else totals.push({ currency: value.currency, amount: value.amount * times });
  return totals;
}

/** The value of items per currency. */
export function itemsValue(items: readonly HarvestItem[]): Money[] {
  const totals: Money[] = [];
  for (const item of items) addMoney(totals, item.price, item.amount);
  return totals.sort((x, y) => x.currency.localeCompare(y.currency));
}
