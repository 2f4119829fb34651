import {
  INVITE_TTL_DAYS,
  ResultCode,
  type Workspace,
  type WorkspaceMember,
  type WorkspaceRole,
} from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import { AppError } from '../../http/app-error.ts';
import { equalHex, opaqueToken, sha256 } from '../../security/random-codes.ts';
import { normalizeEmail } from '../auth/index.ts';
import type { Mailer } from '../mail/index.ts';
import { inviteMail, workspaceMessages } from './messages.ts';
import type { InviteRow, Membership, WorkspacesRepo } from './repo.ts';

const DAY_MS = 24 * 60 * 60_000;

/** The signed-in user as the workspaces area needs it. */
export interface Actor {
  id: string;
  email: string;
  userName: string;
}

export interface WorkspacesDeps {
  repo: WorkspacesRepo;
  mailer: Mailer;
  /** An absolute link to a page of the web app. */
  link: (path: string, query: Record<string, string>) => string;
  now: () => number;
}

/** Workspaces, their members and invitations (docs/workspaces.md). */
export class WorkspacesService {
  constructor(private readonly deps: WorkspacesDeps) {}

  listMine(actorId: string): Promise<{ items: Workspace[] }> {
    return this.deps.repo.listMine(actorId).then((items) => ({ items }));
  }

  create(actorId: string, name: string): Promise<Workspace> {
    return this.deps.repo.createTeam(name, actorId);
  }

  async members(workspaceId: string) {
    const [members, invites] = await Promise.all([
      this.deps.repo.members(workspaceId),
      this.deps.repo.openInvites(workspaceId, new Date(this.deps.now())),
    ]);
    return {
      items: members.map(toMember),
      invites: invites.map((invite) => ({
        id: invite.id,
        email: invite.email,
        role: invite.role,
        scopeTags: invite.scopeTags,
        expiresAt: invite.expiresAt.toISOString(),
      })),
    };
  }

  async invite(
    workspaceId: string,
    actor: Actor,
    input: { email: string; role: 'operator' | 'viewer'; scopeTags: string[] | null },
    lang: Language,
  ) {
    await this.requireTeam(workspaceId);
    const email = normalizeEmail(input.email);
    if (await this.deps.repo.isMemberByEmail(workspaceId, email))
      throw new AppError({ code: ResultCode.AlreadyExists, text: workspaceMessages.alreadyMember });
    const code = opaqueToken();
    const invite = await this.deps.repo.createInvite({
      workspaceId,
      email,
      role: input.role,
      scopeTags: normalTags(input.scopeTags),
      tokenHash: sha256(code),
      expiresAt: new Date(this.deps.now() + INVITE_TTL_DAYS * DAY_MS),
      invitedBy: actor.id,
    });
    const name = (await this.deps.repo.listMine(actor.id)).find((w) => w.id === workspaceId)?.name ?? '';
    const link = this.deps.link('/workspace/accept', { inviteId: String(invite.id), code });
    const content = inviteMail[lang]({ workspace: name, inviter: actor.userName, link });
    // The invitation stands once written; the mail goes through the outbox (or SMTP) like every account mail.
    await this.deps.mailer.send({ to: email, subject: content.subject, text: content.text, link });
    return {
      id: invite.id,
      email,
      role: invite.role,
      scopeTags: invite.scopeTags,
      expiresAt: invite.expiresAt.toISOString(),
    };
  }

  async accept(actor: Actor, inviteId: number, code: string): Promise<Workspace> {
    const invite = await this.deps.repo.invite(inviteId);
    const now = new Date(this.deps.now());
    if (!invite || !equalHex(invite.tokenHash, sha256(code)) || !isOpen(invite, now))
      throw new AppError({ code: ResultCode.Invalid, text: workspaceMessages.inviteInvalid });
    if (normalizeEmail(actor.email) !== invite.email)
      throw new AppError({ code: ResultCode.Invalid, text: workspaceMessages.inviteOtherAddress });
    if (!(await this.deps.repo.accept(invite, actor.id, now)))
      throw new AppError({ code: ResultCode.Invalid, text: workspaceMessages.inviteInvalid });
    const joined = (await this.deps.repo.listMine(actor.id)).find((w) => w.id === invite.workspaceId);
    if (!joined) throw new AppError({ code: ResultCode.Invalid, text: workspaceMessages.inviteInvalid });
    return joined;
  }

  async setMember(
    workspaceId: string,
    userId: string,
    change: { role: 'operator' | 'viewer'; scopeTags: string[] | null },
  ): Promise<WorkspaceMember> {
    const membership: Membership = { role: change.role, scopeTags: normalTags(change.scopeTags) };
    if (!(await this.deps.repo.setMember(workspaceId, userId, membership)))
      throw await this.memberRefusal(workspaceId, userId);
    const member = (await this.deps.repo.members(workspaceId)).find((m) => m.userId === userId);
    if (!member) throw new AppError({ code: ResultCode.NotFound, text: workspaceMessages.memberNotFound });
    return toMember(member);
  }

  async removeMember(workspaceId: string, userId: string): Promise<{ userId: string }> {
    if (!(await this.deps.repo.removeMember(workspaceId, userId)))
      throw await this.memberRefusal(workspaceId, userId);
    return { userId };
  }

  async leave(workspaceId: string, actorId: string): Promise<{ workspaceId: string }> {
    if (!(await this.deps.repo.membership(workspaceId, actorId)))
      throw new AppError({ code: ResultCode.NotFound, text: workspaceMessages.notFound });
    if (!(await this.deps.repo.removeMember(workspaceId, actorId)))
      throw new AppError({ code: ResultCode.OperationRejected, text: workspaceMessages.ownerStays });
    return { workspaceId };
  }

  private async memberRefusal(workspaceId: string, userId: string): Promise<AppError> {
    const member = await this.deps.repo.membership(workspaceId, userId);
    return member?.role === 'owner'
      ? new AppError({ code: ResultCode.OperationRejected, text: workspaceMessages.ownerStays })
      : new AppError({ code: ResultCode.NotFound, text: workspaceMessages.memberNotFound });
  }

  private async requireTeam(workspaceId: string): Promise<void> {
    if ((await this.deps.repo.kindOf(workspaceId)) !== 'team')
      throw new AppError({ code: ResultCode.OperationRejected, text: workspaceMessages.personalNoMembers });
  }
}

function isOpen(invite: InviteRow, now: Date): boolean {
  return invite.acceptedAt === null && invite.expiresAt.getTime() > now.getTime();
}

/** Tags as a set: trimmed, without repeats; an empty list is no limit. */
function normalTags(tags: string[] | null): string[] | null {
  if (!tags) return null;
  const unique = [...new Set(tags.map((tag) => tag.trim()).filter(Boolean))];
  return unique.length > 0 ? unique : null;
}

function toMember(member: {
  userId: string;
  userName: string;
  email: string;
  role: WorkspaceRole;
  scopeTags: string[] | null;
  addedAt: Date;
}): WorkspaceMember {
  return { ...member, addedAt: member.addedAt.toISOString() };
}
