import { count, eq, isNotNull } from 'drizzle-orm';
import { proxies, steamAccounts } from '../../db/schema.ts';
import type { UserScope } from '../../security/user-scope.ts';

export interface OwnProxy {
  id: number;
  name: string | null;
  host: string;
  port: number;
  /** The accounts stored on it. */
  accounts: number;
}

export interface OwnAccount {
  id: number;
  login: string;
  steamId: string;
}

/** The caller's proxies and accounts, under row-level security: the pacing state is shown for these and no others. */
export class PacingRepo {
  constructor(private readonly scope: UserScope) {}

  ownProxies(userId: string): Promise<OwnProxy[]> {
    return this.scope.run(userId, (tx) =>
      tx
        .select({
          id: proxies.id,
          name: proxies.name,
          host: proxies.host,
          port: proxies.port,
          accounts: count(steamAccounts.id),
        })
        .from(proxies)
        .leftJoin(steamAccounts, eq(steamAccounts.proxyId, proxies.id))
        .groupBy(proxies.id),
    );
  }

  async ownAccounts(userId: string): Promise<OwnAccount[]> {
    const rows = await this.scope.run(userId, (tx) =>
      tx
        .select({ id: steamAccounts.id, login: steamAccounts.login, steamId: steamAccounts.steamId })
        .from(steamAccounts)
        .where(isNotNull(steamAccounts.steamId)),
    );
    return rows.flatMap((row) => (row.steamId ? [{ ...row, steamId: row.steamId }] : []));
  }
}
