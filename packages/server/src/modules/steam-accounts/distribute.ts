/** A proxy of the chosen tag with how many accounts it already carries. */
export interface ProxyLoad {
  id: number;
  load: number;
  /**
   * The share of its Steam budget the proxy has now (1: the table's; 0.5 after a limit halved it; docs/pacing.md).
   * Its cap is the per-proxy cap times this share. Absent: 1.
   */
  share?: number;
}

interface PoolProxy extends ProxyLoad {
  resting: boolean;
  /** The most accounts its budget serves now. */
  cap: number;
}

/**
 * The proxies of a distribute add while it runs. A proxy's load counts the accounts stored on it plus the places
 * held by this request's accounts (planned, or signing in), so the cap holds whatever order sign-ins end in.
 * Each account goes to the proxy furthest from its cap at that moment (the fewest accounts for the budget it has;
 * ties: lower id), never above the cap, so the least busy proxies fill first and the busiest last. A proxy whose
 * budget a limit halved has half the cap: it is not picked while another has room for its budget. A resting proxy (Steam's rate limit) gets
 * no accounts, and the accounts planned on it that have not started are handed back to be planned again.
 */
export class DistributionPool<K> {
  readonly #proxies: PoolProxy[];
  /** Where each account holds its place, and whether its sign-in has started. */
  readonly #places = new Map<K, { proxy: PoolProxy; started: boolean }>();

  constructor(proxies: readonly ProxyLoad[], maxPerProxy: number) {
    this.#proxies = proxies.map((proxy) => ({
      id: proxy.id,
      load: proxy.load,
      resting: false,
      cap: Math.floor(maxPerProxy * Math.max(0, Math.min(1, proxy.share ?? 1))),
    }));
  }

  /** Plans the accounts in the given order; answers those that found no proxy with room. */
  plan(accounts: readonly K[]): K[] {
    const unplaced: K[] = [];
    for (const account of accounts) {
      const proxy = this.#leastBusy();
      if (!proxy) {
        unplaced.push(account);
        continue;
      }
      proxy.load += 1;
      this.#places.set(account, { proxy, started: false });
    }
    return unplaced;
  }

  /** The proxy an account is planned on, or null when it has no place (any more). */
  proxyOf(account: K): number | null {
    return this.#places.get(account)?.proxy.id ?? null;
  }

  /** The account's sign-in starts: its place can no longer be moved. Answers the proxy, or null. */
  start(account: K): number | null {
    const place = this.#places.get(account);
    if (!place) return null;
    place.started = true;
    return place.proxy.id;
  }

  /** The account's sign-in ended: a stored account keeps its place, any other outcome frees it. */
  finish(account: K, stored: boolean): void {
    const place = this.#places.get(account);
    if (!place) return;
    if (!stored) place.proxy.load -= 1;
    this.#places.delete(account);
  }

  /**
   * The proxy rests: it gets no more accounts. Answers the accounts planned on it that have not started (their
   * places freed), in the order they were planned, so they can be planned again.
   */
  rest(proxyId: number): K[] {
    const proxy = this.#proxies.find((p) => p.id === proxyId);
    if (!proxy) return [];
    proxy.resting = true;
    const displaced: K[] = [];
    for (const [account, place] of this.#places) {
      if (place.proxy !== proxy || place.started) continue;
      proxy.load -= 1;
      this.#places.delete(account);
      displaced.push(account);
    }
    return displaced;
  }

  /** Current load of every proxy (stored plus held places). */
  loads(): ProxyLoad[] {
    return this.#proxies.map(({ id, load }) => ({ id, load }));
  }

  #leastBusy(): PoolProxy | null {
    let best: PoolProxy | null = null;
    for (const proxy of this.#proxies) {
      if (proxy.resting || proxy.load >= proxy.cap) continue;
      const fuller = best ? proxy.load * best.cap - best.load * proxy.cap : 0;
      if (!best || fuller < 0 || (fuller === 0 && proxy.id < best.id)) best = proxy;
    }
    return best;
  }
}

/**
 * Spreads accounts (in the given order) over proxies, each new account going to the proxy that carries the fewest
 * accounts at that moment (ties: lower id), never above `maxPerProxy`. Accounts that do not fit get null
 * ("no proxy").
 */
export function planDistribution<K>(
  accounts: readonly K[],
  proxies: readonly ProxyLoad[],
  maxPerProxy: number,
): Map<K, number | null> {
  const pool = new DistributionPool<K>(proxies, maxPerProxy);
  pool.plan(accounts);
  return new Map(accounts.map((account) => [account, pool.proxyOf(account)]));
}
