/**
 * Live Steam through steam-session on the MobileApp platform (the only platform whose tokens still refresh
 * over the WebAPI). Every request, the clock query included, goes through the account's proxy agent.
 */
import {
  chooseGuardAction,
  EResult,
  GuardType,
  type LoginFailure,
  readJwtClaims,
} from '@tradedeck/sdk/domain';
import type { LoginSession } from 'steam-session';
import type { Clock } from '../clock.ts';
import { steamFailure } from '../failures.ts';
import { computeGuardCode } from '../guard-code.ts';
import type {
  GuardCode,
  ProfileResult,
  RefreshOptions,
  RefreshResult,
  SignInInput,
  SignInResult,
  SteamAdapter,
  SteamProxy,
  SteamTimeResult,
} from '../port.ts';
import { ProxyAgentPool, proxyKey } from '../proxy-agent.ts';
import { parseProfileXml } from './profile-xml.ts';
import { proxiedRequest } from './proxied-request.ts';
import { ProxiedWebApiTransport } from './proxied-transport.ts';
import {
  type AuthenticationProgress,
  failureOf,
  type Outcome,
  sendCode,
  watchAuthentication,
} from './sign-in-progress.ts';
import { SteamTimeSource } from './steam-time.ts';
import { LiveSteamTrading } from './trading/live-trading.ts';
import { SteamWebClient } from './trading/steam-web-client.ts';

export interface LiveSteamOptions {
  apiBase: string;
  communityBase: string;
  clock: Clock;
  /** One HTTP exchange through the proxy. */
  requestTimeoutMs: number;
  /** From the first poll to giving up on a sign-in. */
  loginTimeoutMs: number;
  /** An extra trusted CA (PEM) for a TLS-intercepting egress or a test Steam; never turns verification off. */
  tlsCa?: string;
}

export const LIVE_STEAM_DEFAULTS = {
  apiBase: 'https://api.steampowered.com',
  communityBase: 'https://steamcommunity.com',
  requestTimeoutMs: 20_000,
  loginTimeoutMs: 30_000,
} as const;

/**
 * steam-session, loaded at the first sign-in or refresh: its load was a tenth of a server's start, and a sandbox
 * server or one without Steam accounts never needs it.
 */
let loaded: Promise<typeof import('steam-session')> | null = null;
const steamSession = () => {
  loaded ??= import('steam-session');
  return loaded;
};

export class LiveSteamAdapter implements SteamAdapter {
  readonly mode = 'live' as const;
  readonly #agents: ProxyAgentPool;
  readonly #time: SteamTimeSource;
  readonly trading: LiveSteamTrading;

  constructor(private readonly options: LiveSteamOptions) {
    this.#agents = new ProxyAgentPool(options.requestTimeoutMs);
    this.#time = new SteamTimeSource(options.apiBase, options.clock, options.requestTimeoutMs, options.tlsCa);
    this.trading = new LiveSteamTrading(
      new SteamWebClient({
        communityBase: options.communityBase,
        apiBase: options.apiBase,
        timeoutMs: options.requestTimeoutMs,
        ca: options.tlsCa,
        agents: this.#agents,
      }),
    );
  }

