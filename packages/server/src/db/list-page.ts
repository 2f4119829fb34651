import { ResultCode } from '@tradedeck/sdk/contract';
import { LIST_TOTAL_CAP } from '@tradedeck/sdk/domain';
import { Column, is, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError } from '../http/app-error.ts';
import type { Db } from './database.ts';
import { boundaryKey, type PageBoundary, pageBoundariesOf } from './list-boundaries.ts';
import {
  changedSince,
  type KeptTotal,
  keptTotalsOf,
  type ListTotalKey,
  type ListTotals,
  statementSnapshot,
  totalKey,
} from './list-totals.ts';
import { rowsOf } from './sql-fragments.ts';

/**
 * The one way a list reads a page (proxies, Steam accounts, harvester transactions, P2P lots and sales):
 *
 * - the order is a list of keys ending with a unique one (the id), each ascending or descending, nulls last;
 * - a page is either an OFFSET page (`pages`) or a keyset page (`after`: the opaque cursor of the last row seen),
 *   which costs the same however deep it is and never skips or repeats a row when rows are added meanwhile;
 * - the total is counted up to a cap (`LIST_TOTAL_CAP`, or further when the page itself lies beyond it) and
 *   flagged `totalCapped` past it; `exactTotal` asks for the exact figure;
 * - a total counted before for the same user, list and filter is used again while nothing it counts has changed
 *   (list-totals.ts).
 *
 * See docs/performance.md, "The list helper".
 */

export interface ListKey {
  /** The column or expression rows are ordered by. */
  expr: SQLWrapper;
  descending: boolean;
  /** The expression is never null (a NOT NULL column says so itself): its order is a plain index order. */
  notNull?: boolean;
  /**
   * The key's index stores it descending, nulls last (a list read newest first). Where the key is never null
   * (its non-null stretch, `keyRanges`) the order then names the nulls so as to match that index read forwards
   * (`desc nulls last`) or backwards (`asc nulls first`); a plain ascending index matches plain `asc` / `desc`.
   */
  indexedDescending?: boolean;
}

/** Whether a key can be null: a plain NOT NULL column or a key marked so cannot. */
function nullable(key: ListKey): boolean {
  if (key.notNull !== undefined) return !key.notNull;
  return !(is(key.expr, Column) && key.expr.notNull);
}

/** What a list counts: the table's rows matching `where`, or their groups when the list groups them. */
export interface ListFrom {
  table: PgTable;
  where: SQL;
  groupBy?: (SQL | PgColumn)[];
}

export interface ListWindowInput {
  pages: { page: number; pageSize: number };
  after?: string | null | undefined;
  exactTotal?: boolean | undefined;
}

export interface ListWindow {
  page: number;
  pageSize: number;
  offset: number;
  /** The key values of the last row already seen (keyset page), or null for an OFFSET page. */
  after: (string | null)[] | null;
  exactTotal: boolean;
}

