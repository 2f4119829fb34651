/** A proxy of the chosen tag with how many accounts it already carries. */
export interface ProxyLoad {
  id: number;
  load: number;
}

/**
 * Spreads accounts (in the given order) over proxies, each new account going to the proxy that carries the fewest
 * accounts at that moment (ties: lower id), never above `maxPerProxy`. So the least busy proxies fill first and
 * the busiest last. Accounts that do not fit get null ("no proxy").
 */
export function planDistribution<K>(
  accounts: readonly K[],
  proxies: readonly ProxyLoad[],
  maxPerProxy: number,
): Map<K, number | null> {
  const loads = proxies.map((proxy) => ({ ...proxy }));
  const plan = new Map<K, number | null>();
  for (const account of accounts) {
    let best: ProxyLoad | null = null;
    for (const proxy of loads) {
      if (proxy.load >= maxPerProxy) continue;
      if (!best || proxy.load < best.load || (proxy.load === best.load && proxy.id < best.id)) best = proxy;
    }
    if (best) best.load += 1;
    plan.set(account, best?.id ?? null);
  }
  return plan;
}
