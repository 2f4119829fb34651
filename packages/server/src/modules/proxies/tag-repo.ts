import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { proxyTagLinks, proxyTags } from '../../db/schema.ts';
import { anyId } from '../../db/sql-fragments.ts';
import { chunks, LINK_CHUNK, pushTo } from './lists.ts';

export interface TagRow {
  id: number;
  name: string;
}

/** SQL of the user's proxy tags and of the links between proxies and tags. */
export class ProxyTagQueries {
  constructor(
    private readonly tx: Db,
    private readonly userId: string,
  ) {}

  async tagsOf(proxyIds: readonly number[]): Promise<Map<number, TagRow[]>> {
    const byProxy = new Map<number, TagRow[]>();
    if (proxyIds.length === 0) return byProxy;
    const rows = await this.tx
      .select({ proxyId: proxyTagLinks.proxyId, id: proxyTags.id, name: proxyTags.name })
      .from(proxyTagLinks)
      .innerJoin(proxyTags, eq(proxyTags.id, proxyTagLinks.tagId))
      .where(and(eq(proxyTagLinks.userId, this.userId), inArray(proxyTagLinks.proxyId, [...proxyIds])))
      .orderBy(sql`lower(${proxyTags.name})`, asc(proxyTags.id));
    for (const row of rows) pushTo(byProxy, row.proxyId, { id: row.id, name: row.name });
    return byProxy;
  }

  async findTag(id: number): Promise<TagRow | null> {
    const rows = await this.tx
      .select({ id: proxyTags.id, name: proxyTags.name })
      .from(proxyTags)
      .where(and(eq(proxyTags.userId, this.userId), eq(proxyTags.id, id)));
    return rows[0] ?? null;
  }

  /** Which of these tag ids are the user's proxy tags. */
  async ownedTagIds(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.tx
      .select({ id: proxyTags.id })
      .from(proxyTags)
      .where(and(eq(proxyTags.userId, this.userId), anyId(proxyTags.id, ids)));
    return new Set(rows.map((row) => row.id));
  }

  /** The tag of this name (any case), or null when the user has none. */
  async findTagNamed(name: string): Promise<TagRow | null> {
    const rows = await this.tx
      .select({ id: proxyTags.id, name: proxyTags.name })
      .from(proxyTags)
      .where(and(eq(proxyTags.userId, this.userId), eq(sql`lower(${proxyTags.name})`, name.toLowerCase())));
    return rows[0] ?? null;
  }

  /** The tag of this name (any case), created when the user has none. */
  async tagNamed(name: string): Promise<TagRow> {
    await this.tx.insert(proxyTags).values({ userId: this.userId, name }).onConflictDoNothing();
    return (await this.findTagNamed(name))!;
  }

  async listTags(): Promise<{ id: number; name: string; count: number }[]> {
    return this.tx
      .select({
        id: proxyTags.id,
        name: proxyTags.name,
        count: sql<number>`(select count(*) from ${proxyTagLinks} where ${proxyTagLinks.tagId} = ${proxyTags.id})::int`,
      })
      .from(proxyTags)
      .where(eq(proxyTags.userId, this.userId))
      .orderBy(sql`lower(${proxyTags.name})`, asc(proxyTags.id));
  }

  async linkTag(proxyIds: readonly number[], tagId: number): Promise<void> {
    for (const chunk of chunks(proxyIds, LINK_CHUNK)) {
      await this.tx
        .insert(proxyTagLinks)
        .values(chunk.map((proxyId) => ({ userId: this.userId, proxyId, tagId })))
        .onConflictDoNothing();
    }
  }

  async unlinkTag(proxyIds: readonly number[], tagId: number): Promise<void> {
    for (const chunk of chunks(proxyIds, LINK_CHUNK)) {
      await this.tx
        .delete(proxyTagLinks)
        .where(
          and(
            eq(proxyTagLinks.userId, this.userId),
            eq(proxyTagLinks.tagId, tagId),
            inArray(proxyTagLinks.proxyId, chunk),
          ),
        );
    }
  }
}