/** The page, total and cursor of a list answer, as `listOutputSchema` carries them. */
export interface ListAnswer<T> {
  items: T[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
  /** The cursor of the page's last row: pass it as `after` for the next page; null when this page is the last. */
  nextCursor: string | null;
}

/** Reads `pages`, `after` and `exactTotal` of a list request; a cursor for another order is refused. */
export function listWindow(input: ListWindowInput, keys: readonly ListKey[]): ListWindow {
  const { page, pageSize } = input.pages;
  const after = input.after ? decodeCursor(input.after, keys.length) : null;
  return { page, pageSize, offset: after ? 0 : (page - 1) * pageSize, after, exactTotal: !!input.exactTotal };
}

/**
 * ORDER BY of the keys, nulls last in either direction. A key that is never null gets a plain `asc`/`desc`, which
 * an index read backwards serves too (`desc nulls last` would not match the index's order).
 */
export function orderByKeys(keys: readonly ListKey[]): SQL[] {
  return keys.map((key) => {
    const { expr, descending } = key;
    if (!nullable(key) && key.indexedDescending)
      return descending ? sql`${expr} desc nulls last` : sql`${expr} asc nulls first`;
    if (!nullable(key)) return descending ? sql`${expr} desc` : sql`${expr} asc`;
    return descending ? sql`${expr} desc nulls last` : sql`${expr} asc nulls last`;
  });
}

/**
 * How an OFFSET page is read. With a boundary kept for this filter and order at or before the page's start, the
 * statement reads two branches of which the database runs one: by keyset after the boundary while nothing the
 * list reads has changed since its snapshot (`fresh`), else by OFFSET from the start (`stale`). A page that
 * does not start at a boundary reads one row more in front (`leading`): the row before the page, whose keys are
 * the boundary of this page's start. `remember` keeps the boundaries the page read.
 */
export interface PagePlan {
  boundary: PageBoundary | null;
  /** The condition "nothing changed since the boundary's snapshot", and its negation. */
  fresh: SQL | null;
  stale: SQL | null;
  /** Rows the keyset branch skips after the boundary, and the OFFSET branch from the start. */
  freshSkip: number;
  staleSkip: number;
  limit: number;
  /** The first row read is the row before the page, not one of its rows. */
  leading: boolean;
  /**
   * The page lies past the list cap, where the total is counted to the page's end: one row more is read after
   * the page instead, which tells the same (`pastCap`), so a deep page counts nothing.
   */
  trailing: boolean;
  /**
   * Keeps the boundaries at the page's start and end, read in the statement's snapshot: `read` every row the
   * statement read (the leading one first), `page` the page's own rows.
   */
  remember(
    read: readonly Record<string, unknown>[],
    page: readonly Record<string, unknown>[],
    snapshot: string | null,
  ): void;
}

export function pagePlan(
  tx: Db,
  window: ListWindow,
  keys: readonly ListKey[],
  where: SQL,
  list: ListTotalKey | undefined,
): PagePlan {
  const kept = list && !window.after ? pageBoundariesOf(tx) : undefined;
  const trailing = !window.after && !window.exactTotal && window.offset + window.pageSize > LIST_TOTAL_CAP;
  const plain: PagePlan = {
    boundary: null,
    fresh: null,
    stale: null,
    freshSkip: 0,
    staleSkip: window.offset,
    limit: window.pageSize + (trailing ? 1 : 0),
    leading: false,
    trailing,
    remember: () => undefined,
  };
  if (!kept || !list) return plain;
  const key = boundaryKey(list, where, orderByKeys(keys));
  const boundary = kept.nearest(key, window.offset) ?? null;
  const leading = window.offset > 0 && boundary?.offset !== window.offset;
  const from = boundary?.offset ?? 0;
  const changed = boundary ? changedSince(list, boundary.snapshot) : null;
  return {
    boundary,
    fresh: changed && sql`not ${changed}`,
    stale: changed,
    freshSkip: window.offset - from - (leading ? 1 : 0),
    staleSkip: window.offset - (leading ? 1 : 0),
    limit: window.pageSize + (leading ? 1 : 0) + (trailing ? 1 : 0),
    leading,
    trailing,
    remember(read, page, snapshot) {
      if (snapshot === null) return;
      const leadRow = leading ? read[0] : undefined;
      const first = page[0];
      const last = page.at(-1);
      if (leadRow)
        kept.remember(key, { offset: window.offset, values: keyValuesOf(leadRow, keys), snapshot });
      // The list's first row starts it: a first page read again (a search whose first match lies deep in the
      // order) starts there instead of walking every row before it.
      else if (window.offset === 0 && first)
        kept.remember(key, { offset: 0, values: keyValuesOf(first, keys), inclusive: true, snapshot });
      if (last)
        kept.remember(key, {
          offset: window.offset + page.length,
          values: keyValuesOf(last, keys),
          snapshot,
        });
    },
  };
}

/**
 * The total of a page past the cap read with one row after it (`PagePlan.trailing`): what a count to the page's
 * end would say. A row after the page means more than the page's end (capped there); none, that the page ends the
 * list. An empty page says nothing: it is counted.
 */
export function pastCap(
  window: ListWindow,
  pageRows: number,
  more: boolean,
): { total: number; totalCapped: boolean } | null {
  if (pageRows === 0) return null;
  return { total: window.offset + pageRows, totalCapped: more };
}

/** The keys as text columns of the page statement, so a cursor holds them exactly (timestamps to the µs). */
export function keyColumns(keys: readonly ListKey[]): Record<string, SQL<string | null>> {
  return Object.fromEntries(keys.map(({ expr }, i) => [`listKey${i}`, sql<string | null>`(${expr})::text`]));
}

/**
 * "Comes after these key values in this order": for keys k1…kn and values v1…vn, the OR over i of
 * (k1…k(i-1) equal, ki after vi), where nulls sort last. With one key it is a plain range, so an index serves it.
 */
export function afterKeys(
  keys: readonly ListKey[],
  values: readonly (string | null)[],
  inclusive = false,
): SQL {
  const first = keys[0];
  // Keys that are never null and all run one way: one row comparison, which a composite index reads as a range
  // (an OR of branches makes Postgres filter the user's whole index instead).
  if (first && keys.every((key) => !nullable(key) && key.descending === first.descending)) {
    if (values.some((value) => value === null)) return inclusive ? allEqual(keys, values) : sql`false`;
    const left = sql.join(
      keys.map(({ expr }) => sql`${expr}`),
      sql`, `,
    );
    const right = sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
    if (inclusive) return first.descending ? sql`(${left}) <= (${right})` : sql`(${left}) >= (${right})`;
    return first.descending ? sql`(${left}) < (${right})` : sql`(${left}) > (${right})`;
  }
  const branches: SQL[] = [];
  for (let i = 0; i < keys.length; i++) {
    const equal = keys.slice(0, i).map(({ expr }, j) => sameAs(expr, values[j] ?? null));
    const { expr, descending } = keys[i]!;
    const value = values[i] ?? null;
    // Nothing sorts after a null (nulls are last) except more nulls, which the equality of the next key covers.
    if (value === null) continue;
    const past = descending ? sql`${expr} < ${value}` : sql`${expr} > ${value}`;
    const beyond = nullable(keys[i]!) ? sql`(${past} or ${expr} is null)` : past;
    branches.push(sql.join([...equal, beyond], sql` and `));
  }
  // "At or after": the row holding these very values too.
  if (inclusive) branches.push(allEqual(keys, values));
  if (branches.length === 0) return sql`false`;
  const after = sql`(${sql.join(branches, sql` or `)})`;
  // A first key that is never null bounds every branch: the range an index on it starts from.
  const start = values[0] ?? null;
  if (!first || nullable(first) || start === null) return after;
  return first.descending
    ? sql`(${first.expr} <= ${start} and ${after})`
    : sql`(${first.expr} >= ${start} and ${after})`;
}

/**
 * One stretch of a list's order that an index reads as a plain range: its condition and the order within it.
 * A nullable first key splits the list in two, its non-null rows then its nulls (nulls are last either way), so
 * each part is read in an order an index on the key serves, read forwards or backwards ("desc nulls last" over
 * the whole list is neither direction of a plain index).
 */
export interface KeyRange {
  /** The rows of this stretch after the given key values; null: every row. */
  where: SQL | null;
  /** The order within the stretch: the keys, less a first key that is null throughout it. */
  keys: ListKey[];
}

/**
 * The stretches of the list after these key values (from the start when null; at or after them when
 * `inclusive`), in the list's order.
 */
export function keyRanges(
  keys: readonly ListKey[],
  after: readonly (string | null)[] | null,
  inclusive = false,
): KeyRange[] {
  const [first, ...rest] = keys;
  if (!first || !nullable(first) || rest.length === 0)
    return [{ where: after ? afterKeys(keys, after, inclusive) : null, keys: [...keys] }];
  const present: ListKey[] = [{ ...first, notNull: true }, ...rest];
  const nulls: KeyRange = { where: sql`${first.expr} is null`, keys: rest };
  if (!after) return [{ where: sql`${first.expr} is not null`, keys: present }, nulls];
  const [start, ...later] = after;
  if (start === null || start === undefined)
    return [{ where: sql`(${first.expr} is null and ${afterKeys(rest, later, inclusive)})`, keys: rest }];
  return [
    { where: sql`(${first.expr} is not null and ${afterKeys(present, after, inclusive)})`, keys: present },
    nulls,
  ];
}

function allEqual(keys: readonly ListKey[], values: readonly (string | null)[]): SQL {
  return sql`(${sql.join(
    keys.map(({ expr }, i) => sameAs(expr, values[i] ?? null)),
    sql` and `,
  )})`;
}

function sameAs(expr: SQLWrapper, value: string | null): SQL {
  return value === null ? sql`${expr} is null` : sql`${expr} = ${value}`;
}

/**
 * The total of a list: exact when asked or when there are few rows, else counted up to the cap (or to the end of
 * the requested page, when that lies further) and flagged capped. `rowsOnPage`: how many rows the page itself
 * read. With `totals` (which list, whose, and the tables its count reads) a total counted before is used again
 * while nothing it counted has changed (list-totals.ts): one cheap statement instead of the count.
 */
export async function countMatches(
  tx: Db,
  from: ListFrom,
  window: ListWindow,
  rowsOnPage: number,
  totals?: ListTotalKey,
): Promise<{ total: number; totalCapped: boolean }> {
  return listTotal(tx, from, window, totals).count(rowsOnPage);
}

/**
 * The total of one list request, as `countMatches` reads it, to be read on its own (`count`) or inside the
 * page's own statement (`inPage`, then `read`).
 */
export function listTotal(tx: Db, from: ListFrom, window: ListWindow, totals?: ListTotalKey): ListTotal {
  return new ListTotal(tx, from, window, totals);
}

/** A first page that is not full holds every match: nothing to count. */
function pageIsAll(window: ListWindow, rowsOnPage: number): boolean {
  return window.offset === 0 && !window.after && rowsOnPage < window.pageSize;
}

class ListTotal {
  /** Where a total of this list and filter is kept, and the kept one if it can answer this request. */
  readonly #kept: { totals: ListTotals; key: string; total: KeptTotal | undefined } | null = null;

