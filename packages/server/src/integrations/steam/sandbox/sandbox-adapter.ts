/**
 * Sandbox Steam: answers like the live adapter from the simulated world, so the services, the cool-downs and
 * the add reasons run the same code in both modes. Nothing here touches the network.
 */
import {
  chooseGuardAction,
  EResult,
  generateGuardCode,
  REFRESH_TOKEN_RENEW_MARGIN_S,
} from '@tradedeck/sdk/domain';
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
import { proxyKey } from '../proxy-agent.ts';
import { issueSandboxToken, sandboxTokenIssuedAt, verifySandboxRefreshToken } from './sandbox-tokens.ts';
import type { SandboxAccount, SandboxWorld } from './sandbox-world.ts';
import { SandboxSteamTrading } from './trading/sandbox-trading.ts';

/** Sandbox Steam runs a few seconds ahead, so a client that skips the time query gets codes wrong. */
export const SANDBOX_STEAM_OFFSET_S = 7;

export class SandboxSteamAdapter implements SteamAdapter {
  readonly mode = 'sandbox' as const;
  readonly trading: SandboxSteamTrading;
  #serial = 0;

  constructor(
    private readonly world: SandboxWorld,
    private readonly clock: Clock,
  ) {
    this.trading = new SandboxSteamTrading(world, clock, () => this.steamSeconds());
  }

  async signIn(input: SignInInput): Promise<SignInResult> {
    if (this.world.signInDelayMs > 0) await this.clock.sleep(this.world.signInDelayMs);
    // Steam answers 84 per egress IP before it looks at the account.
    if (input.proxy && this.world.rateLimits(proxyKey(input.proxy))) {
      return steamFailure({ kind: 'eresult', eresult: EResult.RateLimitExceeded });
    }
    const account = this.world.find(input.login);
    // Steam answers an unknown account name like a wrong password.
    if (!account) return steamFailure({ kind: 'eresult', eresult: EResult.InvalidPassword });
    if (input.existingRefreshToken) {
      const refreshed = await this.refreshSession(input.existingRefreshToken, input.proxy, { renew: 'auto' });
      if (refreshed.ok && refreshed.steamId === account.steamId) {
        return this.success(account, refreshed.refreshToken, refreshed.accessToken, 'refreshToken');
      }
    }
    const { behaviour } = account;
    if ('failure' in behaviour) {
      if (
        behaviour.failure.kind === 'eresult' &&
        behaviour.failure.eresult === EResult.TwoFactorCodeMismatch
      ) {
        // Same path as live: one resync of the clock, then the mismatch stands.
        await this.steamTime();
      }
      return steamFailure(behaviour.failure);
    }
    if (input.password !== account.password) {
      return steamFailure({ kind: 'eresult', eresult: EResult.InvalidPassword });
    }
    // As live: only a device code signs in with the maFile (approval on the phone alone does not).
    if (chooseGuardAction(behaviour.offered) !== 'submitCode')
      return steamFailure({ kind: 'guard', offered: behaviour.offered });
    if (!(await this.secretMatches(account, input.sharedSecret))) {
      return steamFailure({ kind: 'eresult', eresult: EResult.TwoFactorCodeMismatch });
    }
    const now = this.steamSeconds();
    return this.success(
      account,
      issueSandboxToken(this.world.seed, account.steamId, 'refresh', now, ++this.#serial),
      issueSandboxToken(this.world.seed, account.steamId, 'access', now, ++this.#serial),
      'password',
    );
  }

  async refreshSession(
    refreshToken: string,
    _proxy: SteamProxy | null,
    options: RefreshOptions = {},
  ): Promise<RefreshResult> {
    const now = this.steamSeconds();
    const claims = verifySandboxRefreshToken(this.world.seed, refreshToken, now);
    if (!claims?.sub) return steamFailure({ kind: 'eresult', eresult: EResult.Fail });
    // Sessions the user revoked on Steam: their refresh tokens are refused (AccessDenied).
    if (this.world.isRevoked(claims.sub, sandboxTokenIssuedAt(refreshToken))) {
      return steamFailure({ kind: 'eresult', eresult: 15 });
    }
    const renew = options.renew ?? 'auto';
    const renewed =
      renew === 'always' || (renew === 'auto' && (claims.exp ?? 0) - now < REFRESH_TOKEN_RENEW_MARGIN_S);
    return {
      ok: true,
      steamId: claims.sub,
      accessToken: issueSandboxToken(this.world.seed, claims.sub, 'access', now, ++this.#serial),
      refreshToken: renewed
        ? issueSandboxToken(this.world.seed, claims.sub, 'refresh', now, ++this.#serial)
        : refreshToken,
      renewed,
    };
  }

  async profile(steamId: string): Promise<ProfileResult> {
    const account = this.world.findBySteamId(steamId);
    if (!account) return steamFailure({ kind: 'unknown' });
    return { ok: true, steamId, personaName: account.personaName, avatarUrl: account.avatarUrl };
  }

  async steamTime(): Promise<SteamTimeResult> {
    return { ok: true, serverTime: this.steamSeconds(), offsetSeconds: SANDBOX_STEAM_OFFSET_S };
  }

  guardCode(sharedSecret: string, atSeconds: number): Promise<GuardCode> {
    return computeGuardCode(sharedSecret, atSeconds);
  }

  async close(): Promise<void> {}

  private steamSeconds(): number {
    return Math.floor(this.clock.now() / 1000) + SANDBOX_STEAM_OFFSET_S;
  }

  /** Compares the codes the two secrets give now, as Steam compares the code it receives. */
  private async secretMatches(account: SandboxAccount, sharedSecret: string): Promise<boolean> {
    const now = this.steamSeconds();
    try {
      return (
        (await generateGuardCode(sharedSecret, now)) === (await generateGuardCode(account.sharedSecret, now))
      );
    } catch {
      return false;
    }
  }

  private async success(
    account: SandboxAccount,
    refreshToken: string,
    accessToken: string,
    via: 'password' | 'refreshToken',
  ): Promise<SignInResult> {
    return {
      ok: true,
      via,
      steamId: account.steamId,
      accountName: account.login,
      refreshToken,
      accessToken,
      personaName: account.personaName,
      avatarUrl: account.avatarUrl,
    };
  }
}
