/**
 * Where limiter states live. Every process that calls Steam through the same egress must move the same state, so
 * on Postgres they sit in a table (repo.ts) and are moved by compare-and-set: a state is read with its version
 * and written back only if nobody wrote it meanwhile, else read again. The memory store serves one process
 * (PGlite, tests, benches).
 */
import type { LimiterState } from './limiter.ts';

export interface VersionedState {
  state: LimiterState;
  version: number;
}

export interface PacingStore {
  /** The key's state and version, or null when it has none yet. */
  read(key: string): Promise<VersionedState | null>;
  /** Writes `next` when the key is still at `version` (null: has no row yet); false when another writer won. */
  write(key: string, version: number | null, next: LimiterState): Promise<boolean>;
  /** Every key starting with `prefix` (the state shown to users). */
  list(prefix: string): Promise<{ key: string; state: LimiterState }[]>;
  /** Every key resting at `now` (the rests shown on proxy and account rows). */
  resting(now: number): Promise<{ key: string; state: LimiterState }[]>;
}

export class MemoryPacingStore implements PacingStore {
  readonly #rows = new Map<string, VersionedState>();

  async read(key: string): Promise<VersionedState | null> {
    return this.#rows.get(key) ?? null;
  }

  async write(key: string, version: number | null, next: LimiterState): Promise<boolean> {
    const row = this.#rows.get(key);
    if ((row?.version ?? null) !== version) return false;
    this.#rows.set(key, { state: next, version: (version ?? 0) + 1 });
    return true;
  }

  async list(prefix: string): Promise<{ key: string; state: LimiterState }[]> {
    return [...this.#rows]
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, row]) => ({ key, state: row.state }));
  }

  async resting(now: number): Promise<{ key: string; state: LimiterState }[]> {
    return [...this.#rows]
      .filter(([, row]) => row.state.restUntil > now)
      .map(([key, row]) => ({ key, state: row.state }));
  }
}
