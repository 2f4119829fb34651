import { z } from 'zod';
import { emailSchema, linkCodeSchema } from './auth.ts';
import { emptyInput, isoDateTime } from './common.ts';
import { defineOperation } from './operation.ts';

export { WORKSPACE_HEADER } from './workspace-header.ts';

/** Roles of a workspace member (docs/workspaces.md, "Roles"). */
export const WORKSPACE_ROLES = ['owner', 'operator', 'viewer'] as const;
export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES);
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;

/** Days an invitation stays open. */
export const INVITE_TTL_DAYS = 7;

export const workspaceIdSchema = z.uuid();

/** Tags limiting a member to the accounts and proxies carrying one of them; null: no limit. */
export const scopeTagsSchema = z.array(z.string().trim().min(1).max(64)).max(50).nullable();

export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['personal', 'team']),
  role: workspaceRoleSchema,
  scopeTags: z.array(z.string()).nullable(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceMemberSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  email: z.string(),
  role: workspaceRoleSchema,
  scopeTags: z.array(z.string()).nullable(),
  addedAt: isoDateTime,
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;

export const workspaceInviteSchema = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  role: workspaceRoleSchema,
  scopeTags: z.array(z.string()).nullable(),
  expiresAt: isoDateTime,
});

const memberTarget = z.object({ userId: z.uuid() });

export const workspace = {
  listMine: defineOperation({
    id: 'workspace.listMine',
    method: 'GET',
    path: '/api/workspaces',
    summary: 'The workspaces the signed-in user belongs to, the personal one first, with the role in each',
    input: emptyInput,
    output: z.object({ items: z.array(workspaceSchema) }),
    flags: {},
  }),
  create: defineOperation({
    id: 'workspace.create',
    method: 'POST',
    path: '/api/workspaces',
    summary: 'Create a team workspace; the caller becomes its owner',
    input: z.object({ name: z.string().trim().min(1).max(100) }),
    output: workspaceSchema,
    flags: {},
  }),
  members: defineOperation({
    id: 'workspace.members',
    method: 'GET',
    path: '/api/workspace/members',
    summary: 'Members of the active workspace and its open invitations',
    input: emptyInput,
    output: z.object({ items: z.array(workspaceMemberSchema), invites: z.array(workspaceInviteSchema) }),
    flags: {},
  }),
  invite: defineOperation({
    id: 'workspace.invite',
    method: 'POST',
    path: '/api/workspace/invites',
    summary: `Invite a person by e-mail into the active team workspace (the link is valid ${INVITE_TTL_DAYS} days)`,
    input: z.object({
      email: emailSchema,
      role: z.enum(['operator', 'viewer']),
      scopeTags: scopeTagsSchema.default(null),
    }),
    output: workspaceInviteSchema,
    flags: {},
  }),
  accept: defineOperation({
    id: 'workspace.accept',
    method: 'POST',
    path: '/api/workspace/invites/accept',
    summary: 'Join a workspace with the code from an invitation mail sent to the caller’s address',
    input: z.object({ inviteId: z.number().int().positive(), code: linkCodeSchema }),
    output: workspaceSchema,
    flags: {},
  }),
  setMember: defineOperation({
    id: 'workspace.setMember',
    method: 'PUT',
    path: '/api/workspace/members/:userId',
    summary: 'Change a member’s role and scope tags (the owner’s own role stays)',
    input: memberTarget.extend({ role: z.enum(['operator', 'viewer']), scopeTags: scopeTagsSchema }),
    output: workspaceMemberSchema,
    flags: {},
  }),
  removeMember: defineOperation({
    id: 'workspace.removeMember',
    method: 'DELETE',
    path: '/api/workspace/members/:userId',
    summary: 'Remove a member from the active workspace (not the owner)',
    input: memberTarget,
    output: z.object({ userId: z.string() }),
    flags: {},
  }),
  leave: defineOperation({
    id: 'workspace.leave',
    method: 'POST',
    path: '/api/workspaces/:workspaceId/leave',
    summary: 'Leave a team workspace (its owner cannot)',
    input: z.object({ workspaceId: workspaceIdSchema }),
    output: z.object({ workspaceId: z.string() }),
    flags: {},
  }),
} as const;
