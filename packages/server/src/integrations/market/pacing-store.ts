/**
 * Per-key call pacing of the market (TM deletes a key that makes more than 5 requests in a second). Every server
 * process calls TM with the same keys, so the key's last call lives behind this interface: the database store
 * (`pacing-repo.ts`) shares it between processes; the memory store serves unit tests of one adapter.
 *
 * A slot is taken at the moment of the call, never booked ahead: a caller that woke late (a loaded machine, a
 * slow proxy) takes its slot late, so calls that reach TM are never closer than the spacing even when a timer
 * fires late. With a spacing of 300 ms any second holds at most 4 calls of one key.
 */
export type PacingTake = { granted: true } | { granted: false; waitMs: number };

export interface MarketPacingStore {
  /**
   * Atomically takes the key's call slot now when the previous call of the key was at least `spacingMs` ago (and no
   * rest holds it); otherwise answers how long to wait before asking again. `now` is the caller's clock; the
   * database store uses the database's own clock instead, the one clock every process shares, read when the
   * statement runs (a caller queued behind others takes its slot when it is really taken).
   */
  take(keyId: string, now: number, spacingMs: number): Promise<PacingTake>;
  /** No call with this key before `until` (epoch ms); a rest only ever extends. */
  rest(keyId: string, until: number): Promise<void>;
}

export class MemoryPacingStore implements MarketPacingStore {
  /** The earliest time of the key's next call. */
  readonly #next = new Map<string, number>();

  async take(keyId: string, now: number, spacingMs: number): Promise<PacingTake> {
    const next = this.#next.get(keyId) ?? 0;
    if (next > now) return { granted: false, waitMs: next - now };
    this.#next.set(keyId, now + spacingMs);
    return { granted: true };
  }

  async rest(keyId: string, until: number): Promise<void> {
    this.#next.set(keyId, Math.max(until, this.#next.get(keyId) ?? 0));
  }
}
