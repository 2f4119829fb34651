/**
 * What the services need from Steam. Two adapters implement it: `live` (steam-session through the account's
 * proxy) and `sandbox` (a deterministic simulated Steam). Every method takes one object or plain values and
 * answers a discriminated union, so later capabilities (inventories, trade offers, confirmations) are added as
 * new interfaces joined into `SteamPort` without changing these.
 */

import type { LoginFailure, LoginOutcome } from '@tradedeck/sdk/domain';
import type { Pacer } from '../../pacing/pacer.ts';
import type { SteamTradingAdapter, SteamTradingPort } from './trading-port.ts';

export type SteamMode = 'live' | 'sandbox';

/** The egress a Steam call goes through. Steam is never called without one (no direct-IP leaks). */
export interface SteamProxy {
  protocol: 'http' | 'https' | 'socks4' | 'socks5';
  host: string;
  port: number;
  username: string | null;
  password: string | null;
}

/** A failed call: what happened (for logs), and what it means for the user (add reason + retry policy). */
export interface SteamFailure {
  ok: false;
  failure: LoginFailure;
  outcome: LoginOutcome;
  /** Set when a cool-down applies: no new attempt through this proxy (or for this account) before this time. */
  retryAfter?: Date;
  /** Steam was not asked: a rest of the proxy (or the account) was running, so the call never left. */
  answeredFromRest?: boolean;
}

export interface SignInInput {
  login: string;
  password: string;
  sharedSecret: string;
  proxy: SteamProxy | null;
  /** A MobileApp refresh token already held (from a maFile or an earlier sign-in); tried before the password. */
  existingRefreshToken?: string | null;
}

export interface SteamTokens {
  /** MobileApp refresh token (aud `mobile`); store it encrypted, atomically replacing the previous one. */
  refreshToken: string;
  accessToken: string;
}

export interface SignInSuccess extends SteamTokens {
  ok: true;
  /** SteamID64 as a string (never through a JS number). */
  steamId: string;
  /** The account name as Steam spells it. */
  accountName: string;
  personaName?: string;
  avatarUrl?: string;
  /** How the session was obtained: a held refresh token was still good, or a password sign-in was made. */
  via: 'refreshToken' | 'password';
}

export type SignInResult = SignInSuccess | SteamFailure;

export interface RefreshOptions {
  /**
   * `auto` and `always` ask Steam to renew the refresh token (Steam decides, and does so only near the token's
   * end; live Steam is asked on every refresh, the sandbox renews within a day of the end unless `always`);
   * `never` only makes an access token.
   */
  renew?: 'auto' | 'always' | 'never';
}

export interface RefreshSuccess extends SteamTokens {
  ok: true;
  steamId: string;
  /** True when Steam rotated the refresh token: the old one is dead, persist the new one at once. */
  renewed: boolean;
}

export type RefreshResult = RefreshSuccess | SteamFailure;

export interface SteamProfile {
  ok: true;
  steamId: string;
  personaName: string;
  avatarUrl: string | null;
}

export type ProfileResult = SteamProfile | SteamFailure;

export interface SteamTime {
  ok: true;
  /** Steam's clock in Unix seconds when the answer arrived. */
  serverTime: number;
  /** Seconds to add to the local clock to get Steam's. */
  offsetSeconds: number;
}

export type SteamTimeResult = SteamTime | SteamFailure;

export interface GuardCode {
  code: string;
  /** Seconds the code stays valid (1..30). */
  remainingSeconds: number;
}

/** Signing in and keeping sessions alive (issue 7). */
export interface SteamSessionPort {
  signIn(input: SignInInput): Promise<SignInResult>;
  refreshSession(
    refreshToken: string,
    proxy: SteamProxy | null,
    options?: RefreshOptions,
  ): Promise<RefreshResult>;
  profile(steamId: string, proxy: SteamProxy | null): Promise<ProfileResult>;
  /** Steam's clock queried through the proxy (cached per proxy; `fresh` forces a new query). */
  steamTime(proxy: SteamProxy | null, options?: { fresh?: boolean }): Promise<SteamTimeResult>;
  /** The Steam Guard code at `atSeconds` (Unix seconds already corrected by the Steam offset). */
  guardCode(sharedSecret: string, atSeconds: number): Promise<GuardCode>;
}

/** The rests the port keeps, so callers can steer around a proxy Steam rate-limited (84). */
export interface SteamRestsPort {
  /** When the rest of this proxy ends, or null when sign-ins through it may go ahead. */
  proxyRestUntil(proxy: SteamProxy): Promise<Date | null>;
  /** The pacing kernel every call of this port goes through (its limiters' state is shown to users). */
  readonly pacer: Pacer;
}

/** The whole port: sessions, rests, and trading (web sessions, inventories, offers, confirmations). */
export interface SteamPort extends SteamSessionPort, SteamRestsPort, SteamTradingPort {
  /** Shown as a badge by the web app and the CLI: sandbox is a labelled mode, never a silent fallback. */
  readonly mode: SteamMode;
  close(): Promise<void>;
}

/** What an adapter (live or sandbox) implements; the guard around it keeps the rests and the trade sessions. */
export type SteamAdapter = Omit<SteamPort, keyof SteamRestsPort | keyof SteamTradingPort> & {
  readonly trading: SteamTradingAdapter;
};
