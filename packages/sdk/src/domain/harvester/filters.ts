/**
 * The profile's filters over a source's items: games (all, white list, black list), max item price and max items.
 * Items of unknown price, or priced in another currency than the max, are not moved when a max price is set: nothing
 * proves they are under it.
 */
import type { TradeGame } from '../trading/games.ts';
import type { HarvestItem } from './items.ts';
import type { HarvesterSettings } from './schemas.ts';

export type HarvestExclusion = 'gameExcluded' | 'aboveMaxPrice' | 'unknownPrice' | 'overMaxItems';

export interface FilteredItems {
  eligible: HarvestItem[];
  excluded: { item: HarvestItem; reason: HarvestExclusion }[];
}

export function gameAllowed(game: TradeGame, games: HarvesterSettings['games']): boolean {
  if (games.mode === 'all') return true;
  const listed = games.list.includes(game);
  return games.mode === 'whitelist' ? listed : !listed;
}

/**
 * Filters one source's offerable items, in their order. Max items keeps the first items of the source's inventory
 * (most valuable first when the caller sorts so).
 */
export function filterHarvestItems(
  items: readonly HarvestItem[],
  settings: Pick<HarvesterSettings, 'games' | 'maxItemPrice' | 'maxItems'>,
): FilteredItems {
  const eligible: HarvestItem[] = [];
  const excluded: FilteredItems['excluded'] = [];
  const max = settings.maxItemPrice;
  for (const item of items) {
    if (!gameAllowed(item.game, settings.games)) excluded.push({ item, reason: 'gameExcluded' });
    else if (max && (!item.price || item.price.currency !== max.currency))
      excluded.push({ item, reason: 'unknownPrice' });
    else if (max && item.price && item.price.amount > max.amount)
      excluded.push({ item, reason: 'aboveMaxPrice' });
    else if (settings.maxItems !== null && eligible.length >= settings.maxItems)
      excluded.push({ item, reason: 'overMaxItems' });
    else eligible.push(item);
  }
  return { eligible, excluded };
}
