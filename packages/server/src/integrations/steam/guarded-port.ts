/**
 * The rules both adapters share, so the sandbox exercises the same path as live Steam: no call without a proxy,
 * sign-ins spaced per proxy, a proxy rested after a rate limit (84) and an account rested after a login throttle
 * (87). Retrying during a rest would only reset Steam's timer, so the rest is answered without calling Steam
 * (`answeredFromRest`), also to a sign-in that was waiting for its slot when the rest began.
 */
import { randomBytes } from 'node:crypto';
import { EResult, type LoginOutcome, readJwtClaims } from '@tradedeck/sdk/domain';
import type { Pacer } from '../../pacing/pacer.ts';
import type { Clock } from './clock.ts';
import { NO_PROXY, steamFailure } from './failures.ts';
import type {
  GuardCode,
  ProfileResult,
  RefreshOptions,
  RefreshResult,
  SignInInput,
  SignInResult,
  SteamAdapter,
  SteamFailure,
  SteamPort,
  SteamProxy,
  SteamTimeResult,
} from './port.ts';
import { proxyKey } from './proxy-agent.ts';
import type { ThrottleStore } from './throttle-store.ts';
import { OfferRunCounter } from './trading/offer-runs.ts';
import { failureFromSessionRefresh } from './trading/trade-failure.ts';
import { TradeSession } from './trading/trade-session.ts';
import type { SteamTradeSession, TradeAccount, TradeResult, WebSession } from './trading-port.ts';

/** Lifetime assumed for an access token whose `exp` cannot be read (Steam's web cookies last about a day). */
const DEFAULT_ACCESS_TOKEN_LIFETIME_MS = 24 * 60 * 60_000;

export interface GuardOptions {
  store: ThrottleStore;
  clock: Clock;
  /** Every call's slots per (account, class) and (proxy, class), shared by every area and process. */
  pacer: Pacer;
}

export class GuardedSteamPort implements SteamPort {
  readonly #runs = new OfferRunCounter();

  constructor(
    private readonly inner: SteamAdapter,
    private readonly options: GuardOptions,
  ) {}

  get pacer(): Pacer {
    return this.options.pacer;
  }

  get mode() {
    return this.inner.mode;
  }

  async signIn(input: SignInInput): Promise<SignInResult> {
    const { proxy } = input;
    if (!proxy) return NO_PROXY;
    const { store, clock } = this.options;
    const accountUntil = await store.accountCoolDownUntil(input.login, clock.now());
    if (accountUntil !== null) {
      return {
        ...steamFailure(
          { kind: 'eresult', eresult: EResult.AccountLoginDeniedThrottle },
          new Date(accountUntil),
        ),
        answeredFromRest: true,
      };
    }
    const resting = await this.proxyRest(proxy);
    if (resting) return resting;
    // Sign-ins queue for the proxy's login slots (10 s apart live); one that waited is answered from a rest another
    // sign-in met meanwhile.
    const { pacer } = this.options;
    const permit = await pacer.acquire('login', { proxy: proxyKey(proxy), account: input.login });
    if (!permit.ok) return this.restFailure(permit.until);
    const restedMeanwhile = await this.proxyRest(proxy);
    if (restedMeanwhile) return restedMeanwhile;
    const result = await this.inner.signIn(input);
    const limited = !result.ok && result.outcome.retry === 'coolDownProxy';
    const recorded = result.ok ? result : await this.record(result, proxy, input.login);
    await pacer.settle(
      'login',
      permit.keys,
      permit.startedAt,
      limited
        ? {
            kind: 'limited',
            retryAfter: recorded.ok ? null : (recorded.retryAfter?.getTime() ?? null),
            eresult: EResult.RateLimitExceeded,
            httpStatus: null,
          }
        : { kind: result.ok ? 'ok' : 'failed' },
    );
    return recorded;
  }

