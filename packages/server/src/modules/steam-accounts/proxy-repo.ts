import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { proxies, proxyTagLinks, proxyTags, steamAccounts } from '../../db/schema.ts';
import { anyId, anyText } from '../../db/sql-fragments.ts';
import {
  type NewProxyRow,
  ProxyQueries as ProxiesModuleQueries,
  type SealedProxy,
} from '../proxies/index.ts';

/** A stored proxy as a sign-in needs it (the password still sealed). */
export type StoredProxy = SealedProxy;

/** Proxy checks that say the proxy is dead: such proxies get no accounts in the distribute mode. */
const DEAD_PROXY_STATUSES = [3, 4];

const storedColumns = {
  id: proxies.id,
  protocol: proxies.protocol,
  host: proxies.host,
  port: proxies.port,
  username: proxies.username,
  passwordEnc: proxies.passwordEnc,
  identityHash: proxies.identityHash,
};

/** The proxy rows the Steam accounts area reads (and adds through the proxies module), within one user's scope. */
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
      .where(and(eq(proxies.userId, this.userId), anyId(proxies.id, ids)));
    return new Set(rows.map((row) => row.id));
  }

  async byIds(ids: readonly number[]): Promise<StoredProxy[]> {
    if (ids.length === 0) return [];
    return this.tx
      .select(storedColumns)
      .from(proxies)
      .where(and(eq(proxies.userId, this.userId), anyId(proxies.id, ids)));
  }

  async idsByIdentityHashes(hashes: readonly string[]): Promise<Map<string, number>> {
    if (hashes.length === 0) return new Map();
    const rows = await this.tx
      .select({ id: proxies.id, hash: proxies.identityHash })
      .from(proxies)
      .where(and(eq(proxies.userId, this.userId), anyText(proxies.identityHash, hashes)));
    return new Map(rows.map((row) => [row.hash, row.id]));
  }

  /**
   * Stores proxies the user does not have yet through the proxies module (one insert that skips identities
   * already stored), answering the id of every identity and which ones were created now.
   */
  async storeOrFind(
    rows: readonly NewProxyRow[],
  ): Promise<{ ids: Map<string, number>; created: Set<string> }> {
    const inserted = await new ProxiesModuleQueries(this.tx, this.userId).insertNew(rows);
    const ids = new Map(inserted);
    const missing = rows.map((row) => row.identityHash).filter((hash) => !ids.has(hash));
    for (const [hash, id] of await this.idsByIdentityHashes(missing)) ids.set(hash, id);
    return { ids, created: new Set(inserted.keys()) };
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
