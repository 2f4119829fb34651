import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { proxies, steamAccounts, steamAccountTagLinks } from '../../db/schema.ts';
import { anyId, anyText } from '../../db/sql-fragments.ts';
import type { UserScope } from '../../security/user-scope.ts';
import type { SealedProxy } from '../proxies/index.ts';

/** What trading needs of an account row: its sealed secrets, its proxy and its status. */
export interface TradingAccountRow {
  id: number;
  login: string;
  steamId: string | null;
  status: number;
  lastErrorReason: string | null;
  passwordEnc: string;
  mafileEnc: string;
  refreshTokenEnc: string | null;
  proxy: SealedProxy | null;
}

/** The trading area's reads and writes of accounts, run in the user's scope (row-level security). */
export class TradingAccountRepo {
  constructor(private readonly scope: UserScope) {}

  run<T>(userId: string, work: (q: TradingAccountQueries) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new TradingAccountQueries(tx, userId)));
  }
}

/** The SQL of the trading side of Steam accounts (session token, status), run inside one user's scope. */
export class TradingAccountQueries {
  constructor(
    private readonly tx: Db,
    private readonly userId: string,
  ) {}

  async row(id: number): Promise<TradingAccountRow | null> {
    const [row] = await this.tx
      .select({
        id: steamAccounts.id,
        login: steamAccounts.login,
        steamId: steamAccounts.steamId,
        status: steamAccounts.status,
        lastErrorReason: steamAccounts.lastErrorReason,
        passwordEnc: steamAccounts.passwordEnc,
        mafileEnc: steamAccounts.mafileEnc,
        refreshTokenEnc: steamAccounts.refreshTokenEnc,
        proxyId: proxies.id,
        protocol: proxies.protocol,
        host: proxies.host,
        port: proxies.port,
        username: proxies.username,
        proxyPasswordEnc: proxies.passwordEnc,
        identityHash: proxies.identityHash,
      })
      .from(steamAccounts)
      .leftJoin(proxies, eq(proxies.id, steamAccounts.proxyId))
      .where(and(eq(steamAccounts.userId, this.userId), eq(steamAccounts.id, id)));
    if (!row) return null;
    const { proxyId, protocol, host, port, username, proxyPasswordEnc, identityHash, ...account } = row;
    return {
      ...account,
      proxy:
        proxyId !== null && host !== null && port !== null && protocol !== null && identityHash !== null
          ? { id: proxyId, protocol, host, port, username, passwordEnc: proxyPasswordEnc, identityHash }
          : null,
    } as TradingAccountRow;
  }

  async ownedIds(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.tx
      .select({ id: steamAccounts.id })
      .from(steamAccounts)
      .where(and(eq(steamAccounts.userId, this.userId), anyId(steamAccounts.id, ids)));
    return new Set(rows.map((row) => row.id));
  }

  /** The proxy address of each of these accounts (none without a proxy). */
  async proxyAddresses(
    ids: readonly number[],
  ): Promise<{ id: number; host: string | null; port: number | null }[]> {
    if (ids.length === 0) return [];
    return this.tx
      .select({ id: steamAccounts.id, host: proxies.host, port: proxies.port })
      .from(steamAccounts)
      .leftJoin(proxies, eq(proxies.id, steamAccounts.proxyId))
      .where(and(eq(steamAccounts.userId, this.userId), anyId(steamAccounts.id, ids)));
  }

  /** Which of these SteamIDs belong to the user's own accounts. */
  async ownSteamIds(steamIds: readonly string[]): Promise<Set<string>> {
    if (steamIds.length === 0) return new Set();
    const rows = await this.tx
      .select({ steamId: steamAccounts.steamId })
      .from(steamAccounts)
      .where(and(eq(steamAccounts.userId, this.userId), anyText(steamAccounts.steamId, steamIds)));
    return new Set(rows.flatMap((row) => (row.steamId ? [row.steamId] : [])));
  }

  /** The accounts named by id or carrying any of the tags, with their login and SteamID, by id. */
  async select(
    accountIds: readonly number[],
    tagIds: readonly number[],
  ): Promise<{ id: number; login: string; steamId: string | null }[]> {
    const named = accountIds.length > 0 ? anyId(steamAccounts.id, accountIds) : sql`false`;
    const tagged =
      tagIds.length > 0
        ? sql`${steamAccounts.id} in (select ${steamAccountTagLinks.accountId} from ${steamAccountTagLinks}
            where ${steamAccountTagLinks.userId} = ${this.userId} and ${anyId(steamAccountTagLinks.tagId, tagIds)})`
        : sql`false`;
    return this.tx
      .select({ id: steamAccounts.id, login: steamAccounts.login, steamId: steamAccounts.steamId })
      .from(steamAccounts)
      .where(and(eq(steamAccounts.userId, this.userId), or(named, tagged)))
      .orderBy(asc(steamAccounts.id));
  }

  /** The sealed refresh token; `lock` holds the row until the transaction ends (compare-and-set). */
  async refreshTokenEnc(id: number, lock: boolean): Promise<string | null> {
    const query = this.tx
      .select({ sealed: steamAccounts.refreshTokenEnc })
      .from(steamAccounts)
      .where(and(eq(steamAccounts.userId, this.userId), eq(steamAccounts.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    return row?.sealed ?? null;
  }

  async saveRefreshToken(id: number, refreshTokenEnc: string, expiresAt: Date | null): Promise<void> {
    await this.tx
      .update(steamAccounts)
      .set({ refreshTokenEnc, refreshTokenExpiresAt: expiresAt })
      .where(and(eq(steamAccounts.userId, this.userId), eq(steamAccounts.id, id)));
  }

  async signedIn(id: number, refreshTokenEnc: string, expiresAt: Date | null, at: Date): Promise<void> {
    await this.tx
      .update(steamAccounts)
      .set({ refreshTokenEnc, refreshTokenExpiresAt: expiresAt, lastLoginAt: at })
      .where(and(eq(steamAccounts.userId, this.userId), eq(steamAccounts.id, id)));
  }

  /** Sets the status and reason; answers whether anything changed. */
  async setStatus(id: number, status: number, reason: string | null): Promise<boolean> {
    const rows = await this.tx
      .update(steamAccounts)
      .set({ status, lastErrorReason: reason })
      .where(
        and(
          eq(steamAccounts.userId, this.userId),
          eq(steamAccounts.id, id),
          sql`(${steamAccounts.status} <> ${status} or ${steamAccounts.lastErrorReason} is distinct from ${reason})`,
        ),
      )
      .returning({ id: steamAccounts.id });
    return rows.length === 1;
  }
}
