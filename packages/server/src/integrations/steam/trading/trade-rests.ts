/**
 * Rests of a proxy after Steam limited trading calls through it (HTTP 429 or EResult 84). Kept in the shared
 * throttle store under their own key, apart from sign-in rests: a busy inventory endpoint does not stop sign-ins.
 */
import { RATE_LIMIT_COOL_DOWN_MS } from '@tradedeck/sdk/domain';
import type { SteamProxy } from '../port.ts';
import { proxyKey } from '../proxy-agent.ts';
import type { ThrottleStore } from '../throttle-store.ts';
import type { TradeFailure } from '../trading-port.ts';

/** A 429 without Retry-After rests the proxy this long; an EResult 84 rests it 30 minutes as for sign-ins. */
export const TRADE_RATE_LIMIT_REST_MS = 2 * 60_000;

const restKey = (proxy: SteamProxy) => `trade:${proxyKey(proxy)}`;

/**
 * A proxy found resting nowhere is not asked about again for this long: a busy account makes several calls a
 * second, each of which read the store. A rest another process records is seen this much later at most (and a
 * call that meets the limit records the rest here at once).
 */
export const TRADE_REST_RECHECK_MS = 1000;

export class TradeRests {
  /** Proxies seen without a rest, and until when that answer stands. */
  readonly #clearUntil = new Map<string, number>();

  constructor(private readonly store: ThrottleStore) {}

  async until(proxy: SteamProxy, now: number): Promise<Date | null> {
    const key = restKey(proxy);
    if ((this.#clearUntil.get(key) ?? 0) > now) return null;
    const until = await this.store.proxyCoolDownUntil(key, now);
    if (until !== null) return new Date(until);
    if (this.#clearUntil.size > 10_000) this.#clearUntil.clear();
    this.#clearUntil.set(key, now + TRADE_REST_RECHECK_MS);
    return null;
  }

  /** Records the rest a rate-limit failure calls for and answers the failure with its end. */
  async record(proxy: SteamProxy, failure: TradeFailure, now: number): Promise<TradeFailure> {
    const until =
      failure.retryAfter?.getTime() ??
      now + (failure.eresult === 84 ? RATE_LIMIT_COOL_DOWN_MS : TRADE_RATE_LIMIT_REST_MS);
    this.#clearUntil.delete(restKey(proxy));
    await this.store.coolDownProxy(restKey(proxy), until);
    return { ...failure, retryAfter: new Date(until) };
  }
}
