import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { keepBoundariesFor, PageBoundaries } from '../db/list-boundaries.ts';
import { keepTotalsFor, ListTotals } from '../db/list-totals.ts';
import { rowsOf } from '../db/sql-fragments.ts';
import { transactionWithSettings } from '../db/transaction-settings.ts';
import { requestScope } from '../http/request-scope.ts';

export const APP_ROLE = 'tradedeck_app';

/** Who acts: the signed-in user, when it is not the owner of the data (a member of a team workspace). */
export interface ScopeActor {
  readonly actorId?: string;
}

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
    // The signed-in member acting in this workspace, when the caller does not name one (http/request-scope.ts).
    const ambient = requestScope.getStore()?.workspace;
    const actorId = actor.actorId ?? (ambient?.ownerId === ownerId ? ambient.actorId : ownerId);
    const settings = { 'app.user_id': ownerId, 'app.actor_id': actorId };
    // `set_config('role', …, true)` is `set local role`; on Postgres all go with the BEGIN in one round trip.
    return transactionWithSettings(
      this.db,
      useRole ? { role: APP_ROLE, ...settings } : settings,
      async (tx) => {
        keepTotalsFor(tx, this.listTotals);
        keepBoundariesFor(tx, this.pageBoundaries);
        const result = await work(tx);
        await auditWithin(tx, ownerId);
        return result;
      },
    );
  }

  /**
   * Records what Steam or a market answered a read (a balance, a confirmation list, a ledger's opening entries) on
   * the workspace's behalf, as its background work does: a viewer's read keeps them as fresh as anyone's. Callers
   * choose the rows under the reader's own scope first; only the recording runs as the workspace.
   */
  record<T>(ownerId: string, work: (tx: Db) => Promise<T>): Promise<T> {
    return this.run(ownerId, work, { actorId: ownerId });
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
