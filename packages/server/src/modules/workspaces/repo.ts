import type { WorkspaceRole } from '@tradedeck/sdk/contract';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users, workspaceInvites, workspaceMembers, workspaces } from '../../db/schema.ts';
import { rowsOf } from '../../db/sql-fragments.ts';
import { recordAudit, UserScope } from '../../security/user-scope.ts';

export interface Membership {
  role: WorkspaceRole;
  scopeTags: string[] | null;
}

export interface MyWorkspace extends Membership {
  id: string;
  name: string;
  kind: 'personal' | 'team';
}

export interface MemberRow extends Membership {
  userId: string;
  userName: string;
  email: string;
  addedAt: Date;
}

/** The objects a live event is about, by kind (docs/workspaces.md, "Scope"). */
export interface ScopedObjects {
  accounts?: number[];
  proxies?: number[];
  /** Market (seller) accounts, in scope through their Steam account. */
  sellers?: number[];
}

export interface InviteRow {
  id: number;
  workspaceId: string;
  email: string;
  role: WorkspaceRole;
  scopeTags: string[] | null;
  tokenHash: string;
  expiresAt: Date;
  acceptedAt: Date | null;
}

/**
 * All SQL of the workspaces area. Memberships are what row-level security keys on, so they are read and changed
 * on the database itself, after the workspace gate has checked the caller's role; each change writes the call's
 * audit entry in its own transaction.
 */
export class WorkspacesRepo {
  /** Scope checks run as the member, under row-level security. */
  readonly #scope: UserScope;

  constructor(private readonly db: Db) {
    this.#scope = new UserScope(db);
  }

  async membership(workspaceId: string, userId: string): Promise<Membership | null> {
    const [row] = await this.db
      .select({ role: workspaceMembers.role, scopeTags: workspaceMembers.scopeTags })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    return row ? { role: row.role as WorkspaceRole, scopeTags: row.scopeTags } : null;
  }

  async kindOf(workspaceId: string): Promise<'personal' | 'team' | null> {
    const [row] = await this.db
      .select({ kind: workspaces.kind })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    return (row?.kind as 'personal' | 'team' | undefined) ?? null;
  }

  async listMine(userId: string): Promise<MyWorkspace[]> {
    const rows = await this.db
      .select({
        id: workspaces.id,
        name: workspaces.name,
        kind: workspaces.kind,
        role: workspaceMembers.role,
        scopeTags: workspaceMembers.scopeTags,
      })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, userId))
      // The personal workspace first, then the teams by name.
      .orderBy(sql`${workspaces.kind} <> 'personal'`, asc(workspaces.name), asc(workspaces.id));
    return rows as MyWorkspace[];
  }

  async createTeam(name: string, userId: string): Promise<MyWorkspace> {
    return this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(workspaces)
        .values({ name, kind: 'team', createdBy: userId })
        .returning({ id: workspaces.id });
      await tx.insert(workspaceMembers).values({ workspaceId: created!.id, userId, role: 'owner' });
      await recordAudit(tx as unknown as Db, created!.id);
      return { id: created!.id, name, kind: 'team' as const, role: 'owner' as const, scopeTags: null };
    });
  }

  async members(workspaceId: string): Promise<MemberRow[]> {
    const rows = await this.db
      .select({
        userId: workspaceMembers.userId,
        userName: users.userName,
        email: users.email,
        role: workspaceMembers.role,
        scopeTags: workspaceMembers.scopeTags,
        addedAt: workspaceMembers.addedAt,
      })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, workspaceId))
      .orderBy(asc(workspaceMembers.addedAt), asc(workspaceMembers.userId));
    return rows as MemberRow[];
  }

  async openInvites(workspaceId: string, now: Date): Promise<InviteRow[]> {
    const rows = await this.db
      .select()
      .from(workspaceInvites)
      .where(
        and(
          eq(workspaceInvites.workspaceId, workspaceId),
          isNull(workspaceInvites.acceptedAt),
          gt(workspaceInvites.expiresAt, now),
        ),
      )
      .orderBy(asc(workspaceInvites.id));
    return rows as InviteRow[];
  }

  async isMemberByEmail(workspaceId: string, email: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.email, email)));
    return Boolean(row);
  }

  async createInvite(
    invite: Omit<InviteRow, 'id' | 'acceptedAt'> & { invitedBy: string },
  ): Promise<InviteRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(workspaceInvites).values(invite).returning();
      await recordAudit(tx as unknown as Db, invite.workspaceId);
      return row as InviteRow;
    });
  }

  async invite(id: number): Promise<InviteRow | null> {
    const [row] = await this.db.select().from(workspaceInvites).where(eq(workspaceInvites.id, id));
    return (row as InviteRow | undefined) ?? null;
  }

  /** Uses the invitation once, while it is open, and adds the member: false when it was used or expired meanwhile. */
  async accept(invite: InviteRow, userId: string, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const used = await tx
        .update(workspaceInvites)
        .set({ acceptedAt: now })
        .where(
          and(
            eq(workspaceInvites.id, invite.id),
            isNull(workspaceInvites.acceptedAt),
            gt(workspaceInvites.expiresAt, now),
          ),
        )
        .returning({ id: workspaceInvites.id });
      if (used.length === 0) return false;
      await tx
        .insert(workspaceMembers)
        .values({ workspaceId: invite.workspaceId, userId, role: invite.role, scopeTags: invite.scopeTags })
        .onConflictDoNothing();
      await recordAudit(tx as unknown as Db, invite.workspaceId);
      return true;
    });
  }

  /** Changes a member other than an owner: null when there is no such member. */
  async setMember(workspaceId: string, userId: string, change: Membership): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .update(workspaceMembers)
        .set({ role: change.role, scopeTags: change.scopeTags })
        .where(this.nonOwner(workspaceId, userId))
        .returning({ userId: workspaceMembers.userId });
      if (rows.length > 0) await recordAudit(tx as unknown as Db, workspaceId);
      return rows.length > 0;
    });
  }

  async removeMember(workspaceId: string, userId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .delete(workspaceMembers)
        .where(this.nonOwner(workspaceId, userId))
        .returning({ userId: workspaceMembers.userId });
      if (rows.length > 0) await recordAudit(tx as unknown as Db, workspaceId);
      return rows.length > 0;
    });
  }

  private nonOwner(workspaceId: string, userId: string) {
    return and(
      eq(workspaceMembers.workspaceId, workspaceId),
      eq(workspaceMembers.userId, userId),
      sql`${workspaceMembers.role} <> 'owner'`,
    );
  }

  /**
   * Whether every object named is within the member's tags, asked of the database as that member, through the
   * same scope functions row-level security uses.
   */
  async allInScope(workspaceId: string, actorId: string, objects: ScopedObjects): Promise<boolean> {
    const ids = (list: number[] | undefined) =>
      sql`ARRAY[${sql.join(
        (list ?? []).map((id) => sql`${id}`),
        sql`, `,
      )}]::int[]`;
    return this.#scope.run(
      workspaceId,
      async (tx) => {
        const [row] = rowsOf<{ seen: boolean }>(
          await tx.execute(sql`select
            (select coalesce(bool_and(workspace_account_in_scope(x)), true) from unnest(${ids(objects.accounts)}) x)
            and (select coalesce(bool_and(workspace_proxy_in_scope(x)), true) from unnest(${ids(objects.proxies)}) x)
            and (select coalesce(bool_and(workspace_seller_in_scope(x)), true) from unnest(${ids(objects.sellers)}) x)
            as seen`),
        );
        return row?.seen === true;
      },
      { actorId },
    );
  }
}
