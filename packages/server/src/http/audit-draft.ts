import { type Operation, operationClass, pathParams } from '@tradedeck/sdk/contract';
import type { FastifyRequest } from 'fastify';
import type { ActiveWorkspace, AuditDraft } from './request-scope.ts';

/** Most ids of one list kept in an entry: a batch of 100,000 keeps its count and its first ids. */
const MAX_TARGET_IDS = 200;

/**
 * The audit entry of a call, or null for a call that neither changes state nor shows a secret. Targets are the
 * ids the input names (path parameters, `id`, `…Id`, `…Ids`), numbers and short strings only: never a free
 * text field, so never a secret.
 */
export function auditDraft(
  op: Operation,
  workspace: ActiveWorkspace,
  request: FastifyRequest,
  input: unknown,
): AuditDraft | null {
  const cls = operationClass(op);
  if (cls === 'read') return null;
  return {
    ownerId: workspace.ownerId,
    actorId: workspace.actorId,
    sessionId: request.auth?.sessionId ?? null,
    ip: request.ip ?? null,
    operation: op.id,
    operationClass: cls,
    targets: auditTargets(op, input),
  };
}

export function auditTargets(op: Operation, input: unknown): Record<string, unknown> {
  const targets: Record<string, unknown> = {};
  if (typeof input !== 'object' || input === null) return targets;
  const params = new Set(pathParams(op.path));
  for (const [key, value] of Object.entries(input)) {
    if (!(params.has(key) || key === 'id' || /Ids?$/.test(key))) continue;
    if (isIdValue(value)) targets[key] = value;
    else if (Array.isArray(value) && value.every(isIdValue)) {
      targets[key] = value.slice(0, MAX_TARGET_IDS);
      if (value.length > MAX_TARGET_IDS) targets[`${key}Count`] = value.length;
    }
  }
  return targets;
}

function isIdValue(value: unknown): value is number | string {
  return (
    (typeof value === 'number' && Number.isInteger(value)) ||
    (typeof value === 'string' && value.length <= 64)
  );
}
