import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  askToBeat,
  decideReprice,
  neededReferences,
  PRICE_WRITE_COOLDOWN_MS,
  planRepricing,
  REPRICE_BATCH_LIMIT,
  type RepricingContext,
  type RepricingLot,
} from '../../src/domain/index.ts';
import { NAME, NOW, type Scene, sceneArb } from './arbitraries.ts';

const RUNS = { numRuns: 400 };

function asksOf(context: RepricingContext) {
  return context.asksByName.get(NAME)?.asks ?? [];
}

/** Our cheapest other listing when it leads the market for `lot`: at or below the (bait-guarded) ask to beat. */
function leadingOwnAsk(scene: Scene, lot: RepricingLot): number | null {
  const asks = asksOf(scene.context);
  const foreign = asks
    .filter((ask) => !scene.context.ownItemIds.has(ask.itemId))
    .map((ask) => ask.price.amount)
    .sort((a, b) => a - b);
  const beat = askToBeat(foreign);
  const own = asks
    .filter((ask) => scene.context.ownItemIds.has(ask.itemId) && ask.itemId !== lot.itemId)
    .map((ask) => ask.price.amount);
  if (own.length === 0) return null;
  const cheapest = Math.min(...own);
  return beat === null || cheapest <= beat ? cheapest : null;
}

function forEachDecision(check: (scene: Scene, lot: RepricingLot) => void) {
  fc.assert(
    fc.property(sceneArb, (scene) => {
      for (const lot of scene.lots) check(scene, lot);
    }),
    RUNS,
  );
}

