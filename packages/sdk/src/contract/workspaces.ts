import { z } from 'zod';
import { emailSchema, linkCodeSchema } from './auth.ts';
import { emptyInput, isoDateTime } from './common.ts';
import { idParam } from './lists.ts';
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

/** What a move takes from the personal workspace: Steam accounts (with what follows them) and proxies. */
export const MOVE_ITEM_KINDS = ['account', 'proxy'] as const;
/** `planned` until its turn, then `moved` or `failed` (with the reason). */
export const MOVE_ITEM_STATES = ['planned', 'moved', 'failed'] as const;
/**
 * Why an item stayed: not in the caller's personal workspace; a seller or harvester on it is running; its proxy is
 * shared with accounts the move does not take; the team workspace already has an account of its login or a proxy
 * of its address.
 */
export const MOVE_FAILURES = ['notFound', 'running', 'proxyShared', 'duplicate'] as const;
/** Most objects one move takes. */
export const MOVE_MAX_ITEMS = 5000;

export const workspaceMoveItemSchema = z.object({
  kind: z.enum(MOVE_ITEM_KINDS),
  id: z.number().int().positive(),
  state: z.enum(MOVE_ITEM_STATES),
  failure: z.enum(MOVE_FAILURES).nullable(),
  /** The failure in the caller's language. */
  message: z.string().nullable(),
});
export type WorkspaceMoveItem = z.infer<typeof workspaceMoveItemSchema>;

export const workspaceMoveSchema = z.object({
  id: z.number().int().positive(),
  /** The personal workspace the objects come from. */
  fromWorkspaceId: z.string(),
  status: z.enum(['running', 'done']),
  total: z.number().int().nonnegative(),
  moved: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  createdAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  items: z.array(workspaceMoveItemSchema),
});
export type WorkspaceMove = z.infer<typeof workspaceMoveSchema>;

/**
 * A Steam account or proxy a move brought into the team workspace (`AccountMovedIn`, `ProxyMovedIn`): members
 * viewing its list read it again, so the row appears without a reload.
 */
export const movedInSchema = z.object({
  id: z.number().int().positive(),
  moveId: z.number().int().positive(),
});
export type MovedIn = z.infer<typeof movedInSchema>;

const moveIds = z.array(z.number().int().positive()).max(MOVE_MAX_ITEMS).default([]);

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
  move: defineOperation({
    id: 'workspace.move',
    method: 'POST',
    path: '/api/workspace/moves',
    summary:
      'Move Steam accounts and proxies from the caller’s personal workspace into the active team workspace, as a job',
    input: z
      .object({ accountIds: moveIds, proxyIds: moveIds })
      .refine((input) => input.accountIds.length + input.proxyIds.length > 0, {
        message: 'Name at least one account or proxy',
      })
      .refine((input) => input.accountIds.length + input.proxyIds.length <= MOVE_MAX_ITEMS, {
        message: `At most ${MOVE_MAX_ITEMS} objects per move`,
      }),
    output: workspaceMoveSchema,
    flags: {},
  }),
  moveJob: defineOperation({
    id: 'workspace.moveJob',
    method: 'GET',
    path: '/api/workspace/moves/:id',
    summary: 'A move into the active team workspace: its state and each object’s outcome',
    input: idParam,
    output: workspaceMoveSchema,
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
