import { eq, like } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { proxies, systemState } from '../../db/schema.ts';
import { ProxyQueries, type SealedProxy } from './repo.ts';

/** A stored proxy whose host is an IPv6 address, with its owner, as the re-hash reads it. */
export type Ipv6ProxyRow = SealedProxy & { userId: string };

/**
 * SQL of the one-time re-hash of IPv6 proxies. It runs as the server at start-up, across every user's rows (the
 * row-level security policies restrict only the request role), and records itself in `system_state` when done.
 */
export class Ipv6RehashRepo {
  constructor(private readonly db: Db) {}

  async isDone(key: string): Promise<boolean> {
    const rows = await this.db
      .select({ key: systemState.key })
      .from(systemState)
      .where(eq(systemState.key, key));
    return rows.length > 0;
  }

  async markDone(key: string, summary: Record<string, number>): Promise<void> {
    await this.db
      .insert(systemState)
      .values({ key, value: { ...summary, doneAt: new Date().toISOString() } })
      .onConflictDoNothing();
  }

  /** Every stored proxy with a colon in its host: only IPv6 addresses have one. */
  ipv6Proxies(): Promise<Ipv6ProxyRow[]> {
    return this.db
      .select({
        id: proxies.id,
        userId: proxies.userId,
        protocol: proxies.protocol,
        host: proxies.host,
        port: proxies.port,
        username: proxies.username,
        passwordEnc: proxies.passwordEnc,
        identityHash: proxies.identityHash,
      })
      .from(proxies)
      .where(like(proxies.host, '%:%'))
      .orderBy(proxies.id);
  }

  hashTaken(userId: string, identityHash: string, exceptId: number): Promise<boolean> {
    return new ProxyQueries(this.db, userId).identityTaken(identityHash, exceptId);
  }

  async update(id: number, values: { host: string; identityHash: string; passwordEnc: string | null }) {
    await this.db.update(proxies).set(values).where(eq(proxies.id, id));
  }
}
