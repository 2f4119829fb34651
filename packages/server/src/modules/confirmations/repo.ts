import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  confirmationJobItems,
  confirmationJobs,
  confirmationOwnListings,
  confirmationRules,
  steamAccounts,
  steamAccountTagLinks,
  steamAccountTags,
  steamTradeIntents,
} from '../../db/schema.ts';
import { anyId, anyText } from '../../db/sql-fragments.ts';
import type { UserScope } from '../../security/user-scope.ts';
import type { AccountRef, JobItemRow, JobRow, NewJobItem, RuleRow } from './types.ts';

/** All SQL of the confirmations centre, run inside the caller's user scope (row-level security). */
export class ConfirmationsRepo {
  constructor(private readonly scope: UserScope) {}

  run<T>(userId: string, work: (q: ConfirmationQueries) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new ConfirmationQueries(tx, userId)));
  }
}

export class ConfirmationQueries {
  constructor(
    readonly tx: Db,
    private readonly userId: string,
  ) {}

  /**
   * The accounts named by id or carrying a tag of these names (case-insensitive), or every account when neither is
   * given; each with the ids of all its tags.
   */
  async accounts(accountIds: readonly number[] | undefined, tags: readonly string[] | undefined) {
    const own = eq(steamAccounts.userId, this.userId);
    const named = accountIds?.length ? anyId(steamAccounts.id, accountIds) : null;
    const tagged = tags?.length
      ? sql`${steamAccounts.id} in (select ${steamAccountTagLinks.accountId} from ${steamAccountTagLinks}
          join ${steamAccountTags} on ${steamAccountTags.id} = ${steamAccountTagLinks.tagId}
          where ${steamAccountTagLinks.userId} = ${this.userId}
            and lower(${steamAccountTags.name}) = any(${sql.param(tags.map((tag) => tag.toLowerCase()))}::text[]))`
      : null;
    const chosen = named && tagged ? sql`(${named} or ${tagged})` : (named ?? tagged);
    const rows = await this.tx
      .select({ id: steamAccounts.id, login: steamAccounts.login })
      .from(steamAccounts)
      .where(chosen ? and(own, chosen) : own)
      .orderBy(asc(steamAccounts.id));
    const links = rows.length
      ? await this.tx
          .select({ accountId: steamAccountTagLinks.accountId, tagId: steamAccountTagLinks.tagId })
          .from(steamAccountTagLinks)
          .where(
            and(
              eq(steamAccountTagLinks.userId, this.userId),
              anyId(
                steamAccountTagLinks.accountId,
                rows.map((row) => row.id),
              ),
            ),
          )
      : [];
    return rows.map(
      (row): AccountRef => ({
        ...row,
        tagIds: links.filter((link) => link.accountId === row.id).map((link) => link.tagId),
      }),
    );
  }

  /** The account that sent or accepted this offer through Tradedeck, if any. */
  async accountOfOffer(offerId: string): Promise<number | null> {
    const [row] = await this.tx
      .select({ accountId: steamTradeIntents.accountId })
      .from(steamTradeIntents)
      .where(
        and(
          eq(steamTradeIntents.userId, this.userId),
          eq(steamTradeIntents.offerId, offerId),
          eq(steamTradeIntents.status, 'done'),
        ),
      )
      .limit(1);
    return row?.accountId ?? null;
  }

  /** Which of these listing ids the account made through Tradedeck. */
  async ownListings(accountId: number, listingIds: readonly string[]): Promise<Set<string>> {
    if (listingIds.length === 0) return new Set();
    const rows = await this.tx
      .select({ listingId: confirmationOwnListings.listingId })
      .from(confirmationOwnListings)
      .where(
        and(
          eq(confirmationOwnListings.userId, this.userId),
          eq(confirmationOwnListings.accountId, accountId),
          anyText(confirmationOwnListings.listingId, listingIds),
        ),
      );
    return new Set(rows.map((row) => row.listingId));
  }

  async recordListing(accountId: number, listingId: string): Promise<void> {
    await this.tx
      .insert(confirmationOwnListings)
      .values({ userId: this.userId, accountId, listingId })
      .onConflictDoNothing();
  }

  /** Every tag of the user with its rule (null when it has none). */
  async tagRules(): Promise<RuleRow[]> {
    return this.tx
      .select({
        tagId: steamAccountTags.id,
        tag: steamAccountTags.name,
        acceptOwnOffers: confirmationRules.acceptOwnOffers,
        acceptOwnListings: confirmationRules.acceptOwnListings,
      })
      .from(steamAccountTags)
      .leftJoin(
        confirmationRules,
        and(eq(confirmationRules.tagId, steamAccountTags.id), eq(confirmationRules.userId, this.userId)),
      )
      .where(eq(steamAccountTags.userId, this.userId))
      .orderBy(asc(steamAccountTags.name), asc(steamAccountTags.id));
  }

  async saveRule(tagId: number, acceptOwnOffers: boolean, acceptOwnListings: boolean): Promise<void> {
    await this.tx
      .insert(confirmationRules)
      .values({ userId: this.userId, tagId, acceptOwnOffers, acceptOwnListings })
      .onConflictDoUpdate({
        target: [confirmationRules.userId, confirmationRules.tagId],
        set: { acceptOwnOffers, acceptOwnListings, updatedAt: sql`now()` },
      });
  }

  /** A job and its confirmations, written before any of them is answered. */
  async createJob(
    origin: JobRow['origin'],
    accept: boolean,
    selection: unknown,
    items: readonly NewJobItem[],
  ): Promise<number> {
    const [job] = await this.tx
      .insert(confirmationJobs)
      .values({ userId: this.userId, origin, accept, selection, total: items.length })
      .returning({ id: confirmationJobs.id });
    if (items.length > 0) {
      await this.tx
        .insert(confirmationJobItems)
        .values(
          items.map((item) => ({ ...item, userId: this.userId, jobId: job!.id, state: 'planned' as const })),
        );
    }
    return job!.id;
  }

  async job(id: number): Promise<JobRow | null> {
    const [row] = await this.tx
      .select()
      .from(confirmationJobs)
      .where(and(eq(confirmationJobs.userId, this.userId), eq(confirmationJobs.id, id)));
    return row ?? null;
  }

  async jobItems(jobId: number): Promise<JobItemRow[]> {
    return this.tx
      .select()
      .from(confirmationJobItems)
      .where(and(eq(confirmationJobItems.userId, this.userId), eq(confirmationJobItems.jobId, jobId)))
      .orderBy(asc(confirmationJobItems.id));
  }

  /** Moves the job's items to a state (with the reason of a failure). */
  async markItems(
    ids: readonly number[],
    state: JobItemRow['state'],
    reason: string | null,
    at: Date | null,
  ): Promise<void> {
    if (ids.length === 0) return;
    await this.tx
      .update(confirmationJobItems)
      .set({ state, reason, answeredAt: at })
      .where(and(eq(confirmationJobItems.userId, this.userId), inArray(confirmationJobItems.id, [...ids])));
  }

  async finishJob(id: number, status: 'done' | 'failed', at: Date): Promise<void> {
    await this.tx
      .update(confirmationJobs)
      .set({ status, finishedAt: at })
      .where(and(eq(confirmationJobs.userId, this.userId), eq(confirmationJobs.id, id)));
  }
}
