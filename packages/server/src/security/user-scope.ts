import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { keepBoundariesFor, PageBoundaries } from '../db/list-boundaries.ts';
import { keepTotalsFor, ListTotals } from '../db/list-totals.ts';
import { rowsOf } from '../db/sql-fragments.ts';
import { transactionWithSettings } from '../db/transaction-settings.ts';
import { requestScope } from '../http/request-scope.ts';

export const APP_ROLE = 'tradedeck_app';

/**
 * Writes the current call's audit entry in this transaction when it is the call's first one that changed data in
 * the call's workspace (or, for a secret shown, its first one at all): the entry commits or rolls back with the
 * change it records. At most one entry per call.
 */
async function auditWithin(tx: Db, userId: string): Promise<void> {
  const scope = requestScope.getStore();
  const audit = scope?.audit;
  if (!scope || !audit || scope.auditWritten || audit.draft.ownerId !== userId) return;
  if (audit.draft.operationClass !== 'secrets' && !(await UserScope.wrote(tx))) return;
  await audit.write(tx, audit.draft);
  scope.auditWritten = true;
}

/**
 * Writes the current call's audit entry in a transaction a repository opened on the database itself (membership
 * changes), recorded in `workspaceId` (an accepted invitation is recorded in the workspace joined).
 */
export async function recordAudit(tx: Db, workspaceId: string): Promise<void> {
  const scope = requestScope.getStore();
  const audit = scope?.audit;
  if (!scope || !audit || scope.auditWritten) return;
  await audit.write(tx, { ...audit.draft, ownerId: workspaceId });
  scope.auditWritten = true;
}

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
      async (tx) => {
        keepTotalsFor(tx, this.listTotals);
        keepBoundariesFor(tx, this.pageBoundaries);
        const result = await work(tx);
        await auditWithin(tx, userId);
        return result;
      },
    );
  }

  /** Whether the transaction has written anything yet (a read-only one has no transaction id assigned). */
  static async wrote(tx: Db): Promise<boolean> {
    const [row] = rowsOf<{ wrote: boolean }>(
      await tx.execute(sql`select txid_current_if_assigned() is not null as wrote`),
    );
    return row?.wrote === true;
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
