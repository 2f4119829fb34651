/**
 * The one way a status column changes (docs/state-machines.md). A machine declares its statuses and the moves
 * allowed between them as data; `move` refuses an undeclared move before anything is written, then changes the row
 * only from the status the caller read (a compare-and-set, so of two writers only one moves it) and records the
 * area's event in the same transaction. The SQL stays in the area's repository, behind a `StatusStore`.
 */

/** A state machine declared as data. */
export interface Machine<S extends string> {
  readonly name: string;
  readonly statuses: readonly S[];
  /** For each status, the statuses it may move to. */
  readonly edges: Readonly<Record<S, readonly S[]>>;
}

/** The compare-and-set of one area's status column, written in its repository and bound to the caller's transaction. */
export interface StatusStore<S extends string, R> {
  /** Sets `set` (with its new status) on row `id` only while its status is one of `from`; null when it is not. */
  compareAndSet(id: number, from: readonly S[], set: Partial<R> & { status: S }): Promise<R | null>;
}

/** A move the machine does not declare: a bug in the caller, refused before the database is touched. */
export class IllegalMoveError extends Error {
  override name = 'IllegalMoveError';
  constructor(
    readonly machine: string,
    readonly from: string,
    readonly to: string,
  ) {
    super(`${machine}: ${from} -> ${to} is not a declared move`);
  }
}

export function defineMachine<const S extends string>(spec: {
  name: string;
  statuses: readonly S[];
  edges: { readonly [K in S]: readonly S[] };
}): Machine<S> {
  const known = new Set<string>(spec.statuses);
  for (const [from, targets] of Object.entries<readonly S[]>(spec.edges)) {
    if (!known.has(from)) throw new Error(`${spec.name}: edges name an unknown status ${from}`);
    for (const to of targets)
      if (!known.has(to)) throw new Error(`${spec.name}: ${from} -> ${to} names an unknown status`);
  }
  for (const status of spec.statuses)
    if (!(status in spec.edges)) throw new Error(`${spec.name}: status ${status} has no edges entry`);
  return { name: spec.name, statuses: spec.statuses, edges: spec.edges };
}

export function allows<S extends string>(machine: Machine<S>, from: S, to: S): boolean {
  return machine.edges[from]?.includes(to) ?? false;
}

export interface MoveOptions<R> {
  /** Other columns written with the status. */
  set?: Partial<R>;
  /** The area's event or history row for the moved row, in the same transaction. */
  event?: (moved: R) => Promise<void>;
}

/**
 * Moves `row` (its id is all a move needs) from `from` (one status, or any of several) to `to` through the
 * machine's store, in the store's transaction. Null when the row was no longer in `from` (someone else moved
 * it): the caller stops working on it.
 */
export async function move<S extends string, R extends { id: number }>(
  store: StatusStore<S, R>,
  machine: Machine<S>,
  row: Pick<R, 'id'>,
  from: S | readonly S[],
  to: S,
  options: MoveOptions<R> = {},
): Promise<R | null> {
  const froms: readonly S[] = typeof from === 'string' ? [from as S] : (from as readonly S[]);
  for (const status of froms)
    if (!allows(machine, status, to)) throw new IllegalMoveError(machine.name, status, to);
  const moved = await store.compareAndSet(row.id, froms, { ...options.set, status: to } as Partial<R> & {
    status: S;
  });
  if (moved && options.event) await options.event(moved);
  return moved;
}
