import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { keepBoundariesFor, PageBoundaries } from '../db/list-boundaries.ts';
import { keepTotalsFor, ListTotals } from '../db/list-totals.ts';
import { transactionWithSettings } from '../db/transaction-settings.ts';

export const APP_ROLE = 'tradedeck_app';

/** Who acts: the signed-in user, when it is not the owner of the data (a member of a team workspace). */
export interface ScopeActor {
  readonly actorId?: string;
}

/**
 * Runs queries for one workspace inside a transaction as the restricted role with `app.user_id` (the active
 * workspace, whose id is its owner's user id for a personal one) and `app.actor_id` (the signed-in user) set
 * locally, so Postgres row-level security filters them by the actor's membership as well as the repository's own
 * `where user_id = …`. Where the role is missing (it could not be created at migration), the queries run with the
 * repository filters and the policies for the server's own role (drizzle/0046_workspaces.sql).
 */
export class UserScope {
  #roleReady: Promise<boolean> | null = null;
  /** The list totals this process keeps between the requests of this area (db/list-totals.ts). */
  readonly listTotals = new ListTotals();
  /** The page boundaries this process keeps between the requests of this area (db/list-boundaries.ts). */
  readonly pageBoundaries = new PageBoundaries();

  constructor(private readonly db: Db) {}

  /** `ownerId` is the active workspace; the actor defaults to it (a user in their personal workspace). */
  async run<T>(ownerId: string, work: (tx: Db) => Promise<T>, actor: ScopeActor = {}): Promise<T> {
    const useRole = await this.roleReady();
    const settings = { 'app.user_id': ownerId, 'app.actor_id': actor.actorId ?? ownerId };
    // `set_config('role', …, true)` is `set local role`; on Postgres all go with the BEGIN in one round trip.
    return transactionWithSettings(this.db, useRole ? { role: APP_ROLE, ...settings } : settings, (tx) => {
      keepTotalsFor(tx, this.listTotals);
      keepBoundariesFor(tx, this.pageBoundaries);
      return work(tx);
    });
  }

  private roleReady(): Promise<boolean> {
    this.#roleReady ??= this.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
        return true;
      })
      .catch(() => false);
    return this.#roleReady;
  }
}
