import { ResultCode } from '@tradedeck/sdk/contract';
import {
  ACCOUNT_ERROR_REASONS,
  STEAM_ACCOUNT_STATUSES,
  type TradeFailureReason,
} from '@tradedeck/sdk/domain';
import { AppError } from '../../http/app-error.ts';
import type { SteamTradeSession, TradeResult, TradeSessionState } from '../../integrations/steam/index.ts';
import { tradeFailure } from '../../integrations/steam/trading/trade-failure.ts';
import type { SecretSlot } from '../../security/envelope.ts';
import type { TradingAccount, TradingDeps } from './deps.ts';
import { tradingMessages } from './messages.ts';
import { announceStatus } from './status-events.ts';

interface CachedSession {
  userId: string;
  session: SteamTradeSession;
  /** The refresh token as last stored: a different stored one means the session is stale. */
  storedRefreshToken: string;
}

/** Where an account's access token is sealed (the refresh token stays in steam_accounts). */
export function accessTokenSlot(userId: string, accountId: number): SecretSlot {
  return { userId, table: 'steam_trade_sessions', column: 'access_token_enc', rowId: String(accountId) };
}

/**
 * The web sessions of the user's accounts: one port trade session per account, kept in memory and built from the
 * stored state (sealed refresh and access tokens, the Trade Protection acknowledgement). Whatever the port says
 * changed is stored sealed before anything else happens. Every call's outcome sets the account's status: active
 * after a success, error with the reason when the failure concerns the account itself (a session revoked, a trade
 * ban), and back to active when a later call succeeds.
 */
export class TradeSessions {
  readonly #cache = new Map<number, CachedSession>();

  constructor(private readonly deps: TradingDeps) {}

  /** The account opened for trading; another user's id reads as not found. */
  async account(userId: string, accountId: number): Promise<TradingAccount> {
    const account = await this.deps.accounts.open(userId, accountId);
    if (!account) throw new AppError({ code: ResultCode.NotFound, text: tradingMessages.accountNotFound });
    if (!account.steamId)
      throw new AppError({ code: ResultCode.InvalidState, text: tradingMessages.noSteamId });
    return account;
  }

  /**
   * Runs one trading call as the account and records what its outcome says about the account. `opened` is the
   * account as the caller has just read it (with no Steam call since), so it is not read again.
   */
  async run<T>(
    userId: string,
    accountId: number,
    op: (session: SteamTradeSession) => Promise<TradeResult<T>>,
    opened?: TradingAccount,
  ): Promise<TradeResult<T>> {
    const account = opened?.id === accountId ? opened : await this.account(userId, accountId);
    const session = await this.session(userId, account);
    const result = session.ok ? await op(session.session) : session;
    if (!result.ok && result.reason === 'sessionRevoked') this.#cache.delete(accountId);
    await this.recordOutcome(userId, account, result.ok ? null : result.reason);
    return result;
  }

  /** Forgets the in-memory session of an account (its sessions were ended elsewhere). */
  forget(accountId: number): void {
    this.#cache.delete(accountId);
  }

  private async session(
    userId: string,
    account: TradingAccount,
  ): Promise<TradeResult<{ session: SteamTradeSession }>> {
    let refreshToken = account.refreshToken;
    // A revoked session comes back only by a new sign-in: the stored password and shared secret make one.
    const revoked =
      account.status === STEAM_ACCOUNT_STATUSES.error && account.lastErrorReason === 'sessionRevoked';
    if (!refreshToken || revoked) {
      this.#cache.delete(account.id);
      const signedIn = await this.deps.accounts.signInAgain(userId, account.id);
      if (!signedIn.ok) return tradeFailure('sessionRevoked', { detail: `sign-in: ${signedIn.reason}` });
      refreshToken = signedIn.refreshToken;
    }
    const cached = this.#cache.get(account.id);
    if (cached && cached.userId === userId && cached.storedRefreshToken === refreshToken) {
      return { ok: true, session: cached.session };
    }
    const stored = await this.deps.repo.run(userId, (q) => q.session(account.id));
    const accessToken =
      stored?.accessTokenEnc != null
        ? await this.deps.secrets.decrypt(accessTokenSlot(userId, account.id), stored.accessTokenEnc)
        : null;
    const entry: CachedSession = { userId, storedRefreshToken: refreshToken, session: null as never };
    entry.session = this.deps.steam.tradeSession({
      steamId: account.steamId!,
      refreshToken,
      proxy: account.proxy,
      identitySecret: account.identitySecret,
      deviceId: account.deviceId,
      saved: {
        accessToken,
        tradeProtectionAcknowledgedAt: stored?.tradeProtectionAcknowledgedAt ?? null,
      },
      onChange: (state) => this.persist(userId, account.id, entry, state),
      // Read inside the account's renewal turn: what another process rotated is what this one refreshes with.
      storedRefreshToken: async () => {
        const stored = await this.deps.accounts.refreshToken(userId, account.id);
        if (stored) entry.storedRefreshToken = stored;
        return stored;
      },
    });
    this.#cache.set(account.id, entry);
    return { ok: true, session: entry.session };
  }

  /**
   * A rotated refresh token first (the old one is dead), in place of the one it was renewed from; then the access
   * token and the acknowledgement.
   */
  private async persist(
    userId: string,
    accountId: number,
    entry: CachedSession,
    state: TradeSessionState,
  ): Promise<void> {
    if (state.refreshToken !== entry.storedRefreshToken) {
      const from = entry.storedRefreshToken;
      if (await this.deps.accounts.replaceRefreshToken(userId, accountId, from, state.refreshToken)) {
        entry.storedRefreshToken = state.refreshToken;
      }
    }
    const accessTokenEnc = state.accessToken
      ? await this.deps.secrets.encrypt(accessTokenSlot(userId, accountId), state.accessToken)
      : null;
    await this.deps.repo.run(userId, (q) =>
      q.saveSession(accountId, {
        accessTokenEnc,
        accessTokenExpiresAt: state.accessTokenExpiresAt,
        tradeProtectionAcknowledgedAt: state.tradeProtectionAcknowledgedAt,
      }),
    );
  }

  /**
   * Status active after a success, error for an account-level failure; other failures leave it as it is. The
   * account was read at the start of this call: when it already stands so, nothing is written (a session makes
   * thousands of calls through a healthy account).
   */
  private async recordOutcome(
    userId: string,
    account: TradingAccount,
    reason: TradeFailureReason | null,
  ): Promise<void> {
    if (reason !== null && !ACCOUNT_ERROR_REASONS.has(reason)) return;
    const status = reason === null ? STEAM_ACCOUNT_STATUSES.active : STEAM_ACCOUNT_STATUSES.error;
    if (account.status === status && account.lastErrorReason === reason) return;
    const accountId = account.id;
    const changed = await this.deps.accounts.setStatus(userId, accountId, status, reason);
    if (changed) await announceStatus(this.deps, userId, { accountId, accountStatus: status, reason });
  }
}
