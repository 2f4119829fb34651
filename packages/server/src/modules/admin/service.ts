import { type AdminUser, ResultCode } from '@tradedeck/sdk/contract';
import { AppError } from '../../http/app-error.ts';
import {
  type AccountStatus,
  type AuthContext,
  type AuthDeps,
  accountStatus,
  audit,
  type ClientInfo,
  type UserRow,
} from '../auth/index.ts';
import type { OutboxRepo } from '../mail/index.ts';
import { cannotBanSelf, emailNotConfirmed } from './messages.ts';

function adminView(u: UserRow): AdminUser {
  return {
    id: u.id,
    email: u.email,
    userName: u.userName,
    role: u.role === 'admin' ? 'admin' : 'user',
    status: accountStatus(u),
    banReason: u.banReason,
    createdAt: u.createdAt.toISOString(),
  };
}

const notFound = () => new AppError({ code: ResultCode.NotFound });

/** Moderation: list, approve, ban, unban, end sessions, the outbox; every call is audited with the acting administrator. */
export class AdminService {
  constructor(
    private readonly deps: AuthDeps,
    private readonly outbox: OutboxRepo,
    /** Closes the user's open hub connections, which would otherwise live on until their access token expires. */
    private readonly disconnectUser: (userId: string) => void,
  ) {}

  async listUsers(
    ctx: AuthContext,
    input: {
      pages: { page: number; pageSize: number };
      status?: AccountStatus | undefined;
      searchString?: string | undefined;
    },
    client: ClientInfo,
  ) {
    const searchString = input.searchString?.trim() || undefined;
    const { items, total } = await this.deps.users.list({
      ...input.pages,
      status: input.status,
      searchString,
    });
    // The search text may be someone's e-mail: the trail keeps only that a search was made.
    await this.record(ctx, client, 'admin_users_listed', null, {
      status: input.status ?? null,
      searched: Boolean(searchString),
      page: input.pages.page,
      shown: items.length,
    });
    return { items: items.map(adminView), total, page: input.pages.page, pageSize: input.pages.pageSize };
  }

  async approve(ctx: AuthContext, userId: string, client: ClientInfo): Promise<AdminUser> {
    const user = await this.target(userId);
    if (!user.emailConfirmedAt) {
      throw new AppError({
        code: ResultCode.InvalidState,
        text: emailNotConfirmed,
      });
    }
    const updated = user.approvedAt
      ? user
      : (await this.deps.users.update(user.id, { approvedAt: new Date(this.deps.now()) }))!;
    await this.record(ctx, client, 'user_approved', userId);
    return adminView(updated);
  }

  /** Bans a user; all their sessions end at once, so their next request is refused. */
  async ban(
    ctx: AuthContext,
    userId: string,
    reason: string | undefined,
    client: ClientInfo,
  ): Promise<AdminUser> {
    if (userId === ctx.userId) {
      throw new AppError({
        code: ResultCode.OperationRejected,
        text: cannotBanSelf,
      });
    }
    await this.target(userId);
    const updated = (await this.deps.users.update(userId, {
      bannedAt: new Date(this.deps.now()),
      banReason: reason ?? null,
    }))!;
    const ended = await this.endAllSessions(userId, 'banned');
    await this.record(ctx, client, 'user_banned', userId, { ended, withReason: Boolean(reason) });
    return adminView(updated);
  }

  /** Ends every session of a user without banning them: their next request is refused, they may sign in again. */
  async endSessions(ctx: AuthContext, userId: string, client: ClientInfo): Promise<{ ended: number }> {
    await this.target(userId);
    const ended = await this.endAllSessions(userId, 'ended_by_admin');
    await this.record(ctx, client, 'user_sessions_ended', userId, { ended });
    return { ended };
  }

  async unban(ctx: AuthContext, userId: string, client: ClientInfo): Promise<AdminUser> {
    await this.target(userId);
    const updated = (await this.deps.users.update(userId, { bannedAt: null, banReason: null }))!;
    await this.record(ctx, client, 'user_unbanned', userId);
    return adminView(updated);
  }

  async listOutbox(ctx: AuthContext, limit: number, client: ClientInfo) {
    const rows = await this.outbox.latest(limit);
    // Outbox mail holds live confirmation and reset links: who read them is worth knowing; the links stay out.
    await this.record(ctx, client, 'admin_outbox_viewed', null, { shown: rows.length });
    return {
      items: rows.map((r) => ({
        id: r.id,
        recipient: r.recipient,
        subject: r.subject,
        link: r.link,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /** The audit trail of an admin action: who (user and device session), from where, on whom; never secrets. */
  private record(
    ctx: AuthContext,
    client: ClientInfo,
    event: string,
    userId: string | null,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    return audit(this.deps, {
      event,
      userId,
      actorId: ctx.userId,
      ...client,
      details: { ...details, actorSessionId: ctx.sessionId },
    });
  }

  /** Revokes every device session (and so every refresh family) of the user and closes their hub connections. */
  private async endAllSessions(userId: string, reason: string): Promise<number> {
    const ended = await this.deps.sessions.run(userId, (q) => q.revokeAll(reason));
    this.disconnectUser(userId);
    return ended;
  }

  private async target(userId: string): Promise<UserRow> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw notFound();
    return user;
  }
}
