import { and, count, desc, eq, gte, like, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { auditEntries, auditRetention, users, workspaceMembers } from '../../db/schema.ts';
import { rowsOf } from '../../db/sql-fragments.ts';
import type { AuditDraft } from '../../http/request-scope.ts';
import type { UserScope } from '../../security/user-scope.ts';

export interface AuditFilter {
  actorId?: string | null;
  operation?: string | null;
  from?: string | null;
  to?: string | null;
}

export interface AuditRow {
  id: number;
  at: Date;
  actorId: string | null;
  actorName: string | null;
  deviceSessionId: string | null;
  ip: string | null;
  operation: string;
  targets: unknown;
}

/** All SQL of the audit area. Reads run in the workspace's scope (owners only, by row-level security). */
export class AuditRepo {
  constructor(
    private readonly db: Db,
    private readonly scope: UserScope,
  ) {}

  run<T>(workspaceId: string, work: (q: AuditQueries) => Promise<T>): Promise<T> {
    return this.scope.run(workspaceId, (tx) => work(new AuditQueries(tx, workspaceId)));
  }

  /** Writes one entry in the transaction of the change it records. */
  static async write(tx: Db, draft: AuditDraft): Promise<void> {
    await tx.insert(auditEntries).values({
      workspaceId: draft.ownerId,
      actorId: draft.actorId,
      deviceSessionId: draft.sessionId,
      ip: draft.ip,
      operation: draft.operation,
      targets: draft.targets,
    });
  }

  /**
   * The display names of the workspace's current members, read on the database itself as the members list is:
   * row-level security shows a reader only its own `users` row. Called only after the owner's scoped read of the
   * entries passed; a former member's entries keep no name.
   */
  async memberNames(workspaceId: string): Promise<Map<string, string>> {
    const rows = await this.db
      .select({ userId: workspaceMembers.userId, userName: users.userName })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, workspaceId));
    return new Map(rows.map((row) => [row.userId, row.userName]));
  }

  /** Deletes the entries older than their workspace's retention (the default where none is set). */
  async prune(now: Date, defaultDays: number): Promise<number> {
    const result = await this.db.execute(sql`with pruned as (
      delete from ${auditEntries} e
      where e.at < ${now.toISOString()}::timestamptz - make_interval(days => coalesce(
        (select r.days from ${auditRetention} r where r.workspace_id = e.workspace_id), ${defaultDays}::int))
      returning 1)
      select count(*)::int as pruned from pruned`);
    return rowsOf<{ pruned: number }>(result)[0]?.pruned ?? 0;
  }
}

export class AuditQueries {
  constructor(
    readonly tx: Db,
    private readonly workspaceId: string,
  ) {}

  private where(filter: AuditFilter): SQL | undefined {
    const parts: (SQL | undefined)[] = [eq(auditEntries.workspaceId, this.workspaceId)];
    if (filter.actorId) parts.push(eq(auditEntries.actorId, filter.actorId));
    if (filter.operation)
      parts.push(
        filter.operation.endsWith('.')
          ? like(auditEntries.operation, `${filter.operation.replaceAll(/[%_\\]/g, '\\$&')}%`)
          : eq(auditEntries.operation, filter.operation),
      );
    if (filter.from) parts.push(gte(auditEntries.at, new Date(filter.from)));
    if (filter.to) parts.push(lte(auditEntries.at, new Date(filter.to)));
    return and(...parts);
  }

  async page(
    filter: AuditFilter,
    offset: number,
    limit: number,
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const [rows, [counted]] = await Promise.all([
      this.select(filter).limit(limit).offset(offset),
      this.tx.select({ n: count() }).from(auditEntries).where(this.where(filter)),
    ]);
    return { rows, total: counted?.n ?? 0 };
  }

  /** Entries older than `beforeId` (all when null), newest first, `limit` at a time: the export's pages. */
  async batch(filter: AuditFilter, beforeId: number | null, limit: number): Promise<AuditRow[]> {
    const where =
      beforeId === null ? this.where(filter) : and(this.where(filter), lt(auditEntries.id, beforeId));
    return this.select(null, where).limit(limit);
  }

  private select(filter: AuditFilter | null, where?: SQL) {
    return this.tx
      .select({
        id: auditEntries.id,
        at: auditEntries.at,
        actorId: auditEntries.actorId,
        actorName: users.userName,
        deviceSessionId: auditEntries.deviceSessionId,
        ip: auditEntries.ip,
        operation: auditEntries.operation,
        targets: auditEntries.targets,
      })
      .from(auditEntries)
      .leftJoin(users, eq(users.id, auditEntries.actorId))
      .where(filter ? this.where(filter) : where)
      .orderBy(desc(auditEntries.id));
  }

  /** Whether a user is (still) a member of the workspace: a filter naming anyone else names nothing of it. */
  async isMember(userId: string): Promise<boolean> {
    const [row] = await this.tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, this.workspaceId), eq(workspaceMembers.userId, userId)));
    return Boolean(row);
  }

  async retention(): Promise<number | null> {
    const [row] = await this.tx
      .select({ days: auditRetention.days })
      .from(auditRetention)
      .where(eq(auditRetention.workspaceId, this.workspaceId));
    return row?.days ?? null;
  }

  async setRetention(days: number): Promise<void> {
    await this.tx
      .insert(auditRetention)
      .values({ workspaceId: this.workspaceId, days })
      .onConflictDoUpdate({ target: auditRetention.workspaceId, set: { days } });
  }
}
