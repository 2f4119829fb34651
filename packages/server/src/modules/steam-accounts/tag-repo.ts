import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { steamAccountTagLinks, steamAccountTags } from '../../db/schema.ts';
import { anyId } from '../../db/sql-fragments.ts';

export interface TagRef {
  id: number;
  name: string;
}

/** SQL of Steam account tags and their links, within one user's scope. */
export class TagQueries {
  constructor(
    private readonly tx: Db,
    private readonly userId: string,
  ) {}

  async list(): Promise<(TagRef & { count: number })[]> {
    return this.tx
      .select({
        id: steamAccountTags.id,
        name: steamAccountTags.name,
        count: sql<number>`(select count(*)::int from ${steamAccountTagLinks} where ${steamAccountTagLinks.tagId} = ${steamAccountTags.id})`,
      })
      .from(steamAccountTags)
      .where(eq(steamAccountTags.userId, this.userId))
      .orderBy(asc(sql`lower(${steamAccountTags.name})`));
  }

  async find(id: number): Promise<TagRef | null> {
    const rows = await this.tx
      .select({ id: steamAccountTags.id, name: steamAccountTags.name })
      .from(steamAccountTags)
      .where(and(eq(steamAccountTags.userId, this.userId), eq(steamAccountTags.id, id)));
    return rows[0] ?? null;
  }

  /** Which of these tag ids are the user's. */
  async owned(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.tx
      .select({ id: steamAccountTags.id })
      .from(steamAccountTags)
      .where(and(eq(steamAccountTags.userId, this.userId), anyId(steamAccountTags.id, ids)));
    return new Set(rows.map((row) => row.id));
  }

  /** The user's tag of this name (any case), created when missing. */
  async findOrCreate(name: string): Promise<TagRef> {
    await this.tx.insert(steamAccountTags).values({ userId: this.userId, name }).onConflictDoNothing();
    const rows = await this.tx
      .select({ id: steamAccountTags.id, name: steamAccountTags.name })
      .from(steamAccountTags)
      .where(
        and(eq(steamAccountTags.userId, this.userId), sql`lower(${steamAccountTags.name}) = lower(${name})`),
      );
    return rows[0]!;
  }

  async link(accountIds: readonly number[], tagId: number): Promise<void> {
    if (accountIds.length === 0) return;
    // One array parameter for the ids: a row of parameters per account would overflow past 21,845 accounts.
    await this.tx.execute(sql`
      insert into ${steamAccountTagLinks} (user_id, account_id, tag_id)
      select ${this.userId}::uuid, account_id, ${tagId}::int from unnest(${sql.param([...accountIds])}::int[]) as account_id
      on conflict do nothing`);
  }

  async unlink(accountIds: readonly number[], tagId: number): Promise<void> {
    if (accountIds.length === 0) return;
    await this.tx
      .delete(steamAccountTagLinks)
      .where(
        and(
          eq(steamAccountTagLinks.userId, this.userId),
          eq(steamAccountTagLinks.tagId, tagId),
          anyId(steamAccountTagLinks.accountId, accountIds),
        ),
      );
  }
}