  constructor(
    private readonly tx: Db,
    private readonly from: ListFrom,
    private readonly window: ListWindow,
    private readonly list?: ListTotalKey,
  ) {
    const totals = list && keptTotalsOf(tx);
    if (!list || !totals) return;
    // Exact totals are kept apart: an exact request is only ever answered by an exact count.
    const key = `${totalKey(list, from.where)}${window.exactTotal ? ':exact' : ''}`;
    const kept = totals.get(key);
    // A capped total answers a request counting no further, or any request when it was below its cap.
    const answers = kept !== undefined && (kept.n <= kept.cap || totalCap(window) <= kept.cap);
    this.#kept = { totals, key, total: answers ? kept : undefined };
  }

  /**
   * The total counted before for this list and filter, whether or not it still holds: a hint of how many rows
   * match, for choosing how to read the page (the total itself is still checked).
   */
  get keptCount(): number | undefined {
    return this.#kept ? this.#kept.totals.get(this.#kept.key)?.n : undefined;
  }

  /** The count as a scalar expression; null while the kept total still holds (the count is then not run). */
  #counted(): SQL<number | null> {
    const counted = countedMatches(this.tx, this.from, this.window);
    const kept = this.#kept?.total;
    if (!kept || !this.list) return counted;
    return sql<number | null>`(case when ${changedSince(this.list, kept.snapshot)} then ${counted} end)`;
  }

