import { type SQL, sql } from 'drizzle-orm';
import { KEPT_TOTAL_MS, type ListTotalKey, totalKey } from './list-totals.ts';

/**
 * Page boundaries kept between requests, so a page asked for by number is read by keyset from the nearest
 * boundary seen before instead of by OFFSET from the list's start: page 1,900 then costs what page 2 costs.
 * A boundary is "the row before position `offset` of this filter and order has these key values", noted with the
 * snapshot of the statement that read it. It is used only while the database says nothing the list reads has
 * changed since that snapshot (the same change rows as kept totals, list-totals.ts), inside the page's own
 * statement; otherwise the page is read by OFFSET as before. See docs/performance.md, "Page numbers by keyset".
 */

export interface PageBoundary {
  /** The position of the first row after the boundary (the count of rows before it). */
  offset: number;
  /** The key values of the row at `offset - 1`, or with `inclusive` of the row at `offset` (the list's first). */
  values: (string | null)[];
  inclusive?: boolean;
  snapshot: string;
  expiresAt: number;
}

/** Boundaries kept per filter and order; past it the oldest noted goes. */
const MAX_PER_LIST = 64;
/** Filters and orders one process keeps boundaries for, per area; the least recently used go first. */
const MAX_LISTS = 1_000;

let keeping = true;

/** Turns keeping page boundaries on or off for the whole process (the benchmarks measure both). */
export function keepPageBoundaries(on: boolean): void {
  keeping = on;
}

/** The boundaries one server process keeps for one area's lists (beside its kept totals). */
export class PageBoundaries {
  readonly #kept = new Map<string, PageBoundary[]>();

  constructor(
    private readonly options: {
      lifetimeMs: number;
      maxLists: number;
      maxPerList: number;
      now: () => number;
    } = {
      // Never longer than a kept total: the change rows a boundary is checked against are purged after that.
      lifetimeMs: KEPT_TOTAL_MS,
      maxLists: MAX_LISTS,
      maxPerList: MAX_PER_LIST,
      now: () => performance.now(),
    },
  ) {}

  get size(): number {
    let n = 0;
    for (const list of this.#kept.values()) n += list.length;
    return n;
  }

  /** The kept boundary nearest below `offset` (at most `offset`), if any is still in its lifetime. */
  nearest(key: string, offset: number): PageBoundary | undefined {
    const list = this.#kept.get(key);
    if (!list) return undefined;
    this.#kept.delete(key);
    const now = this.options.now();
    const live = list.filter((b) => b.expiresAt > now);
    if (live.length === 0) return undefined;
    this.#kept.set(key, live);
    let best: PageBoundary | undefined;
    for (const b of live) if (b.offset <= offset && (!best || b.offset > best.offset)) best = b;
    return best;
  }

  remember(key: string, boundary: Omit<PageBoundary, 'expiresAt'>): void {
    if (boundary.offset < 0 || (boundary.offset === 0 && !boundary.inclusive)) return;
    const list = (this.#kept.get(key) ?? []).filter((b) => b.offset !== boundary.offset);
    list.push({ ...boundary, expiresAt: this.options.now() + this.options.lifetimeMs });
    // Past the bound the oldest noted boundary goes.
    if (list.length > this.options.maxPerList) list.sort((a, b) => a.expiresAt - b.expiresAt).shift();
    this.#kept.delete(key);
    this.#kept.set(key, list);
    if (this.#kept.size > this.options.maxLists) this.#kept.delete(this.#kept.keys().next().value!);
  }

  clear(): void {
    this.#kept.clear();
  }
}

/** The boundaries of the transactions a `UserScope` runs: a list read inside one finds them here. */
const boundariesOfTransaction = new WeakMap<object, PageBoundaries>();

export function keepBoundariesFor(tx: object, boundaries: PageBoundaries): void {
  boundariesOfTransaction.set(tx, boundaries);
}

export function pageBoundariesOf(tx: object): PageBoundaries | undefined {
  return keeping ? boundariesOfTransaction.get(tx) : undefined;
}

/** The key of a list's boundaries: its filter (as a total's key) and its order. */
export function boundaryKey(list: ListTotalKey, where: SQL, orderBy: readonly SQL[]): string {
  return totalKey(list, sql`${where} order by ${sql.join([...orderBy], sql`, `)}`);
}
