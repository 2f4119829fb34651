import type { PacingRest } from '@tradedeck/sdk/contract';
import type { Pacer } from '../../pacing/pacer.ts';

/** Whose limiters a row shows: `proxy:<host:port>` (the egress) or `account:<steam id>`, without the class. */
export const proxySubject = (host: string, port: number) => `proxy:${host.toLowerCase()}:${port}`;
export const accountSubject = (steamId: string) => `account:${steamId.toLowerCase()}`;

/** The subject of a limiter key (`proxy:10.0.0.1:8080:inventory` → `proxy:10.0.0.1:8080`). */
export const subjectOfKey = (key: string) => key.slice(0, key.lastIndexOf(':'));

/** The rest that ends first of those given (null: none), as rows show it. */
export function earliest(...rests: (PacingRest | null | undefined)[]): PacingRest | null {
  let first: PacingRest | null = null;
  for (const rest of rests) if (rest && (!first || rest.until < first.until)) first = rest;
  return first;
}

/**
 * The rests Steam called for, read once per answer from the limiters resting now: the proxy and account rows
 * show "resting until … (reason)" from it. A row shows the rest that ends first; an account also shows its
 * proxy's, as every call of the account leaves through it.
 */
export class PacingRests {
  constructor(private readonly pacer: Pacer) {}

  async read(): Promise<RestsNow> {
    const bySubject = new Map<string, PacingRest>();
    for (const { key, state } of await this.pacer.resting()) {
      const subject = subjectOfKey(key);
      const rest = { until: new Date(state.restUntil).toISOString(), reason: state.restReason };
      const first = earliest(bySubject.get(subject), rest);
      if (first) bySubject.set(subject, first);
    }
    return new RestsNow(bySubject);
  }
}

export class RestsNow {
  constructor(private readonly bySubject: ReadonlyMap<string, PacingRest>) {}

  ofProxy(proxy: { address: string; port: number } | null): PacingRest | null {
    return proxy ? (this.bySubject.get(proxySubject(proxy.address, proxy.port)) ?? null) : null;
  }

  ofAccount(account: { steamId: string | null; proxy: { address: string; port: number } | null }) {
    const own = account.steamId ? this.bySubject.get(accountSubject(account.steamId)) : null;
    return earliest(own, this.ofProxy(account.proxy));
  }
}
