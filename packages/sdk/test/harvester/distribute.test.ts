import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distribute, proportionalQuotas } from '../../src/domain/index.ts';

const itemsArb = fc.array(fc.nat(), { maxLength: 500 }).map((xs) => xs.map((x, i) => ({ id: i, x })));
const targetsArb = fc
  .array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 12 })
  .map((weights) => weights.map((weight, i) => ({ accountId: i + 1, weight })));

/** Every item comes out exactly once: in one target's share or in the leftover. */
function expectConserved<T>(items: readonly T[], out: { byTarget: T[][]; leftover: T[] }) {
  const all = [...out.byTarget.flat(), ...out.leftover];
  expect(all).toHaveLength(items.length);
  expect(new Set(all)).toEqual(new Set(items));
}

describe('round robin', () => {
  it('plans every item once and keeps the targets within one item of each other', () => {
    fc.assert(
      fc.property(itemsArb, targetsArb, (items, targets) => {
        const out = distribute(items, targets, { mode: 'roundRobin', capPerTarget: null });
        expectConserved(items, out);
        expect(out.leftover).toEqual([]);
        const sizes = out.byTarget.map((share) => share.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        // Item i goes to target i mod k.
        out.byTarget.forEach((share, t) => {
          for (const item of share) expect(item.id % targets.length).toBe(t);
        });
      }),
    );
  });
});

describe('balanced cap', () => {
  it('fills evenly up to the cap, never past it, and leaves over only what no target has room for', () => {
    fc.assert(
      fc.property(
        itemsArb,
        targetsArb,
        fc.option(fc.integer({ min: 1, max: 200 }), { nil: null }),
        (items, targets, cap) => {
          const out = distribute(items, targets, { mode: 'balancedCap', capPerTarget: cap });
          expectConserved(items, out);
          const sizes = out.byTarget.map((share) => share.length);
          if (cap !== null) for (const size of sizes) expect(size).toBeLessThanOrEqual(cap);
          expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
          if (out.leftover.length > 0) {
            // Something left over only when every target is full.
            expect(cap).not.toBeNull();
            for (const size of sizes) expect(size).toBe(cap);
          } else if (cap === null) {
            expect(out.leftover).toEqual([]);
          }
          // Blocks: each target's share is a run of consecutive items.
          for (const share of out.byTarget) {
            share.forEach((item, i) => {
              if (i > 0) expect(item.id).toBe(share[i - 1]!.id + 1);
            });
          }
        },
      ),
    );
  });
});

describe('proportional spread', () => {
  it('gives each target floor or ceil of its exact share, by largest remainder, all items planned', () => {
    fc.assert(
      fc.property(itemsArb, targetsArb, (items, targets) => {
        const out = distribute(items, targets, { mode: 'proportionalSpread', capPerTarget: null });
        expectConserved(items, out);
        const total = targets.reduce((sum, target) => sum + target.weight, 0);
        if (total === 0) {
          expect(out.leftover).toHaveLength(items.length);
          return;
        }
        expect(out.leftover).toEqual([]);
        targets.forEach((target, t) => {
          const exact = (items.length * target.weight) / total;
          const got = out.byTarget[t]!.length;
          expect(got).toBeGreaterThanOrEqual(Math.floor(exact));
          expect(got).toBeLessThanOrEqual(Math.ceil(exact));
          if (target.weight === 0) expect(got).toBe(0);
        });
      }),
    );
  });

  it('rounds by the largest remainder, ties to the earlier target', () => {
    expect(proportionalQuotas(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(proportionalQuotas(7, [5, 3, 2])).toEqual([4, 2, 1]);
    expect(proportionalQuotas(1, [0, 0, 3])).toEqual([0, 0, 1]);
    expect(proportionalQuotas(3, [0, 0])).toEqual([0, 0]);
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(itemsArb, targetsArb, (items, targets) => {
        const settings = { mode: 'proportionalSpread' as const, capPerTarget: null };
        expect(distribute(items, targets, settings)).toEqual(distribute(items, targets, settings));
      }),
    );
  });
});
