import { parseMafileText } from '@tradedeck/sdk/domain';
import type { SteamProxy } from '../../integrations/steam/index.ts';
import { readTokenClaims } from '../../integrations/steam/token-claims.ts';
import { type AccountsDeps, accountSlot } from './deps.ts';
import { userProxyKeys } from './proxy-identity.ts';
import { openStoredProxy } from './proxy-resolver.ts';
import type { TradingAccountRepo } from './trading-repo.ts';

/** An account opened for trading: its secrets decrypted in memory only. */
export interface OpenedTradingAccount {
  id: number;
  login: string;
  steamId: string | null;
  status: number;
  lastErrorReason: string | null;
  proxy: SteamProxy | null;
  refreshToken: string | null;
  identitySecret: string | null;
  deviceId: string | null;
}

export type SignInAgainResult = { ok: true; refreshToken: string } | { ok: false; reason: string };

/**
 * What the trading area may do with Steam accounts: open one (secrets and proxy), keep its refresh token sealed,
 * set its status with the reason, and sign it in again with the stored password after Steam ended its session.
 */
export class AccountTradingAccess {
  constructor(
    private readonly deps: AccountsDeps,
    private readonly repo: TradingAccountRepo,
  ) {}

  ownedIds(userId: string, ids: readonly number[]): Promise<Set<number>> {
    return this.repo.run(userId, (q) => q.ownedIds(ids));
  }

  /** Which of these SteamIDs are the user's own accounts (an offer between them needs no step-up). */
  ownSteamIds(userId: string, steamIds: readonly string[]): Promise<Set<string>> {
    return this.repo.run(userId, (q) => q.ownSteamIds(steamIds));
  }

  /** The user's accounts named by id or by tag (another user's ids and tags select nothing). */
  select(
    userId: string,
    selection: { accountIds: readonly number[]; tagIds: readonly number[] },
  ): Promise<{ id: number; login: string; steamId: string | null }[]> {
    return this.repo.run(userId, (q) => q.select(selection.accountIds, selection.tagIds));
  }

  async open(userId: string, id: number): Promise<OpenedTradingAccount | null> {
    const row = await this.repo.run(userId, (q) => q.row(id));
    if (!row) return null;
    const box = await this.deps.secrets.openFor(userId);
    const mafile = parseMafileText(box.decrypt(accountSlot(userId, id, 'mafile_enc'), row.mafileEnc), {
      tryExtractProxy: false,
    });
    return {
      id: row.id,
      login: row.login,
      steamId: row.steamId,
      status: row.status,
      lastErrorReason: row.lastErrorReason,
      proxy: row.proxy ? openStoredProxy(userProxyKeys(box, userId), row.proxy) : null,
      refreshToken: row.refreshTokenEnc
        ? box.decrypt(accountSlot(userId, id, 'refresh_token_enc'), row.refreshTokenEnc)
        : null,
      identitySecret: mafile.ok ? mafile.mafile.identitySecret : null,
      deviceId: mafile.ok ? mafile.mafile.deviceId : null,
    };
  }

  /** Seals and stores a refresh token Steam just rotated (the old one is dead). */
  async saveRefreshToken(userId: string, id: number, refreshToken: string): Promise<void> {
    const sealed = await this.deps.secrets.encrypt(
      accountSlot(userId, id, 'refresh_token_enc'),
      refreshToken,
    );
    await this.repo.run(userId, (q) => q.saveRefreshToken(id, sealed, expiryOf(refreshToken)));
  }

  /** Answers whether the status or reason changed. */
  setStatus(userId: string, id: number, status: number, reason: string | null): Promise<boolean> {
    return this.repo.run(userId, (q) => q.setStatus(id, status, reason));
  }

  /** A password sign-in through the account's proxy; the new refresh token is stored sealed. */
  async signInAgain(userId: string, id: number): Promise<SignInAgainResult> {
    const row = await this.repo.run(userId, (q) => q.row(id));
    if (!row) return { ok: false, reason: 'unknownError' };
    const box = await this.deps.secrets.openFor(userId);
    const mafile = parseMafileText(box.decrypt(accountSlot(userId, id, 'mafile_enc'), row.mafileEnc), {
      tryExtractProxy: false,
    });
    if (!mafile.ok || row.passwordEnc === '') return { ok: false, reason: 'passwordNotSet' };
    const signedIn = await this.deps.steam.signIn({
      login: row.login,
      password: box.decrypt(accountSlot(userId, id, 'password_enc'), row.passwordEnc),
      sharedSecret: mafile.mafile.sharedSecret,
      proxy: row.proxy ? openStoredProxy(userProxyKeys(box, userId), row.proxy) : null,
    });
    if (!signedIn.ok) return { ok: false, reason: signedIn.outcome.reason };
    const sealed = box.encrypt(accountSlot(userId, id, 'refresh_token_enc'), signedIn.refreshToken);
    await this.repo.run(userId, (q) =>
      q.signedIn(id, sealed, expiryOf(signedIn.refreshToken), new Date(this.deps.now())),
    );
    return { ok: true, refreshToken: signedIn.refreshToken };
  }
}

function expiryOf(token: string): Date | null {
  const exp = readTokenClaims(token)?.exp;
  return exp ? new Date(exp * 1000) : null;
}