describe('repricing safety rules, every strategy and profile on random markets', () => {
  it('a new price stays in [min, max], at or above the purchase price, at least one unit, integer, same currency', () => {
    forEachDecision((scene, lot) => {
      const decision = decideReprice(lot, scene.context);
      if (decision.outcome !== 'changed') {
        expect(decision.newPrice).toBeUndefined();
        return;
      }
      const price = decision.newPrice;
      expect(price).toBeDefined();
      if (!price || !lot.min || !lot.max) throw new Error('changed without a price or bounds');
      expect(Number.isSafeInteger(price.amount)).toBe(true);
      expect(price.currency).toBe(lot.price.currency);
      expect(price.amount).toBeGreaterThanOrEqual(lot.min.amount);
      expect(price.amount).toBeLessThanOrEqual(lot.max.amount);
      expect(price.amount).toBeGreaterThanOrEqual(1);
      if (lot.purchasePrice) expect(price.amount).toBeGreaterThanOrEqual(lot.purchasePrice.amount);
      expect(price.amount).not.toBe(lot.price.amount);
    });
  });

  it('never goes under our own listing on another account that leads the market', () => {
    forEachDecision((scene, lot) => {
      const decision = decideReprice(lot, scene.context);
      if (!decision.newPrice) return;
      const own = leadingOwnAsk(scene, lot);
      if (own !== null) expect(decision.newPrice.amount).toBeGreaterThanOrEqual(own);
    });
  });

  it('our own asks are never the ask to beat: own listings above every foreign ask change nothing', () => {
    forEachDecision((scene, lot) => {
      const before = decideReprice(lot, scene.context);
      const top = Math.max(0, ...asksOf(scene.context).map((ask) => ask.price.amount));
      const currency = lot.price.currency;
      const extra = [1, 2, 3].map((step) => ({
        itemId: `extra-own-${step}`,
        price: { currency, amount: top + step },
      }));
      const snapshot = scene.context.asksByName.get(NAME);
      if (!snapshot) throw new Error('no snapshot');
      const foreignCount = asksOf(scene.context).filter(
        (ask) => !scene.context.ownItemIds.has(ask.itemId),
      ).length;
      if (foreignCount === 0) return; // with no foreign ask our own cheapest leads by definition
      const context: RepricingContext = {
        ...scene.context,
        asksByName: new Map([[NAME, { ...snapshot, asks: [...snapshot.asks, ...extra] }]]),
        ownItemIds: new Set([...scene.context.ownItemIds, ...extra.map((ask) => ask.itemId)]),
      };
      expect(decideReprice(lot, context)).toEqual(before);
    });
  });

  it('preview and apply agree on every lot: the same decisions, and the batches are exactly the changed lots', () => {
    fc.assert(
      fc.property(sceneArb, (scene) => {
        const preview = planRepricing(scene.lots, scene.context);
        const apply = planRepricing(scene.lots, scene.context);
        expect(apply.decisions).toEqual(preview.decisions);
        const written = apply.batches.flat();
        const changed = preview.decisions.filter((item) => item.outcome === 'changed');
        expect(written).toEqual(changed.map((item) => ({ itemId: item.itemId, price: item.newPrice })));
        for (const batch of apply.batches) {
          expect(batch.length).toBeGreaterThan(0);
          expect(batch.length).toBeLessThanOrEqual(REPRICE_BATCH_LIMIT);
        }
        const { changed: c, unchanged, unavailable, failed } = preview.summary;
        expect(c + unchanged + unavailable + failed).toBe(scene.lots.length);
        expect(c).toBe(changed.length);
      }),
      RUNS,
    );
  });

  it('a missing or stale reference never acts', () => {
    fc.assert(
      fc.property(sceneArb, fc.boolean(), (scene, drop) => {
        for (const lot of scene.lots) {
          const needed = neededReferences(lot);
          const references = { ...scene.context.referencesByName.get(NAME) };
          for (const kind of needed) {
            const reference = references[kind];
            references[kind] =
              drop || !reference
                ? null
                : { ...reference, observedAt: new Date(NOW.getTime() - (reference.ttlMs ?? 0) - 1) };
          }
          const context = { ...scene.context, referencesByName: new Map([[NAME, references]]) };
          const fresh = { ...lot, lastPriceWriteAt: null };
          const decision = decideReprice(fresh, context);
          if (needed.length === 0) continue;
          expect(decision.outcome).toBe('unavailable');
          expect(decision.reason).toBe(drop ? 'reference_missing' : 'reference_stale');
          expect(decision.newPrice).toBeUndefined();
        }
      }),
      RUNS,
    );
  });

  it('a lot written within the last minute is left alone; after a minute it is decided again', () => {
    fc.assert(
      fc.property(sceneArb, fc.integer({ min: 0, max: PRICE_WRITE_COOLDOWN_MS - 1 }), (scene, ago) => {
        for (const lot of scene.lots) {
          const recent = decideReprice(
            { ...lot, lastPriceWriteAt: new Date(NOW.getTime() - ago) },
            scene.context,
          );
          expect(recent.outcome).toBe('unavailable');
          expect(recent.reason).toBe('cooldown');
          expect(recent.retryAt?.getTime()).toBe(NOW.getTime() - ago + PRICE_WRITE_COOLDOWN_MS);
          const later = decideReprice(
            { ...lot, lastPriceWriteAt: new Date(NOW.getTime() - PRICE_WRITE_COOLDOWN_MS) },
            scene.context,
          );
          expect(later.reason).not.toBe('cooldown');
        }
      }),
      RUNS,
    );
  });

  it("the cooldown follows the market's own spacing when the context gives one (a sandbox's second)", () => {
    fc.assert(
      fc.property(sceneArb, (scene) => {
        const context = { ...scene.context, priceWriteCooldownMs: 1_000 };
        for (const lot of scene.lots) {
          const recent = decideReprice({ ...lot, lastPriceWriteAt: new Date(NOW.getTime() - 999) }, context);
          expect(recent.reason).toBe('cooldown');
          expect(recent.retryAt?.getTime()).toBe(NOW.getTime() + 1);
          const later = decideReprice({ ...lot, lastPriceWriteAt: new Date(NOW.getTime() - 1_000) }, context);
          expect(later.reason).not.toBe('cooldown');
        }
      }),
      RUNS,
    );
  });

  it('a lot not on sale or with a settlement hold is never repriced', () => {
    forEachDecision((scene, lot) => {
      expect(decideReprice({ ...lot, onSale: false }, scene.context).reason).toBe('not_on_sale');
      expect(decideReprice({ ...lot, settlement: 1_800_000_000 }, scene.context).reason).toBe('not_on_sale');
    });
  });

  it('an out-of-range target is not chased: the lot stays and gets the issue', () => {
    forEachDecision((scene, lot) => {
      const decision = decideReprice(lot, scene.context);
      if (!decision.target || !lot.min || !lot.max) return;
      const outside =
        decision.target.amount < Math.max(1, lot.min.amount) || decision.target.amount > lot.max.amount;
      expect(decision.issue === 'out_of_range').toBe(outside);
      if (outside) {
        expect(decision.outcome).toBe('unchanged');
        expect(decision.newPrice).toBeUndefined();
      }
    });
  });
});
