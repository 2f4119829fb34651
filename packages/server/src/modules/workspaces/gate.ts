import {
  isAccountOperation,
  type Operation,
  operationClass,
  ResultCode,
  roleAllows,
  WORKSPACE_HEADER,
} from '@tradedeck/sdk/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { ActiveWorkspace } from '../../http/request-scope.ts';
import { outsideTransferRefusal, roleRefusals, workspaceMessages } from './messages.ts';
import type { Membership, WorkspacesRepo } from './repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The dispatcher's workspace gate (http/bind-operation.ts runs it after authentication, before the body is
 * read): the active workspace is the `X-Workspace` header's, else the caller's personal one (its id is the user
 * id, where the caller is always the owner, without a lookup). A workspace the caller is not a member of answers
 * exactly as one that does not exist. Then the caller's role must allow the operation's class.
 */
export function workspaceGate(repo: WorkspacesRepo) {
  return async (request: FastifyRequest, op: Operation): Promise<void> => {
    const actorId = request.auth?.userId;
    if (!actorId) throw new AppError({ code: ResultCode.Unauthorized });
    const active = await resolveWorkspace(
      repo,
      actorId,
      isAccountOperation(op) ? null : headerValue(request),
    );
    if (!active) throw new AppError({ code: ResultCode.NotFound, text: workspaceMessages.notFound });
    refuseUnlessAllowed(active, op);
    request.workspace = active;
  };
}

/** The workspace a user asks for (null: the personal one), or null when it is missing or the user is no member. */
export async function resolveWorkspace(
  repo: WorkspacesRepo,
  actorId: string,
  asked: string | null,
): Promise<ActiveWorkspace | null> {
  // The personal workspace's id is the user's: its owner without a lookup.
  if (asked === null || asked.toLowerCase() === actorId.toLowerCase())
    return { ownerId: actorId, actorId, role: 'owner', scopeTags: null };
  const ownerId = asked.toLowerCase();
  const member = UUID.test(ownerId) ? await repo.membership(ownerId, actorId) : null;
  return member ? { ownerId, actorId, role: member.role, scopeTags: member.scopeTags } : null;
}

/** Throws the role's refusal (104) when its role does not allow the operation's class. */
export function refuseUnlessAllowed(member: Pick<Membership, 'role'>, op: Pick<Operation, 'id'>): void {
  const cls = operationClass(op);
  if (member.role === 'owner' || roleAllows(member.role, cls)) return;
  throw new AppError({ code: ResultCode.RoleNotAllowed, text: roleRefusals[member.role][cls] });
}

function headerValue(request: FastifyRequest): string | null {
  const value = request.headers[WORKSPACE_HEADER];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() ? text.trim() : null;
}

/** Operations whose `apiKey` names the account money goes to. */
const RECEIVER_KEY_OPERATIONS = new Set(['transfer.send', 'transfer.memberCheck']);

/**
 * Money leaves the workspace only by an owner's hand: an operator sends (and checks a receiver) only with the
 * receiver keys saved in the workspace, never a key typed in, which could open an account outside it. Checked on
 * the validated input, before the step-up.
 */
export function workspaceInputGate(request: FastifyRequest, op: Operation, input: unknown): void {
  const role = request.workspace?.role;
  if (!role || role === 'owner' || !RECEIVER_KEY_OPERATIONS.has(op.id)) return;
  if ((input as { apiKey?: unknown } | null)?.apiKey === undefined) return;
  throw new AppError({ code: ResultCode.RoleNotAllowed, text: outsideTransferRefusal });
}