  async signIn(input: SignInInput): Promise<SignInResult> {
    const proxy = requireProxy(input.proxy);
    if (input.existingRefreshToken) {
      const refreshed = await this.refreshSession(input.existingRefreshToken, proxy, { renew: 'auto' });
      if (refreshed.ok) {
        const profile = await this.profile(refreshed.steamId, proxy);
        return {
          ok: true,
          via: 'refreshToken',
          steamId: refreshed.steamId,
          accountName: input.login,
          refreshToken: refreshed.refreshToken,
          accessToken: refreshed.accessToken,
          ...(profile.ok
            ? { personaName: profile.personaName, avatarUrl: profile.avatarUrl ?? undefined }
            : {}),
        };
      }
      // Only a token Steam no longer honours calls for the password; a rate limit, an outage or a broken proxy
      // would meet the password sign-in too, and a needless one counts against the login limits.
      if (!tokenRefused(refreshed.failure)) return refreshed;
    }
    const signedIn = await this.signInWithPassword(input, proxy);
    if (!signedIn.ok) return steamFailure(signedIn.failure);
    const session = signedIn.value;
    const steamId = session.steamID?.getSteamID64() ?? readJwtClaims(session.refreshToken)?.sub ?? '';
    const profile = await this.profile(steamId, proxy);
    return {
      ok: true,
      via: 'password',
      steamId,
      accountName: session.accountName ?? input.login,
      refreshToken: session.refreshToken,
      accessToken: session.accessToken,
      ...(profile.ok ? { personaName: profile.personaName, avatarUrl: profile.avatarUrl ?? undefined } : {}),
    };
  }

  async refreshSession(
    refreshToken: string,
    proxy: SteamProxy | null,
    options: RefreshOptions = {},
  ): Promise<RefreshResult> {
    const egress = requireProxy(proxy);
    const session = await this.newSession(egress);
    try {
      session.refreshToken = refreshToken;
    } catch {
      // Not a MobileApp refresh token (or not a token at all): only a password sign-in helps.
      return steamFailure({ kind: 'eresult', eresult: EResult.Fail });
    }
    // Steam renews only near the token's end and does not publish when: ask every time (ArchiSteamFarm
    // Bot.cs `RefreshWebSession` passes allowRenewal on each refresh) and let Steam decide.
    const renew = (options.renew ?? 'auto') !== 'never';
    try {
      let renewed = false;
      if (renew) renewed = await session.renewRefreshToken();
      else await session.refreshAccessToken();
      return {
        ok: true,
        steamId: session.steamID?.getSteamID64() ?? '',
        accessToken: session.accessToken,
        refreshToken: session.refreshToken,
        renewed,
      };
    } catch (error) {
      return steamFailure(failureOf(error));
    } finally {
      session.cancelLoginAttempt();
    }
  }

  async profile(steamId: string, proxy: SteamProxy | null): Promise<ProfileResult> {
    const egress = requireProxy(proxy);
    try {
      const response = await proxiedRequest({
        method: 'GET',
        url: `${this.options.communityBase.replace(/\/$/, '')}/profiles/${encodeURIComponent(steamId)}/?xml=1`,
        headers: { 'user-agent': 'okhttp/4.9.2' },
        agent: this.#agents.get(egress),
        timeoutMs: this.options.requestTimeoutMs,
        ca: this.options.tlsCa,
      });
      const parsed = parseProfileXml(response.body.toString('utf8'));
      if (response.statusCode !== 200 || parsed.error || !parsed.personaName) {
        return steamFailure({ kind: 'unknown' });
      }
      return { ok: true, steamId, personaName: parsed.personaName, avatarUrl: parsed.avatarUrl };
    } catch (error) {
      return steamFailure(failureOf(error));
    }
  }

  async steamTime(proxy: SteamProxy | null, options: { fresh?: boolean } = {}): Promise<SteamTimeResult> {
    const egress = requireProxy(proxy);
    try {
      const reading = await this.#time.read(proxyKey(egress), this.#agents.get(egress), options.fresh);
      return { ok: true, ...reading };
    } catch (error) {
      return steamFailure(failureOf(error));
    }
  }

  guardCode(sharedSecret: string, atSeconds: number): Promise<GuardCode> {
    return computeGuardCode(sharedSecret, atSeconds);
  }

  async close(): Promise<void> {
    this.#agents.close();
  }

  private async newSession(proxy: SteamProxy): Promise<LoginSession> {
    const { EAuthTokenPlatformType, LoginSession } = await steamSession();
    const transport = new ProxiedWebApiTransport(
      this.options.apiBase,
      this.#agents.get(proxy),
      this.options.requestTimeoutMs,
      this.options.tlsCa,
    );
    const session = new LoginSession(EAuthTokenPlatformType.MobileApp, { transport });
    session.loginTimeout = this.options.loginTimeoutMs;
    return session;
  }

