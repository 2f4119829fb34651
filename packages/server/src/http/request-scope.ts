import { AsyncLocalStorage } from 'node:async_hooks';
import type { Operation, OperationClass, WorkspaceRole } from '@tradedeck/sdk/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';

/** The workspace a call acts in: whose data (`ownerId`), who acts (`actorId`) and with which role and scope. */
export interface ActiveWorkspace {
  /** The owning workspace's id: what handlers receive as `userId` (a personal workspace's id is its user's). */
  readonly ownerId: string;
  /** The signed-in user. */
  readonly actorId: string;
  readonly role: WorkspaceRole;
  /** Tags limiting the member to accounts and proxies carrying one of them; null: the whole workspace. */
  readonly scopeTags: readonly string[] | null;
}

/** What the audit log records of one call; written once, in the first transaction of the call that changes data. */
export interface AuditDraft {
  readonly ownerId: string;
  readonly actorId: string;
  readonly sessionId: string | null;
  readonly ip: string | null;
  readonly operation: string;
  readonly operationClass: OperationClass;
  /** Ids the call named (path parameters, `id`, `…Id`, `…Ids`): never a secret. */
  readonly targets: Record<string, unknown>;
}

/** Writes an audit entry inside the caller's transaction (the audit module's repository). */
export type AuditWriter = (tx: Db, draft: AuditDraft) => Promise<void>;

/** What the code under one request knows of it, without each layer passing it on. */
export interface RequestScope {
  readonly workspace: ActiveWorkspace | null;
  /** The call's audit entry and its writer; null for a read, a public call or a server without the audit area. */
  readonly audit: { readonly draft: AuditDraft; readonly write: AuditWriter } | null;
  /** Set once the call's audit entry is written (or when there is nothing to write). */
  auditWritten: boolean;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();

/**
 * Whether the signed-in member acting in workspace `ownerId` is limited to tags: row-level security then narrows
 * what they read, and anything kept for the whole workspace (counts, kept answers) is not theirs to read.
 */
export function limitedToTags(ownerId: string): boolean {
  const workspace = requestScope.getStore()?.workspace;
  return workspace?.ownerId === ownerId && workspace.scopeTags !== null;
}

/** Resolves the active workspace of a signed-in call and refuses a role the operation's class does not allow. */
export type WorkspaceGate = (request: FastifyRequest, op: Operation) => Promise<void>;

/** Refuses a call whose input its role may not send (an operator's typed receiver key), before any step-up. */
export type WorkspaceInputGate = (request: FastifyRequest, op: Operation, input: unknown) => void;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the workspace gate for non-public operations. */
    workspace?: ActiveWorkspace;
  }
  interface FastifyInstance {
    workspaceGate: WorkspaceGate;
    workspaceInputGate?: WorkspaceInputGate;
    /** Set by the audit area; without it, nothing is audited (a server built for one area's tests). */
    auditWriter?: AuditWriter;
  }
}
