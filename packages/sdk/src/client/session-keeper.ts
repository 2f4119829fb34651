import type { AccessToken } from '../contract/auth.ts';
import { ApiError } from './errors.ts';
import type { TokenStore } from './token-store.ts';

/** A token expiring within this margin is renewed before the next call. */
export const REFRESH_MARGIN_MS = 60_000;
/** An unforced renewal is not tried again within this interval. */
export const REFRESH_COOLDOWN_MS = 60_000;

export type RefreshOutcome = 'refreshed' | 'rejected';

/**
 * Keeps the access token fresh: renews ahead of expiry, shares one renewal between concurrent callers, and
 * tells apart a rejected renewal (sign in again) from an unreachable server (thrown, token kept).
 */
export class SessionKeeper {
  #inflight: Promise<RefreshOutcome> | null = null;
  #lastAttemptAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly store: TokenStore,
    private readonly renew: () => Promise<AccessToken>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Renews when the stored token expires within the margin and no renewal was tried within the cool-down. */
  async ensureFresh(): Promise<void> {
    if (this.#inflight) {
      await this.#inflight;
      return;
    }
    const token = this.store.get();
    if (!token) return;
    const remaining = Date.parse(token.expiresAt) - this.now();
    if (remaining > REFRESH_MARGIN_MS) return;
    if (this.now() - this.#lastAttemptAt < REFRESH_COOLDOWN_MS) return;
    await this.refresh(false);
  }

  /** Renews now (single-flight). `force` ignores the cool-down. */
  refresh(force = true): Promise<RefreshOutcome> {
    if (this.#inflight) return this.#inflight;
    if (!force && this.now() - this.#lastAttemptAt < REFRESH_COOLDOWN_MS) {
      return Promise.resolve(this.store.get() ? 'refreshed' : 'rejected');
    }
    this.#lastAttemptAt = this.now();
    this.#inflight = this.#renew().finally(() => {
      this.#inflight = null;
    });
    return this.#inflight;
  }

  async #renew(): Promise<RefreshOutcome> {
    try {
      this.store.set(await this.renew());
      return 'refreshed';
    } catch (error) {
      if (error instanceof ApiError) return 'rejected';
      throw error;
    }
  }
}
