/**
 * Give-back: a target returns community items (app 753, context 6: trading cards, emoticons, backgrounds) priced
 * under the threshold, at most the return count and the total return value per trade, by the type priority. Items
 * of unknown price, or priced in another currency than the threshold, are never given back.
 */
import { TRADE_GAMES } from '../trading/games.ts';
import type { HarvestItem } from './items.ts';
import type { GiveBackSettings, GiveBackType } from './schemas.ts';

const TYPE_PATTERNS: Readonly<Record<GiveBackType, RegExp>> = {
  tradingCards: /Trading Card/i,
  emoticons: /Emoticon/i,
  backgrounds: /Background/i,
};

/** The give-back type of a community item, or null for another item. */
export function giveBackTypeOf(item: Pick<HarvestItem, 'appId' | 'contextId' | 'type'>): GiveBackType | null {
  const community = TRADE_GAMES.community;
  if (item.appId !== community.appId || item.contextId !== community.contextId) return null;
  for (const type of ['tradingCards', 'emoticons', 'backgrounds'] as const) {
    if (TYPE_PATTERNS[type].test(item.type)) return type;
  }
  return null;
}

export function giveBackEnabled(settings: GiveBackSettings): boolean {
  return (settings.tradingCards || settings.emoticons || settings.backgrounds) && settings.maxReturnItems > 0;
}

/**
 * A target's items that may be given back, best first: by the type priority, then cheapest first (more items fit
 * the value limit), then by asset id so the order is stable.
 */
export function giveBackPool(items: readonly HarvestItem[], settings: GiveBackSettings): HarvestItem[] {
  const threshold = settings.itemValueThreshold;
  const rank = (type: GiveBackType) => settings.itemTypePriority.indexOf(type);
  return items
    .map((item) => ({ item, type: giveBackTypeOf(item) }))
    .filter(
      (entry): entry is { item: HarvestItem; type: GiveBackType } =>
        entry.type !== null &&
        settings[entry.type] &&
        entry.item.price !== null &&
        entry.item.price.currency === threshold.currency &&
        entry.item.price.amount < threshold.amount,
    )
    .sort(
      (x, y) =>
        rank(x.type) - rank(y.type) ||
        x.item.price!.amount - y.item.price!.amount ||
        compareDecimal(x.item.assetId, y.item.assetId),
    )
    .map((entry) => entry.item);
}

function compareDecimal(x: string, y: string): number {
  return x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
}

/**
 * Takes the give-back of one trade from the pool (removing what it takes): in pool order, at most
 * `min(maxReturnItems, room)` items whose value adds up to at most the total return value limit. An item that would
 * pass the value limit is skipped and cheaper ones after it may still fit.
 */
export function takeGiveBack(pool: HarvestItem[], settings: GiveBackSettings, room: number): HarvestItem[] {
  const limit = Math.min(settings.maxReturnItems, room);
  const taken: HarvestItem[] = [];
  if (limit <= 0) return taken;
  const cap = settings.totalReturnValueLimit;
  let value = 0;
  for (let i = 0; i < pool.length && taken.length < limit; ) {
    const item = pool[i]!;
    const price = item.price!.amount * item.amount;
    if (item.price!.currency === cap.currency && value + price <= cap.amount) {
      taken.push(item);
      value += price;
      pool.splice(i, 1);
    } else {
      i += 1;
    }
  }
  return taken;
}