  private async signInWithPassword(input: SignInInput, proxy: SteamProxy): Promise<Outcome<LoginSession>> {
    const time = await this.steamTime(proxy);
    if (!time.ok) return { ok: false, failure: time.failure };
    const session = await this.newSession(proxy);
    const progress = watchAuthentication(session);
    try {
      // No code is passed here: steam-session would send it as an e-mail code when Steam asks for one.
      const start = await session.startWithCredentials({
        accountName: input.login,
        password: input.password,
      });
      const offered = start.actionRequired
        ? (start.validActions ?? []).map((action) => action.type as number)
        : [GuardType.None];
      const action = chooseGuardAction(offered);
      // Device confirmation alone would need an already signed-in session of this account to approve it.
      if (action !== 'submitCode') return { ok: false, failure: { kind: 'guard', offered } };
      const submitted = await this.submitCode(session, input.sharedSecret, proxy, progress);
      if (!submitted.ok) return submitted;
      const outcome = await progress.finished;
      return outcome.ok ? { ok: true, value: session } : outcome;
    } catch (error) {
      return { ok: false, failure: failureOf(error) };
    } finally {
      session.cancelLoginAttempt();
    }
  }

  /** Sends the TOTP code; on a mismatch (88) resyncs Steam time through the proxy and tries once more. */
  private async submitCode(
    session: LoginSession,
    sharedSecret: string,
    proxy: SteamProxy,
    progress: AuthenticationProgress,
  ): Promise<Outcome<null>> {
    const { clock } = this.options;
    const time = await this.steamTime(proxy);
    if (!time.ok) return { ok: false, failure: time.failure };
    const first = await computeGuardCode(sharedSecret, Math.floor(clock.now() / 1000) + time.offsetSeconds);
    const answer = await sendCode(session, first.code, progress);
    if (answer !== EResult.TwoFactorCodeMismatch) return { ok: true, value: null };
    const resynced = await this.steamTime(proxy, { fresh: true });
    if (!resynced.ok) return { ok: false, failure: resynced.failure };
    let second = await computeGuardCode(
      sharedSecret,
      Math.floor(clock.now() / 1000) + resynced.offsetSeconds,
    );
    if (second.code === first.code) {
      // Same clock, same code: only the next 30-second window can give a different answer.
      await clock.sleep(second.remainingSeconds * 1000);
      second = await computeGuardCode(sharedSecret, Math.floor(clock.now() / 1000) + resynced.offsetSeconds);
    }
    const again = await sendCode(session, second.code, progress);
    if (again === EResult.TwoFactorCodeMismatch) {
      return { ok: false, failure: { kind: 'eresult', eresult: EResult.TwoFactorCodeMismatch } };
    }
    return { ok: true, value: null };
  }
}

function requireProxy(proxy: SteamProxy | null): SteamProxy {
  // The guarded port answers "no proxy" before an adapter is reached; this is the last line of defence.
  if (!proxy) throw new Error('A Steam call without a proxy was refused');
  return proxy;
}

/**
 * Steam no longer honours the refresh token: a new password sign-in is the way on. ArchiSteamFarm (Bot.cs
 * `OnDisconnected`) drops its refresh token on AccessDenied, Expired and InvalidPassword; Revoked says the same,
 * and Fail is a token this adapter could not read.
 */
function tokenRefused(failure: LoginFailure): boolean {
  return failure.kind === 'eresult' && REFUSED_TOKEN.has(failure.eresult);
}

const REFUSED_TOKEN = new Set<number>([
  EResult.Fail,
  EResult.InvalidPassword,
  EResult.AccessDenied,
  EResult.Revoked,
  EResult.Expired,
]);
