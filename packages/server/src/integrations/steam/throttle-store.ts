/**
 * Per-proxy sign-in spacing and cool-downs, and per-account cool-downs. Several server processes may sign
 * accounts in through the same proxy, so the state sits behind this interface: the in-memory store serves one
 * process (and tests); a database store (one row per key, `reserveSlot` as a single UPDATE ... RETURNING)
 * makes it shared.
 */
export interface SlotReservation {
  /** When the caller may start its sign-in (now or later, keeping the spacing). */
  startAt: number;
}

/** A turn asked for: taken until a time, or held by another caller until `freeAt`. */
export type TurnTake = { taken: true; until: number } | { taken: false; freeAt: number };

export interface ThrottleStore {
  /**
   * Atomically takes the next sign-in slot of a proxy: the later of `now` and the previous slot plus
   * `minIntervalMs`. Two callers never get the same slot.
   */
  reserveSlot(proxyKey: string, now: number, minIntervalMs: number): Promise<SlotReservation>;
  /**
   * Atomically takes the key's turn for `holdMs` when nobody holds it at `now`. A turn is taken at the moment it
   * is used, never booked ahead, so the time a caller waits for its turn never eats into the next one.
   */
  takeTurn(key: string, now: number, holdMs: number): Promise<TurnTake>;
  /** Moves the end of a turn (given back early, or counted from a later start); another caller's turn stays. */
  moveTurn(key: string, until: number, to: number): Promise<void>;
  /** No sign-ins through this proxy before `until` (epoch ms). Extends, never shortens, a running cool-down. */
  coolDownProxy(proxyKey: string, until: number): Promise<void>;
  proxyCoolDownUntil(proxyKey: string, now: number): Promise<number | null>;
  /** Leave this account alone until `until` (Steam throttles the account itself). */
  coolDownAccount(login: string, until: number): Promise<void>;
  accountCoolDownUntil(login: string, now: number): Promise<number | null>;
}

export class MemoryThrottleStore implements ThrottleStore {
  readonly #nextSlot = new Map<string, number>();
  readonly #proxyCoolDowns = new Map<string, number>();
  readonly #accountCoolDowns = new Map<string, number>();
  readonly #turns = new Map<string, number>();

  async reserveSlot(proxyKey: string, now: number, minIntervalMs: number): Promise<SlotReservation> {
    const startAt = Math.max(now, this.#nextSlot.get(proxyKey) ?? 0);
    this.#nextSlot.set(proxyKey, startAt + minIntervalMs);
    return { startAt };
  }

  async takeTurn(key: string, now: number, holdMs: number): Promise<TurnTake> {
    const held = this.#turns.get(key) ?? 0;
    if (held > now) return { taken: false, freeAt: held };
    this.#turns.set(key, now + holdMs);
    return { taken: true, until: now + holdMs };
  }

  async moveTurn(key: string, until: number, to: number): Promise<void> {
    if (this.#turns.get(key) === until) this.#turns.set(key, to);
  }

  async coolDownProxy(proxyKey: string, until: number): Promise<void> {
    this.#proxyCoolDowns.set(proxyKey, Math.max(until, this.#proxyCoolDowns.get(proxyKey) ?? 0));
  }

  async proxyCoolDownUntil(proxyKey: string, now: number): Promise<number | null> {
    return activeUntil(this.#proxyCoolDowns, proxyKey, now);
  }

  async coolDownAccount(login: string, until: number): Promise<void> {
    const key = login.toLowerCase();
    this.#accountCoolDowns.set(key, Math.max(until, this.#accountCoolDowns.get(key) ?? 0));
  }

  async accountCoolDownUntil(login: string, now: number): Promise<number | null> {
    return activeUntil(this.#accountCoolDowns, login.toLowerCase(), now);
  }
}

function activeUntil(map: Map<string, number>, key: string, now: number): number | null {
  const until = map.get(key);
  if (until === undefined) return null;
  if (until <= now) {
    map.delete(key);
    return null;
  }
  return until;
}