  async refreshSession(
    refreshToken: string,
    proxy: SteamProxy | null,
    options?: RefreshOptions,
  ): Promise<RefreshResult> {
    if (!proxy) return NO_PROXY;
    const resting = await this.proxyRest(proxy);
    if (resting) return resting;
    const result = await this.inner.refreshSession(refreshToken, proxy, options);
    return result.ok ? result : this.record(result, proxy, null);
  }

  async profile(steamId: string, proxy: SteamProxy | null): Promise<ProfileResult> {
    return proxy ? this.inner.profile(steamId, proxy) : NO_PROXY;
  }

  async steamTime(proxy: SteamProxy | null, options?: { fresh?: boolean }): Promise<SteamTimeResult> {
    return proxy ? this.inner.steamTime(proxy, options) : NO_PROXY;
  }

  guardCode(sharedSecret: string, atSeconds: number): Promise<GuardCode> {
    return this.inner.guardCode(sharedSecret, atSeconds);
  }

  /**
   * A web session from a refresh token: a fresh access token (the refresh token renewed when it nears its
   * end) and the cookies Steam's web wants (`steamLoginSecure` = SteamID || access token, `sessionid`).
   */
  async openWebSession(
    refreshToken: string,
    proxy: SteamProxy | null,
  ): Promise<TradeResult<{ session: WebSession }>> {
    if (!proxy) return failureFromSessionRefresh(NO_PROXY);
    const refreshed = await this.refreshSession(refreshToken, proxy, { renew: 'auto' });
    if (!refreshed.ok) return failureFromSessionRefresh(refreshed);
    const exp = readJwtClaims(refreshed.accessToken)?.exp ?? null;
    return {
      ok: true,
      session: {
        steamId: refreshed.steamId,
        accessToken: refreshed.accessToken,
        refreshToken: refreshed.refreshToken,
        refreshTokenRenewed: refreshed.renewed,
        accessTokenExpiresAt: new Date(
          exp !== null ? exp * 1000 : this.options.clock.now() + DEFAULT_ACCESS_TOKEN_LIFETIME_MS,
        ),
        sessionId: newSessionId(),
        proxy,
      },
    };
  }

  tradeSession(account: TradeAccount): SteamTradeSession {
    return new TradeSession(account, {
      adapter: this.inner.trading,
      openWebSession: (token, proxy) => this.openWebSession(token, proxy),
      steamTime: (proxy) => this.steamTime(proxy),
      runs: this.#runs,
      pacer: this.options.pacer,
      turns: this.options.store,
      clock: this.options.clock,
      newSessionId,
    });
  }

  async proxyRestUntil(proxy: SteamProxy): Promise<Date | null> {
    const until = await this.options.store.proxyCoolDownUntil(proxyKey(proxy), this.options.clock.now());
    return until === null ? null : new Date(until);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private async proxyRest(proxy: SteamProxy): Promise<SteamFailure | null> {
    const until = await this.options.store.proxyCoolDownUntil(proxyKey(proxy), this.options.clock.now());
    return until === null ? null : this.restFailure(until);
  }

  private restFailure(until: number): SteamFailure {
    return {
      ...steamFailure({ kind: 'eresult', eresult: EResult.RateLimitExceeded }, new Date(until)),
      answeredFromRest: true,
    };
  }

  private async record(result: SteamFailure, proxy: SteamProxy, login: string | null): Promise<SteamFailure> {
    const outcome: LoginOutcome = result.outcome;
    const now = this.options.clock.now();
    if (outcome.retry === 'coolDownProxy') {
      await this.options.store.coolDownProxy(proxyKey(proxy), now + outcome.afterMs);
      return { ...result, retryAfter: new Date(now + outcome.afterMs) };
    }
    if (outcome.retry === 'coolDownAccount' && login) {
      await this.options.store.coolDownAccount(login, now + outcome.afterMs);
      return { ...result, retryAfter: new Date(now + outcome.afterMs) };
    }
    return result;
  }
}

/** Steam's `sessionid` cookie is chosen by the client: 12 random bytes in hex, as the web client makes it. */
function newSessionId(): string {
  return randomBytes(12).toString('hex');
}
