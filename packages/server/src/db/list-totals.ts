import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './database.ts';
import { listChanges } from './schema-list-changes.ts';
import { rowsOf } from './sql-fragments.ts';

/**
 * List totals kept between requests. Counting the matches of a filter (up to the cap) is the largest statement of
 * most list requests, and a panel repeats it on every page, scroll and refresh of the same filter although
 * nothing changed. A total is kept per user, list and filter with the snapshot it was counted in, and is used
 * again only while the database says no transaction that snapshot did not see has written to a table the count
 * reads (the `list_changes` rows statement-level triggers write, drizzle/0030_list_changes.sql). The database
 * decides, so it is right with several server processes on one database. See docs/performance.md, "Totals kept
 * between requests".
 */

/** The tables a list's count can read, named as the triggers note them. */
export type ListSource =
  | 'proxies'
  | 'proxy_tag_links'
  | 'steam_accounts'
  | 'steam_account_tag_links'
  | 'lots'
  | 'steam_inventory_items'
  | 'lot_sales'
  | 'harvester_transactions'
  | 'ledger_entries'
  | 'ledger_days'
  | 'ledger_sales'
  | 'lot_prices'
  | 'steam_inventory_scans';

/** Which list a count belongs to, whose it is and which tables it reads. */
export interface ListTotalKey {
  list: string;
  userId: string;
  sources: readonly ListSource[];
}

/** A total as counted: `n` up to `cap` + 1 (`cap` Infinity: exact), in the snapshot `snapshot`. */
export interface KeptTotal {
  n: number;
  cap: number;
  snapshot: string;
  expiresAt: number;
}

/** How long a total is kept. The purge of change rows (list-changes-purge.ts) waits well beyond it. */
export const KEPT_TOTAL_MS = 60_000;
/** How many totals one process keeps for one area at most; the least recently used go first. */
const MAX_KEPT = 5_000;

/** Answers one server process keeps, each with the snapshot it was read in, for `lifetimeMs` at most. */
export class KeptBySnapshot<T extends { snapshot: string }> {
  readonly #kept = new Map<string, T & { expiresAt: number }>();

  constructor(private readonly options: { lifetimeMs: number; maxEntries: number; now: () => number }) {}

  get size(): number {
    return this.#kept.size;
  }

  get(key: string): (T & { expiresAt: number }) | undefined {
    const kept = this.#kept.get(key);
    if (!kept) return undefined;
    this.#kept.delete(key);
    if (kept.expiresAt <= this.options.now()) return undefined;
    this.#kept.set(key, kept);
    return kept;
  }

  set(key: string, answer: T): void {
    this.#kept.delete(key);
    this.#kept.set(key, { ...answer, expiresAt: this.options.now() + this.options.lifetimeMs });
    if (this.#kept.size > this.options.maxEntries) this.#kept.delete(this.#kept.keys().next().value!);
  }

  clear(): void {
    this.#kept.clear();
  }
}

/** The totals one server process keeps for one area's lists (one per `UserScope`). */
export class ListTotals extends KeptBySnapshot<Omit<KeptTotal, 'expiresAt'>> {
  constructor(
    options: { lifetimeMs: number; maxEntries: number; now: () => number } = {
      lifetimeMs: KEPT_TOTAL_MS,
      maxEntries: MAX_KEPT,
      now: () => performance.now(),
    },
  ) {
    super(options);
  }
}

let keeping = true;

/** Turns keeping totals on or off for the whole process (the benchmarks measure the lists both ways). */
export function keepListTotals(on: boolean): void {
  keeping = on;
}

/** The totals of the transactions a `UserScope` runs: a list read inside one finds them here. */
const totalsOfTransaction = new WeakMap<object, ListTotals>();

export function keepTotalsFor(tx: object, totals: ListTotals): void {
  totalsOfTransaction.set(tx, totals);
}

export function keptTotalsOf(tx: object): ListTotals | undefined {
  return keeping ? totalsOfTransaction.get(tx) : undefined;
}

const dialect = new PgDialect();

/**
 * The key of a total: the list, the user and the filter in its canonical form — the count's own WHERE condition
 * as SQL text and parameters, so two requests share a total exactly when they count the same rows. Never the
 * page or the cursor.
 */
export function totalKey(key: ListTotalKey, where: SQL): string {
  const query = dialect.sqlToQuery(where);
  const params = JSON.stringify(query.params, (_name, value) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  return createHash('sha256')
    .update(`${key.list}\0${key.userId}\0${query.sql}\0${params}`)
    .digest('base64url');
}

/**
 * The snapshot of the statement, or null when its transaction has written (an id assigned): a count that sees the
 * transaction's own uncommitted rows must not be kept for others.
 */
export const statementSnapshot = sql<
  string | null
>`(case when pg_current_xact_id_if_assigned() is null then pg_current_snapshot()::text end)`;

/**
 * Whether a transaction the kept total's snapshot did not see has written to one of the list's tables for its
 * user since: a change row whose transaction is at or past the snapshot's xmin and not visible in it (still
 * running when it was taken, or started later). Rows of a transaction still running now are not visible to this
 * statement either; once it commits, its row is, and the total is counted again.
 */
export function changedSince(key: ListTotalKey, snapshot: string): SQL<boolean> {
  const snap = sql`${snapshot}::pg_snapshot`;
  return sql<boolean>`exists (select 1 from ${listChanges} where ${listChanges.userId} = ${key.userId}
    and ${listChanges.source} = any(${sql.param([...key.sources])}::text[])
    and ${listChanges.xid} >= pg_snapshot_xmin(${snap})
    and not pg_visible_in_snapshot(${listChanges.xid}, ${snap}))`;
}

/** The snapshot a kept answer is read in, or null once this transaction has written (`statementSnapshot`). */
export async function snapshotOf(tx: Db): Promise<string | null> {
  const [row] = rowsOf<{ snap: string | null }>(await tx.execute(sql`select ${statementSnapshot} as snap`));
  return row?.snap ?? null;
}

/** Whether a transaction `snapshot` did not see has written to the key's tables of its user since. */
export async function changedAfter(tx: Db, key: ListTotalKey, snapshot: string): Promise<boolean> {
  const [row] = rowsOf<{ changed: boolean }>(
    await tx.execute(sql`select ${changedSince(key, snapshot)} as changed`),
  );
  return row?.changed !== false;
}