  /** The total of a page read on its own: one statement, or none when a first page is not full. */
  async count(rowsOnPage: number): Promise<{ total: number; totalCapped: boolean }> {
    if (pageIsAll(this.window, rowsOnPage)) return { total: rowsOnPage, totalCapped: false };
    const [row] = rowsOf<{ n: number | null; snap: string | null }>(
      await this.tx.execute(sql`select ${this.#counted()} as n, ${statementSnapshot} as snap`),
    );
    return this.#answer(row?.n ?? null, row?.snap ?? null);
  }

  /**
   * The total as an expression of the page's own statement, so a page and its total cost one round trip: `page`
   * names the page's rows (a CTE of that statement); a first page that is not full is its own total. Read the
   * value back with `read`; a page with no rows returns no row to carry it, and `read` then counts on its own.
   */
  inPage(page: SQL): SQL {
    const counted = this.#counted();
    const total =
      this.window.offset > 0 || this.window.after
        ? counted
        : sql`(case when (select count(*)::int from ${page}) < ${this.window.pageSize}::int
            then (select count(*)::int from ${page}) else ${counted} end)`;
    return sql`json_build_array(${total}, ${statementSnapshot})`;
  }

  /** The total from the value `inPage` gave the page's first row (undefined: the page had no rows). */
  async read(value: unknown, rowsOnPage: number): Promise<{ total: number; totalCapped: boolean }> {
    if (value === undefined) return this.count(rowsOnPage);
    if (pageIsAll(this.window, rowsOnPage)) return { total: rowsOnPage, totalCapped: false };
    const [n, snap] = (typeof value === 'string' ? JSON.parse(value) : value) as [
      number | null,
      string | null,
    ];
    return this.#answer(n, snap);
  }

