import { contract } from '@tradedeck/sdk/contract';
import { type Implementation, implement } from '../../http/implement.ts';
import { clientInfo, type StepUpService } from '../auth/index.ts';
import type { UserService } from './service.ts';

export function userRoutes(service: UserService, stepUp: StepUpService): Implementation {
  return implement(contract.user, {
    getInfo: (_input, ctx) => service.info(ctx.user),
    changePassword: (input, ctx) =>
      service.changePassword(ctx.user, input, clientInfo(ctx.request), ctx.lang),
    requestTwoFactor: (input, ctx) => service.requestTwoFactor(ctx.user, input.purpose),
    requestEmailChange: (input, ctx) =>
      service.requestEmailChange(ctx.user, input.newEmail, clientInfo(ctx.request)),
    changeEmail: (input, ctx) => service.changeEmail(ctx.user, input, clientInfo(ctx.request)),
    getOtpKey: (_input, ctx) => service.getOtpKey(ctx.user),
    setupAuthenticator: (input, ctx) => service.setupAuthenticator(ctx.user, input, clientInfo(ctx.request)),
    setupEmailOtp: (input, ctx) => service.setupEmailOtp(ctx.user, input, clientInfo(ctx.request)),
    regenerateRecoveryCodes: (_input, ctx) =>
      service.regenerateRecoveryCodes(ctx.user, clientInfo(ctx.request)),
    stepUp: (input, ctx) => stepUp.confirm(ctx.user, input.twoFactor, clientInfo(ctx.request)),
    listSessions: (_input, ctx) => service.listSessions(ctx.user),
    revokeSession: (input, ctx) => service.revokeSession(ctx.user, input.sessionId, clientInfo(ctx.request)),
    revokeAllSessions: (input, ctx) =>
      service.revokeAllSessions(ctx.user, input.includeCurrent, clientInfo(ctx.request)),
    setLanguage: (input, ctx) => service.setLanguage(ctx.user, input.language),
  });
}
