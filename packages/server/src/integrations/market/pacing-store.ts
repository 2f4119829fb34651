/**
 * Per-key call pacing of the market (TM deletes a key that makes more than 5 requests in a second). Every server
 * process calls TM with the same keys, so the next free slot of a key lives behind this interface: the database
 * store (`pacing-repo.ts`) shares it between processes; the memory store serves unit tests of one adapter.
 */
export interface MarketPacingStore {
  /**
   * Atomically takes the key's next call slot: the later of `now` and the slot after the previous one. Returns when
   * the caller may call (epoch ms). Two callers never get slots closer than `spacingMs`.
   */
  reserve(keyId: string, now: number, spacingMs: number): Promise<number>;
  /** No call with this key before `until` (epoch ms); a rest only ever extends. */
  rest(keyId: string, until: number): Promise<void>;
}

export class MemoryPacingStore implements MarketPacingStore {
  readonly #next = new Map<string, number>();

  async reserve(keyId: string, now: number, spacingMs: number): Promise<number> {
    const startAt = Math.max(now, this.#next.get(keyId) ?? 0);
    this.#next.set(keyId, startAt + spacingMs);
    return startAt;
  }

  async rest(keyId: string, until: number): Promise<void> {
    this.#next.set(keyId, Math.max(until, this.#next.get(keyId) ?? 0));
  }
}
