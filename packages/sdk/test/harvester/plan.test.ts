import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  gameAllowed,
  giveBackPool,
  giveBackTypeOf,
  type HarvesterSettings,
  type HarvestItem,
  itemKey,
  itemsPerOffer,
  planHarvest,
  takeGiveBack,
} from '../../src/domain/index.ts';
import { itemsArb, settingsArb } from './arbitraries.ts';

const LIMITS = { maxItemsPerOffer: 255, maxOffersPerRun: 5 };

/** Every game, round robin, no price or count limit; give-back off unless `giveBack` turns it on. */
function settingsWith(giveBack: Partial<HarvesterSettings['giveBack']>): HarvesterSettings {
  return {
    games: { mode: 'all', list: [] },
    giveBack: {
      tradingCards: false,
      emoticons: false,
      backgrounds: false,
      allowEmptyTrades: false,
      itemValueThreshold: { currency: 'USD', amount: 0 },
      maxReturnItems: 0,
      totalReturnValueLimit: { currency: 'USD', amount: 0 },
      itemTypePriority: ['tradingCards', 'emoticons', 'backgrounds'],
      ...giveBack,
    },
    distribution: { mode: 'roundRobin', capPerTarget: null },
    maxItemPrice: null,
    maxItems: null,
  };
}

const sourcesArb = fc
  .array(itemsArb(400), { minLength: 1, maxLength: 5 })
  .map((lists) => lists.map((items, i) => ({ accountId: i + 1, items })));
const targetsArb = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 5 }), itemsArb(120)), { minLength: 1, maxLength: 4 })
  .map((rows) => rows.map(([weight, items], i) => ({ accountId: 100 + i, weight, items })));