  /** A counted total is kept with its snapshot; none (null) means the kept one still holds. */
  async #answer(n: number | null, snapshot: string | null): Promise<{ total: number; totalCapped: boolean }> {
    const kept = this.#kept;
    if (n === null) {
      if (kept?.total) return countAnswer(kept.total.n, this.window);
      throw new Error('A list total was neither counted nor kept');
    }
    if (kept && snapshot !== null)
      kept.totals.set(kept.key, {
        n,
        cap: this.window.exactTotal ? Number.POSITIVE_INFINITY : totalCap(this.window),
        snapshot,
      });
    return countAnswer(n, this.window);
  }
}

/** The cap a total is counted to: the list cap, or the end of the requested page when that lies further. */
function totalCap(window: ListWindow): number {
  return Math.max(LIST_TOTAL_CAP, window.offset + window.pageSize);
}

/** The count of the matching rows as a scalar subquery: exact when asked, else up to one past the cap. */
function countedMatches(tx: Db, from: ListFrom, window: ListWindow): SQL<number> {
  const matched = tx.select({ one: sql`1` }).from(from.table).where(from.where);
  // A grouped list counts its groups.
  const rows = from.groupBy ? matched.groupBy(...from.groupBy) : matched;
  const matching = window.exactTotal ? rows : rows.limit(totalCap(window) + 1);
  return sql<number>`(select count(*)::int from (${matching}) as matching)`;
}

/** The total and its capped flag from a count of at most cap + 1 (or an exact count). */
function countAnswer(n: number, window: ListWindow): { total: number; totalCapped: boolean } {
  const cap = totalCap(window);
  return !window.exactTotal && n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false };
}

/** The answer of a page whose rows were read with `keyColumns`: the items, total and the next cursor. */
export function listAnswer<R extends Record<string, unknown>, T>(
  rows: readonly R[],
  toItem: (row: R) => T,
  window: ListWindow,
  keys: readonly ListKey[],
  count: { total: number; totalCapped: boolean },
): ListAnswer<T> {
  const last = rows.at(-1);
  const full = rows.length === window.pageSize;
  return {
    items: rows.map(toItem),
    total: count.total,
    totalCapped: count.totalCapped,
    page: window.page,
    pageSize: window.pageSize,
    nextCursor: last && full ? encodeCursor(keyValuesOf(last, keys)) : null,
  };
}

/** The key values of a row read with `keyColumns`: where the next keyset page starts. */
export function keyValuesOf(row: Record<string, unknown>, keys: readonly ListKey[]): (string | null)[] {
  return keys.map((_, i) => (row[`listKey${i}`] as string | null) ?? null);
}

export function encodeCursor(values: readonly (string | null)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

function decodeCursor(cursor: string, length: number): (string | null)[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = null;
  }
  if (
    !Array.isArray(values) ||
    values.length !== length ||
    !values.every((v) => v === null || typeof v === 'string')
  ) {
    throw new AppError({
      code: ResultCode.ValidationError,
      text: {
        en: 'The list cursor does not belong to this list and order; reload the list.',
        ru: 'Курсор не относится к этому списку и порядку сортировки; обновите список.',
      },
    });
  }
  return values as (string | null)[];
}
