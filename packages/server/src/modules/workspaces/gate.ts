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
import { roleRefusals, workspaceMessages } from './messages.ts';
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
    const asked = headerValue(request);
    const personal: ActiveWorkspace = { ownerId: actorId, actorId, role: 'owner', scopeTags: null };
    if (isAccountOperation(op) || asked === null || asked.toLowerCase() === actorId.toLowerCase()) {
      request.workspace = personal;
      return;
    }
    const member = UUID.test(asked) ? await repo.membership(asked.toLowerCase(), actorId) : null;
    if (!member) throw new AppError({ code: ResultCode.NotFound, text: workspaceMessages.notFound });
    refuseUnlessAllowed(member, op);
    request.workspace = {
      ownerId: asked.toLowerCase(),
      actorId,
      role: member.role,
      scopeTags: member.scopeTags,
    };
  };
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
