/** The bounds of the page boundaries one process keeps (src/db/list-boundaries.ts): per list, lists, lifetime. */
import { describe, expect, it } from 'vitest';
import { PageBoundaries } from '../../src/db/list-boundaries.ts';

function boundaries(now: { t: number }) {
  return new PageBoundaries({ lifetimeMs: 1_000, maxLists: 2, maxPerList: 3, now: () => now.t });
}

const at = (offset: number) => ({ offset, values: [String(offset)], snapshot: `s${offset}` });

describe('page boundaries kept between requests', () => {
  it('answers the nearest boundary at or below a position, never one above it', () => {
    const kept = boundaries({ t: 0 });
    kept.remember('a', at(50));
    kept.remember('a', at(200));
    expect(kept.nearest('a', 49)).toBeUndefined();
    expect(kept.nearest('a', 50)?.offset).toBe(50);
    expect(kept.nearest('a', 199)?.offset).toBe(50);
    expect(kept.nearest('a', 5_000)?.offset).toBe(200);
    expect(kept.nearest('b', 5_000)).toBeUndefined();
  });

  it('keeps at most its bound per list (the oldest noted goes) and of lists (the least recently used go)', () => {
    const now = { t: 0 };
    const kept = boundaries(now);
    for (const offset of [10, 20, 30, 40]) {
      now.t += 1;
      kept.remember('a', at(offset));
    }
    expect(kept.nearest('a', 15)).toBeUndefined();
    expect(kept.nearest('a', 45)?.offset).toBe(40);
    kept.remember('b', at(10));
    kept.nearest('a', 45);
    kept.remember('c', at(10));
    expect(kept.nearest('b', 10)).toBeUndefined();
    expect(kept.nearest('a', 45)?.offset).toBe(40);
    expect(kept.size).toBe(4);
  });

  it('forgets a boundary past its lifetime and never keeps the start of a list', () => {
    const now = { t: 0 };
    const kept = boundaries(now);
    kept.remember('a', at(0));
    kept.remember('a', at(100));
    expect(kept.nearest('a', 0)).toBeUndefined();
    now.t = 999;
    expect(kept.nearest('a', 100)?.offset).toBe(100);
    now.t = 1_000;
    expect(kept.nearest('a', 100)).toBeUndefined();
    expect(kept.size).toBe(0);
  });
});
