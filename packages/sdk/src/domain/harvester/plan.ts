/**
 * A harvest session's plan: the profile's filters over every source, the distribution over the targets, Steam's
 * limits (255 items an offer on both sides together, 5 offers to one partner a run: later offers go to the next
 * runs, never dropped) and the give-back of each trade. Pure and deterministic.
 */

import type { TradeGame } from '../trading/games.ts';
import { TRADE_LIMITS } from '../trading/limits.ts';
import { planOffers } from '../trading/plan-offers.ts';
import { distribute } from './distribute.ts';
import { filterHarvestItems, type HarvestExclusion } from './filters.ts';
import { giveBackEnabled, giveBackPool, takeGiveBack } from './give-back.ts';
import type { HarvestItem } from './items.ts';
import type { HarvesterSettings } from './schemas.ts';

export interface HarvestSource {
  accountId: number;
  /** The source's offerable items, in the order max items keeps them. */
  items: readonly HarvestItem[];
}

export interface HarvestTarget {
  accountId: number;
  weight?: number;
  /** The target's offerable items it might give back (its community items; others are ignored). */
  items: readonly HarvestItem[];
}

export interface SourcedItem {
  sourceId: number;
  item: HarvestItem;
}

/** One trade offer: the source gives `items` of one game and receives `giveBack` from the target. */
export interface PlannedTrade {
  sourceId: number;
  targetId: number;
  game: TradeGame;
  /** 1-based send run: at most 5 offers of one source to one target in a run. */
  run: number;
  items: HarvestItem[];
  giveBack: HarvestItem[];
}

export interface HarvestPlan {
  trades: PlannedTrade[];
  /** Items that passed the filters. */
  eligible: number;
  /** Eligible items no target took (balanced cap full, every weight 0). */
  leftover: SourcedItem[];
  excluded: { sourceId: number; item: HarvestItem; reason: HarvestExclusion }[];
  runs: number;
}

export interface PlanLimits {
  maxItemsPerOffer: number;
  maxOffersPerRun: number;
}

const STEAM_LIMITS: PlanLimits = {
  maxItemsPerOffer: TRADE_LIMITS.maxItemsPerOffer,
  maxOffersPerRun: TRADE_LIMITS.maxOffersPerPartnerPerRun,
};

/**
 * Items one offer carries from the source: the offer limit less the room kept for the give-back (at most half the
 * offer, so a large return count never starves the harvest).
 */
export function itemsPerOffer(settings: HarvesterSettings, limits: PlanLimits = STEAM_LIMITS): number {
  if (!giveBackEnabled(settings.giveBack)) return limits.maxItemsPerOffer;
  const reserve = Math.min(settings.giveBack.maxReturnItems, Math.floor(limits.maxItemsPerOffer / 2));
  return limits.maxItemsPerOffer - reserve;
}

export function planHarvest(
  sources: readonly HarvestSource[],
  targets: readonly HarvestTarget[],
  settings: HarvesterSettings,
  limits: PlanLimits = STEAM_LIMITS,
): HarvestPlan {
  const eligible: SourcedItem[] = [];
  const excluded: HarvestPlan['excluded'] = [];
  for (const source of sources) {
    const filtered = filterHarvestItems(source.items, settings);
    for (const item of filtered.eligible) eligible.push({ sourceId: source.accountId, item });
    for (const entry of filtered.excluded) excluded.push({ sourceId: source.accountId, ...entry });
  }
  const spread = distribute(eligible, targets, settings.distribution);
  const perOffer = itemsPerOffer(settings, limits);
  const trades: PlannedTrade[] = [];
  const sourcesWithTrades = new Set<number>();
  targets.forEach((target, t) => {
    for (const [sourceId, items] of groupBy(spread.byTarget[t] ?? [], (entry) => entry.sourceId)) {
      sourcesWithTrades.add(sourceId);
      const chunks: { game: TradeGame; items: HarvestItem[] }[] = [];
      for (const [game, ofGame] of groupBy(items, (entry) => entry.item.game)) {
        const split = planOffers(
          ofGame.map((entry) => entry.item),
          { maxItemsPerOffer: perOffer, maxOffers: Number.MAX_SAFE_INTEGER },
        );
        for (const offer of split.offers) chunks.push({ game, items: offer });
      }
      // Five offers to one partner a run; the remainder is planned into the next runs.
      let rest = chunks;
      for (let run = 1; rest.length > 0; run++) {
        const { offers, remainder } = planOffers(rest, {
          maxItemsPerOffer: limits.maxOffersPerRun,
          maxOffers: 1,
        });
        for (const chunk of offers[0] ?? []) {
          trades.push({
            sourceId,
            targetId: target.accountId,
            game: chunk.game,
            run,
            items: chunk.items,
            giveBack: [],
          });
        }
        rest = remainder;
      }
    }
  });
  trades.sort((x, y) => x.run - y.run);
  if (giveBackEnabled(settings.giveBack))
    assignGiveBack(trades, sources, targets, sourcesWithTrades, settings, limits);
  return {
    trades,
    eligible: eligible.length,
    leftover: spread.leftover,
    excluded,
    runs: trades.reduce((most, trade) => Math.max(most, trade.run), 0),
  };
}

/**
 * Each trade takes its give-back from its target's pool, earlier runs first. With empty trades allowed, a source
 * that gives nothing still gets one trade that only brings it the give-back (from the targets in turn).
 */
function assignGiveBack(
  trades: PlannedTrade[],
  sources: readonly HarvestSource[],
  targets: readonly HarvestTarget[],
  sourcesWithTrades: ReadonlySet<number>,
  settings: HarvesterSettings,
  limits: PlanLimits,
): void {
  const pools = new Map(
    targets.map((target) => [target.accountId, giveBackPool(target.items, settings.giveBack)]),
  );
  for (const trade of trades) {
    trade.giveBack = takeGiveBack(
      pools.get(trade.targetId)!,
      settings.giveBack,
      limits.maxItemsPerOffer - trade.items.length,
    );
  }
  if (!settings.giveBack.allowEmptyTrades || targets.length === 0) return;
  let turn = 0;
  for (const source of sources) {
    if (sourcesWithTrades.has(source.accountId) || targets.some((t) => t.accountId === source.accountId))
      continue;
    const target = targets[turn++ % targets.length]!;
    const giveBack = takeGiveBack(pools.get(target.accountId)!, settings.giveBack, limits.maxItemsPerOffer);
    if (giveBack.length === 0) continue;
    trades.push({
      sourceId: source.accountId,
      targetId: target.accountId,
      game: 'community',
      run: 1,
      items: [],
      giveBack,
    });
  }
  trades.sort((x, y) => x.run - y.run);
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
