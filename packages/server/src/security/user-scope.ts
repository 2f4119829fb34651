import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { keepBoundariesFor, PageBoundaries } from '../db/list-boundaries.ts';
import { keepTotalsFor, ListTotals } from '../db/list-totals.ts';
import { transactionWithSettings } from '../db/transaction-settings.ts';

export const APP_ROLE = 'tradedeck_app';

/**
 * Runs queries for one user inside a transaction as the restricted role with `app.user_id` set locally, so
 * Postgres row-level security filters them as well as the repository's own `where user_id = …`. Where the role
 * is missing (it could not be created at migration), the queries run with the repository filters alone.
 */
export class UserScope {
  #roleReady: Promise<boolean> | null = null;
  /** The list totals this process keeps between the requests of this area (db/list-totals.ts). */
  readonly listTotals = new ListTotals();
  /** The page boundaries this process keeps between the requests of this area (db/list-boundaries.ts). */
  readonly pageBoundaries = new PageBoundaries();

  constructor(private readonly db: Db) {}

  async run<T>(userId: string, work: (tx: Db) => Promise<T>): Promise<T> {
    const useRole = await this.roleReady();
    // `set_config('role', …, true)` is `set local role`; on Postgres both go with the BEGIN in one round trip.
    return transactionWithSettings(
      this.db,
      useRole ? { role: APP_ROLE, 'app.user_id': userId } : { 'app.user_id': userId },
      (tx) => {
        keepTotalsFor(tx, this.listTotals);
        keepBoundariesFor(tx, this.pageBoundaries);
        return work(tx);
      },
    );
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
