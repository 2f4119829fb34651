import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { proxies, proxyTagLinks, proxyTags, steamAccounts } from '../../db/schema.ts';

/** A stored proxy as a sign-in needs it (the password still sealed). */
export interface StoredProxy {
  id: number;
  protocol: number;
  host: string;
  port: number;
  username: string | null;
  passwordEnc: string | null;
}

export interface NewProxyRow {
  id: number;
  protocol: number;
  host: string;
  port: number;
  username: string | null;
  passwordEnc: string | null;
  identityHash: string;
}

/** Proxy checks that say the proxy is dead: such proxies get no accounts in the distribute mode. */
const DEAD_PROXY_STATUSES = [3, 4];

const storedColumns = {
  id: proxies.id,
  protocol: proxies.protocol,
  host: proxies.host,
  port: proxies.port,
  username: proxies.username,
  passwordEnc: proxies.passwordEnc,
};

/** The proxy rows the Steam accounts area reads and adds, within one user's scope. */
export class ProxyQueries {
  constructor(
    private readonly tx: Db,
    private readonly userId: string,
  ) {}

  async owned(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.tx
      .select({ id: proxies.id })
      .from(proxies)
      .where(and(eq(proxies.userId, this.userId), inArray(proxies.id, [...ids])));
    return new Set(rows.map((row) => row.id));
  }

  async byIds(ids: readonly number[]): Promise<StoredProxy[]> {
    if (ids.length === 0) return [];
    return this.tx
      .select(storedColumns)
      .from(proxies)
      .where(and(eq(proxies.userId, this.userId), inArray(proxies.id, [...ids])));
  }

  async idsByIdentityHashes(hashes: readonly string[]): Promise<Map<string, number>> {
    if (hashes.length === 0) return new Map();
    const rows = await this.tx
      .select({ id: proxies.id, hash: proxies.identityHash })
      .from(proxies)
      .where(and(eq(proxies.userId, this.userId), inArray(proxies.identityHash, [...hashes])));
    return new Map(rows.map((row) => [row.hash, row.id]));
  }

  /** Inserts a proxy unless the user has one of the same identity; answers the stored id either way. */
  async insertOrFind(row: NewProxyRow): Promise<{ id: number; created: boolean }> {
    const inserted = await this.tx
      .insert(proxies)
      .values({ ...row, userId: this.userId })
      .onConflictDoNothing()
      .returning({ id: proxies.id });
    if (inserted[0]) return { id: inserted[0].id, created: true };
    const existing = await this.idsByIdentityHashes([row.identityHash]);
    return { id: existing.get(row.identityHash)!, created: false };
  }

  async tagExists(tagId: number): Promise<boolean> {
    const rows = await this.tx
      .select({ id: proxyTags.id })
      .from(proxyTags)
      .where(and(eq(proxyTags.userId, this.userId), eq(proxyTags.id, tagId)));
    return rows.length === 1;
  }

  /** The live proxies of a tag with how many accounts each already carries, least used first. */
  async ofTagWithLoad(tagId: number): Promise<(StoredProxy & { load: number })[]> {
    return this.tx
      .select({
        ...storedColumns,
        load: sql<number>`(select count(*)::int from ${steamAccounts} where ${steamAccounts.proxyId} = ${proxies.id})`,
      })
      .from(proxies)
      .innerJoin(proxyTagLinks, eq(proxyTagLinks.proxyId, proxies.id))
      .where(
        and(
          eq(proxies.userId, this.userId),
          eq(proxyTagLinks.tagId, tagId),
          notInArray(proxies.status, DEAD_PROXY_STATUSES),
        ),
      )
      .orderBy(asc(proxies.id));
  }
}
