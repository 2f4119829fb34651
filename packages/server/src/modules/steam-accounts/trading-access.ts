import { parseMafileText, readJwtClaims } from '@tradedeck/sdk/domain';
import { proxyKey, type SteamProxy } from '../../integrations/steam/index.ts';
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

  /**
   * The egress each of these accounts calls Steam through, as the pacing kernel keys its per-proxy budgets
   * (address and port); null for an account without a proxy.
   */
  async egresses(userId: string, ids: readonly number[]): Promise<Map<number, string | null>> {
    const rows = await this.repo.run(userId, (q) => q.proxyAddresses(ids));
    return new Map(
      rows.map((row) => [
        row.id,
        row.host !== null && row.port !== null ? proxyKey({ host: row.host, port: row.port }) : null,
      ]),
    );
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

  /** The refresh token as stored now (another server process may have rotated it). */
  async refreshToken(userId: string, id: number): Promise<string | null> {
    const sealed = await this.repo.run(userId, (q) => q.refreshTokenEnc(id, false));
    if (!sealed) return null;
    const box = await this.deps.secrets.openFor(userId);
    return box.decrypt(accountSlot(userId, id, 'refresh_token_enc'), sealed);
  }

  /**
   * Seals and stores a refresh token Steam just rotated (the old one is dead), in place of the one it was renewed
   * from. Compare-and-set on the row: when another process stored a different token meanwhile, that one stays and
   * the answer is false.
   */
  async replaceRefreshToken(userId: string, id: number, from: string, to: string): Promise<boolean> {
    const slot = accountSlot(userId, id, 'refresh_token_enc');
    const box = await this.deps.secrets.openFor(userId);
    const sealed = box.encrypt(slot, to);
    return this.repo.run(userId, async (q) => {
      const current = await q.refreshTokenEnc(id, true);
      const held = current ? box.decrypt(slot, current) : null;
      if (held === to) return true;
      if (held !== from) return false;
      await q.saveRefreshToken(id, sealed, expiryOf(to));
      return true;
    });
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
  const exp = readJwtClaims(token)?.exp;
  return exp ? new Date(exp * 1000) : null;
}
