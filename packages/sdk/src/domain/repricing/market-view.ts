/**
 * The market as one lot sees it: foreign asks (every id the user owns removed), the ask to beat after the bait
 * guard, and our own cheapest other listing when it leads the market.
 */
import { BAIT_RATIO_BP, BASIS_POINTS } from './constants.ts';
import type { AskSnapshot } from './types.ts';

export interface MarketView {
  /** Foreign ask amounts, cheapest first. */
  foreign: number[];
  /** The foreign ask the profiles undercut or match; null when nobody else sells the item. */
  askToBeat: number | null;
  /**
   * Our cheapest other listing of the item (another account or the same one) when it is at or below the ask to
   * beat, so it already leads: the lot never goes under it. Null when none leads.
   */
  ownLeading: number | null;
}

/**
 * The bait guard (notes market.md §7.1 "Anti-bait"): with foreign asks a1 <= a2 <= ..., a1 is real when
 * a2 < 1.05 * a1 (compared as a2 * 10,000 < a1 * 10,500) or there is no a2; otherwise a1 is bait and a2 is the
 * ask to beat. Applied once: a2 is not itself tested against a3.
 */
export function askToBeat(foreign: readonly number[]): number | null {
  const [lowest, second] = foreign;
  if (lowest === undefined) return null;
  if (second === undefined) return lowest;
  return second * BASIS_POINTS < lowest * BAIT_RATIO_BP ? lowest : second;
}

/** What a snapshot says for every lot of the item: computed once per snapshot, not once per lot. */
interface ItemView {
  foreign: number[];
  askToBeat: number | null;
  /** Our two cheapest listings: the cheapest other than a given lot is one of them. */
  ownCheapest: { itemId: string; amount: number }[];
}

function itemView(snapshot: AskSnapshot, ownItemIds: ReadonlySet<string>, alsoOwn: string | null): ItemView {
  const foreign: number[] = [];
  const own: { itemId: string; amount: number }[] = [];
  for (const ask of snapshot.asks) {
    if (ownItemIds.has(ask.itemId) || ask.itemId === alsoOwn)
      own.push({ itemId: ask.itemId, amount: ask.price.amount });
    else foreign.push(ask.price.amount);
  }
  foreign.sort((a, b) => a - b);
  own.sort((a, b) => a.amount - b.amount);
  return { foreign, askToBeat: askToBeat(foreign), ownCheapest: own.slice(0, 2) };
}

/** Snapshots are read-only, so a view per (snapshot, own ids) is kept while the snapshot lives. */
const views = new WeakMap<AskSnapshot, WeakMap<ReadonlySet<string>, ItemView>>();

function cachedItemView(snapshot: AskSnapshot, ownItemIds: ReadonlySet<string>): ItemView {
  let byOwn = views.get(snapshot);
  if (!byOwn) {
    byOwn = new WeakMap();
    views.set(snapshot, byOwn);
  }
  let view = byOwn.get(ownItemIds);
  if (!view) {
    view = itemView(snapshot, ownItemIds, null);
    byOwn.set(ownItemIds, view);
  }
  return view;
}

export function marketView(
  snapshot: AskSnapshot,
  itemId: string,
  ownItemIds: ReadonlySet<string>,
): MarketView {
  // The lot's own listing always counts as ours, even when the caller's id set lacks it.
  const view = ownItemIds.has(itemId)
    ? cachedItemView(snapshot, ownItemIds)
    : itemView(snapshot, ownItemIds, itemId);
  const other = view.ownCheapest.find((ask) => ask.itemId !== itemId);
  const ownCheapest = other ? other.amount : null;
  const beat = view.askToBeat;
  const ownLeading = ownCheapest !== null && (beat === null || ownCheapest <= beat) ? ownCheapest : null;
  return { foreign: view.foreign, askToBeat: beat, ownLeading };
}
