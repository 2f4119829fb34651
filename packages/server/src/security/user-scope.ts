import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';

export const APP_ROLE = 'tradedeck_app';

/**
 * Runs queries for one user inside a transaction as the restricted role with `app.user_id` set locally, so
 * Postgres row-level security filters them as well as the repository's own `where user_id = …`. Where the role
 * is missing (it could not be created at migration), the queries run with the repository filters alone.
 */
export class UserScope {
  #roleReady: Promise<boolean> | null = null;

  constructor(private readonly db: Db) {}

  async run<T>(userId: string, work: (tx: Db) => Promise<T>): Promise<T> {
    const useRole = await this.roleReady();
    return this.db.transaction(async (tx) => {
      // One round trip for both settings: `set_config('role', …, true)` is `set local role`.
      await tx.execute(
        useRole
          ? sql`select set_config('role', ${APP_ROLE}, true), set_config('app.user_id', ${userId}, true)`
          : sql`select set_config('app.user_id', ${userId}, true)`,
      );
      return work(tx as unknown as Db);
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