describe('planHarvest', () => {
  it('plans every eligible item once, within the limits, with the remainder explicit', () => {
    fc.assert(
      fc.property(sourcesArb, targetsArb, settingsArb, (sources, targets, settings) => {
        const plan = planHarvest(sources, targets, settings, LIMITS);
        const moved = plan.trades.flatMap((trade) =>
          trade.items.map((item) => `${trade.sourceId}:${itemKey(item)}`),
        );
        const left = plan.leftover.map((entry) => `${entry.sourceId}:${itemKey(entry.item)}`);
        const out = plan.excluded.map((entry) => `${entry.sourceId}:${itemKey(entry.item)}`);
        // Every item of every source is accounted for exactly once: moved, left over or excluded with a reason.
        const all = [...moved, ...left, ...out];
        expect(new Set(all).size).toBe(all.length);
        expect(all.length).toBe(sources.reduce((sum, source) => sum + source.items.length, 0));
        expect(moved.length + left.length).toBe(plan.eligible);

        const perPairRun = new Map<string, number>();
        for (const trade of plan.trades) {
          expect(trade.items.length + trade.giveBack.length).toBeLessThanOrEqual(LIMITS.maxItemsPerOffer);
          expect(trade.items.length + trade.giveBack.length).toBeGreaterThan(0);
          for (const item of trade.items) {
            expect(item.game).toBe(trade.game);
            expect(gameAllowed(item.game, settings.games)).toBe(true);
            if (settings.maxItemPrice)
              expect(item.price!.amount).toBeLessThanOrEqual(settings.maxItemPrice.amount);
          }
          const key = `${trade.sourceId}>${trade.targetId}#${trade.run}`;
          perPairRun.set(key, (perPairRun.get(key) ?? 0) + 1);
        }
        for (const count of perPairRun.values()) expect(count).toBeLessThanOrEqual(LIMITS.maxOffersPerRun);
        // A later run exists for a pair only when its earlier runs are full.
        for (const [key, count] of perPairRun) {
          const [pair, run] = key.split('#');
          if (Number(run) > 1)
            expect(perPairRun.get(`${pair}#${Number(run) - 1}`)).toBe(LIMITS.maxOffersPerRun);
          expect(count).toBeGreaterThan(0);
        }
        if (settings.maxItems !== null) {
          for (const source of sources) {
            const taken = plan.trades
              .filter((t) => t.sourceId === source.accountId)
              .reduce((n, t) => n + t.items.length, 0);
            expect(taken).toBeLessThanOrEqual(settings.maxItems);
          }
        }
        for (const trade of plan.trades)
          expect(trade.items.length).toBeLessThanOrEqual(itemsPerOffer(settings, LIMITS));
      }),
      { numRuns: 150 },
    );
  });

  it('gives back only eligible community items of the target, each once, within the count and value limits', () => {
    fc.assert(
      fc.property(sourcesArb, targetsArb, settingsArb, (sources, targets, settings) => {
        const plan = planHarvest(sources, targets, settings, LIMITS);
        const given = new Set<string>();
        const g = settings.giveBack;
        for (const trade of plan.trades) {
          const target = targets.find((t) => t.accountId === trade.targetId)!;
          expect(trade.giveBack.length).toBeLessThanOrEqual(g.maxReturnItems);
          let value = 0;
          for (const item of trade.giveBack) {
            expect(target.items).toContain(item);
            const type = giveBackTypeOf(item);
            expect(type).not.toBeNull();
            expect(g[type!]).toBe(true);
            expect(item.price!.currency).toBe(g.itemValueThreshold.currency);
            expect(item.price!.amount).toBeLessThan(g.itemValueThreshold.amount);
            value += item.price!.amount;
            const key = `${trade.targetId}:${itemKey(item)}`;
            expect(given.has(key)).toBe(false);
            given.add(key);
          }
          expect(value).toBeLessThanOrEqual(g.totalReturnValueLimit.amount);
          // With empty trades off, every trade carries items from the source (one way when nothing comes back).
          if (!g.allowEmptyTrades) expect(trade.items.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('follows the type priority, then the cheapest first', () => {
    fc.assert(
      fc.property(itemsArb(200), settingsArb, (items, settings) => {
        const pool = giveBackPool(items, settings.giveBack);
        const rank = (item: HarvestItem) => settings.giveBack.itemTypePriority.indexOf(giveBackTypeOf(item)!);
        for (let i = 1; i < pool.length; i++) {
          const [a, b] = [pool[i - 1]!, pool[i]!];
          expect(rank(a) < rank(b) || (rank(a) === rank(b) && a.price!.amount <= b.price!.amount)).toBe(true);
        }
        const copy = [...pool];
        const taken = takeGiveBack(copy, settings.giveBack, 255);
        expect(copy.length + taken.length).toBe(pool.length);
        // Greedy in pool order: an item passed over while there was still room would not have fitted the value limit.
        const limit = Math.min(settings.giveBack.maxReturnItems, 255);
        let value = 0;
        let count = 0;
        for (const item of pool) {
          if (count === limit) break;
          if (taken.includes(item)) {
            value += item.price!.amount;
            count += 1;
          } else {
            expect(value + item.price!.amount).toBeGreaterThan(
              settings.giveBack.totalReturnValueLimit.amount,
            );
          }
        }
        expect(count).toBe(taken.length);
      }),
    );
  });

  it('sends a one-way trade when the target has nothing to give back, and an empty trade only when allowed', () => {
    const card = (i: number, amount: number): HarvestItem => ({
      appId: 753,
      contextId: '6',
      assetId: String(i),
      amount: 1,
      classId: '1',
      game: 'community',
      type: 'Steam Trading Card',
      name: `card ${i}`,
      price: { currency: 'USD', amount },
    });
    const skin = (i: number): HarvestItem => ({
      ...card(i, 500),
      appId: 730,
      contextId: '2',
      game: 'cs2',
      type: 'Rifle',
    });
    const settings = settingsWith({
      tradingCards: true,
      itemValueThreshold: { currency: 'USD', amount: 100 },
      maxReturnItems: 2,
      totalReturnValueLimit: { currency: 'USD', amount: 1000 },
    });
    const sources = [
      { accountId: 1, items: [skin(1)] },
      { accountId: 2, items: [] },
    ];
    const empty = planHarvest(sources, [{ accountId: 9, items: [] }], settings);
    expect(empty.trades).toEqual([
      { sourceId: 1, targetId: 9, game: 'cs2', run: 1, items: [skin(1)], giveBack: [] },
    ]);
    const target = { accountId: 9, items: [card(50, 10), card(51, 20), card(52, 30), card(53, 200)] };
    const off = planHarvest(sources, [target], settings);
    expect(off.trades.map((t) => [t.sourceId, t.items.length, t.giveBack.map((i) => i.assetId)])).toEqual([
      [1, 1, ['50', '51']],
    ]);
    const on = planHarvest(sources, [target], {
      ...settings,
      giveBack: { ...settings.giveBack, allowEmptyTrades: true },
    });
    expect(on.trades.map((t) => [t.sourceId, t.items.length, t.giveBack.map((i) => i.assetId)])).toEqual([
      [1, 1, ['50', '51']],
      [2, 0, ['52']],
    ]);
  });

  it('plans the remainder past five offers into the next runs', () => {
    const items: HarvestItem[] = Array.from({ length: 1300 }, (_, i) => ({
      appId: 570,
      contextId: '2',
      assetId: String(i + 1),
      amount: 1,
      classId: '1',
      game: 'dota2',
      type: 'Wearable',
      name: 'x',
      price: null,
    }));
    const settings = settingsWith({});
    const plan = planHarvest([{ accountId: 1, items }], [{ accountId: 2, items: [] }], settings);
    expect(plan.trades.map((t) => [t.run, t.items.length])).toEqual([
      [1, 255],
      [1, 255],
      [1, 255],
      [1, 255],
      [1, 255],
      [2, 25],
    ]);
    expect(plan.runs).toBe(2);
  });
});
