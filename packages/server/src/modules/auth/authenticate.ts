import { type Operation, operationClass, ResultCode, type TwoFactorInput } from '@tradedeck/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { guardAdminOperation } from './admin-guard.ts';
import { bearerToken, clientInfo } from './request-auth.ts';
import type { SecurityEvent } from './security-repo.ts';
import type { SessionService } from './sessions.ts';
import type { StepUpService } from './step-up.ts';

/**
 * Replaces the `authenticate` decorator with access-token verification that loads the device session on every
 * call (a read may take the one read for its token in the last second), holds admin operations to the
 * administrator rules, and `stepUp` with the recent-second-factor check.
 */
export function registerAuthentication(
  app: FastifyInstance,
  sessions: SessionService,
  stepUp: StepUpService,
  audit: (event: SecurityEvent) => Promise<void>,
): void {
  app.decorate('authenticate', async (request, op) => {
    const token = bearerToken(request);
    const context = token ? await sessions.authenticate(token, readsOnly(op)) : null;
    if (!context) throw new AppError({ code: ResultCode.Unauthorized });
    if (op.flags.admin) {
      await guardAdminOperation(request, op, context, audit);
      await stepUp.requireAdminFactor(context, op, clientInfo(request));
    }
    request.auth = context;
  });
  app.decorate('stepUp', async (request, op, input) => {
    const context = request.auth;
    if (!context) throw new AppError({ code: ResultCode.Unauthorized });
    const codes = (input as { twoFactor?: TwoFactorInput | null } | null)?.twoFactor;
    await stepUp.require(context, op, codes, clientInfo(request));
  });
}

/** A read that asks no second factor and no administrator: the session read for its token a moment ago will do. */
function readsOnly(op: Operation): boolean {
  return operationClass(op) === 'read' && !op.flags.admin && !op.flags.stepUp;
}
