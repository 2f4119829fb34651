import type { MobileConfirmation } from '@tradedeck/sdk/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { confirmationSnapshots } from '../../db/schema.ts';
import { anyId, rowsOf } from '../../db/sql-fragments.ts';
import type { UserScope } from '../../security/user-scope.ts';

/** One account's last list from Steam, as kept. */
export interface Snapshot {
  accountId: number;
  items: MobileConfirmation[];
  failure: string | null;
  fetchedAt: Date | null;
}

/** An account the background refresh took to read: whose it is, so the read runs in that user's scope. */
export interface ClaimedAccount {
  userId: string;
  accountId: number;
}

/**
 * The kept lists of the confirmations centre. Reads and writes of a user's lists run in the user's scope (row-level
 * security); only the background refresh's claim looks across users, as the table's owner, and it hands out
 * nothing but ids.
 */
export class SnapshotRepo {
  constructor(
    private readonly db: Db,
    private readonly scope: UserScope,
  ) {}

  /**
   * Leases up to `limit` watched accounts whose list is older than `readBefore` (or was never read) and whose
   * lease is free, the least recently read first. Two processes claiming at once never get the same account: the
   * lease is taken by a conditional update each process re-checks under the row's lock.
   */
  async claimDue(input: {
    now: Date;
    readBefore: Date;
    owner: string;
    leaseUntil: Date;
    limit: number;
  }): Promise<ClaimedAccount[]> {
    const s = confirmationSnapshots;
    const result = await this.db.execute(sql`
      update ${s} set lease_owner = ${input.owner}, lease_until = ${input.leaseUntil}
      where ${s.accountId} in (
        select account_id from ${s}
        where watched_until > ${input.now}
          and (fetched_at is null or fetched_at < ${input.readBefore})
          and (lease_until is null or lease_until < ${input.now})
        order by fetched_at asc nulls first, account_id asc
        limit ${input.limit}
      )
        and watched_until > ${input.now}
        and (fetched_at is null or fetched_at < ${input.readBefore})
        and (lease_until is null or lease_until < ${input.now})
      returning user_id as "userId", account_id as "accountId"`);
    return rowsOf<ClaimedAccount>(result).sort((a, b) => a.accountId - b.accountId);
  }

  /** Runs `work` in one transaction as the user (row-level security applies). */
  run<T>(userId: string, work: (q: SnapshotQueries) => Promise<T>): Promise<T> {
    return this.scope.run(userId, (tx) => work(new SnapshotQueries(tx, userId)));
  }

  /** Records what Steam or the market answered a read, whoever read it (`UserScope.record`). */
  record<T>(userId: string, work: (q: SnapshotQueries) => Promise<T>): Promise<T> {
    return this.scope.record(userId, (tx) => work(new SnapshotQueries(tx, userId)));
  }
}

/** One user's kept lists, inside the user's scope. */
class SnapshotQueries {
  constructor(
    private readonly tx: Db,
    private readonly userId: string,
  ) {}

  /** Keeps the centre watching these accounts of the user until `until` (their lists are refreshed meanwhile). */
  async watch(accountIds: readonly number[], until: Date): Promise<void> {
    if (accountIds.length === 0) return;
    const userId = this.userId;
    await this.tx
      .insert(confirmationSnapshots)
      .values(accountIds.map((accountId) => ({ accountId, userId, watchedUntil: until })))
      .onConflictDoUpdate({
        target: confirmationSnapshots.accountId,
        set: { watchedUntil: sql`greatest(${confirmationSnapshots.watchedUntil}, excluded.watched_until)` },
      });
  }

  /** The kept lists of these accounts of the user (an account never read has none). */
  async read(accountIds: readonly number[]): Promise<Snapshot[]> {
    if (accountIds.length === 0) return [];
    const rows = await this.tx
      .select({
        accountId: confirmationSnapshots.accountId,
        items: confirmationSnapshots.items,
        failure: confirmationSnapshots.failure,
        fetchedAt: confirmationSnapshots.fetchedAt,
      })
      .from(confirmationSnapshots)
      .where(
        and(
          eq(confirmationSnapshots.userId, this.userId),
          anyId(confirmationSnapshots.accountId, accountIds),
        ),
      );
    return rows.map((row) => ({ ...row, items: row.items as MobileConfirmation[] }));
  }

  /** Keeps what Steam just listed (or why it could not be read) and frees the account's lease. */
  async save(
    accountId: number,
    listed: { items: readonly MobileConfirmation[]; failure: string | null },
    at: Date,
  ): Promise<void> {
    const kept = {
      items: [...listed.items],
      failure: listed.failure,
      fetchedAt: at,
      leaseOwner: null,
      leaseUntil: null,
    };
    await this.tx
      .insert(confirmationSnapshots)
      // A list read outside the centre (a rule run, an answer) is kept but not watched.
      .values({ accountId, userId: this.userId, watchedUntil: at, ...kept })
      .onConflictDoUpdate({ target: confirmationSnapshots.accountId, set: kept });
  }

  /** An answer changed the account's list: the kept one is no longer shown, and is read again when due. */
  async outdate(accountId: number): Promise<void> {
    await this.tx
      .update(confirmationSnapshots)
      .set({ fetchedAt: null, leaseOwner: null, leaseUntil: null })
      .where(
        and(eq(confirmationSnapshots.userId, this.userId), eq(confirmationSnapshots.accountId, accountId)),
      );
  }
}
