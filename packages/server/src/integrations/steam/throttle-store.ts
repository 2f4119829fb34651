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

export interface ThrottleStore {
  /**
   * Atomically takes the next sign-in slot of a proxy: the later of `now` and the previous slot plus
   * `minIntervalMs`. Two callers never get the same slot.
   */
  reserveSlot(proxyKey: string, now: number, minIntervalMs: number): Promise<SlotReservation>;
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

  async reserveSlot(proxyKey: string, now: number, minIntervalMs: number): Promise<SlotReservation> {
    const startAt = Math.max(now, this.#nextSlot.get(proxyKey) ?? 0);
    this.#nextSlot.set(proxyKey, startAt + minIntervalMs);
    return { startAt };
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
