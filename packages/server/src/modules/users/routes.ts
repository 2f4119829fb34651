import { contract } from '@tradedeck/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { bindOperation } from '../../http/bind-operation.ts';
import { clientInfo, requireAuth } from '../auth/request-auth.ts';
import type { StepUpService } from '../auth/step-up.ts';
import type { UserService } from './service.ts';

export function registerUserRoutes(app: FastifyInstance, service: UserService, stepUp: StepUpService): void {
  const ops = contract.user;
  const who = (request: Parameters<typeof requireAuth>[0]) => requireAuth(request);
  bindOperation(app, ops.getInfo, (_input, ctx) => service.info(who(ctx.request)));
  bindOperation(app, ops.changePassword, (input, ctx) =>
    service.changePassword(who(ctx.request), input, clientInfo(ctx.request), ctx.lang),
  );
  bindOperation(app, ops.requestTwoFactor, (input, ctx) =>
    service.requestTwoFactor(who(ctx.request), input.purpose),
  );
  bindOperation(app, ops.requestEmailChange, (input, ctx) =>
    service.requestEmailChange(who(ctx.request), input.newEmail, clientInfo(ctx.request)),
  );
  bindOperation(app, ops.changeEmail, (input, ctx) =>
    service.changeEmail(who(ctx.request), input, clientInfo(ctx.request)),
  );
  bindOperation(app, ops.getOtpKey, (_input, ctx) => service.getOtpKey(who(ctx.request)));
  bindOperation(app, ops.setupAuthenticator, (input, ctx) =>
    service.setupAuthenticator(who(ctx.request), input, clientInfo(ctx.request)),
  );
  bindOperation(app, ops.setupEmailOtp, (input, ctx) =>
    service.setupEmailOtp(who(ctx.request), input, clientInfo(ctx.request)),
  );
  bindOperation(app, ops.regenerateRecoveryCodes, (_input, ctx) =>
    service.regenerateRecoveryCodes(who(ctx.request), clientInfo(ctx.request)),
  );
  bindOperation(app, ops.stepUp, (input, ctx) =>
    stepUp.confirm(who(ctx.request), input.twoFactor, clientInfo(ctx.request)),
  );
  bindOperation(app, ops.listSessions, (_input, ctx) => service.listSessions(who(ctx.request)));
  bindOperation(app, ops.revokeSession, (input, ctx) =>
    service.revokeSession(who(ctx.request), input.sessionId, clientInfo(ctx.request)),
  );
  bindOperation(app, ops.revokeAllSessions, (input, ctx) =>
    service.revokeAllSessions(who(ctx.request), input.includeCurrent, clientInfo(ctx.request)),
  );
  bindOperation(app, ops.setLanguage, (input, ctx) => service.setLanguage(who(ctx.request), input.language));
}
