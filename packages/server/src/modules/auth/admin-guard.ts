import {
  ADMIN_TWO_FACTOR_REQUIRED,
  type Operation,
  ResultCode,
  SECURITY_SETTINGS_PATH,
} from '@tradedeck/sdk/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { emailCodesNotEnough, needsAuthenticator } from './messages.ts';
import { clientInfo } from './request-auth.ts';
import type { SecurityEvent } from './security-repo.ts';
import type { AuthContext } from './sessions.ts';
import type { UserRow } from './users-repo.ts';

export type AdminRefusal = 'notAdmin' | 'noAuthenticator';

/**
 * Why a user may not run admin operations, or null when they may. An administrator needs the authenticator app:
 * e-mailed codes travel through the same mailbox as password-reset links, so they add no second factor against
 * the takeover of that mailbox, the main threat to an administrator.
 */
function adminRefusal(user: Pick<UserRow, 'role' | 'totpSecret'>): AdminRefusal | null {
  if (user.role !== 'admin') return 'notAdmin';
  return user.totpSecret ? null : 'noAuthenticator';
}

/** The answer to a refused admin operation: 4 (access denied); for an administrator, what to turn on and where. */
function adminRefusalError(user: Pick<UserRow, 'emailOtpEnabled'>, reason: AdminRefusal): AppError {
  if (reason === 'notAdmin') return new AppError({ code: ResultCode.AccessDenied });
  return new AppError({
    code: ResultCode.AccessDenied,
    text: user.emailOtpEnabled ? emailCodesNotEnough : needsAuthenticator,
    details: {
      reason: ADMIN_TWO_FACTOR_REQUIRED,
      requirement: 'totp',
      settingsPath: SECURITY_SETTINGS_PATH,
    },
  });
}

/** Refuses an admin-flagged operation to anyone but an administrator with the authenticator app; audits refusals. */
export async function guardAdminOperation(
  request: FastifyRequest,
  op: Operation,
  context: AuthContext,
  audit: (event: SecurityEvent) => Promise<void>,
): Promise<void> {
  const reason = adminRefusal(context.user);
  if (!reason) return;
  await audit({
    event: 'admin_operation_refused',
    userId: context.userId,
    sessionId: context.sessionId,
    ...clientInfo(request),
    details: { operation: op.id, reason },
  });
  throw adminRefusalError(context.user, reason);
}
