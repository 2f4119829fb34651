import { contract, ResultCode } from '@tradedeck/sdk/contract';
import { AppError } from '../../http/app-error.ts';
import { type Implementation, implement } from '../../http/implement.ts';
import {
  assertSameOrigin,
  clearRefreshCookie,
  readRefreshCookie,
  setRefreshCookie,
} from './refresh-cookie.ts';
import { bearerToken, clientInfo } from './request-auth.ts';
import type { AuthService } from './service.ts';
import type { IssuedSession, SessionService } from './sessions.ts';

export function authRoutes(
  service: AuthService,
  sessions: SessionService,
  publicUrl: string | null,
): Implementation {
  const answer = (request: Parameters<typeof setRefreshCookie>[0], issued: IssuedSession) => {
    setRefreshCookie(request, issued.refreshToken, issued.cookieMaxAge);
    return { accessToken: issued.accessToken, expiresAt: issued.expiresAt };
  };

  return implement(contract.auth, {
    login: async (input, ctx) => answer(ctx.request, await service.login(input, clientInfo(ctx.request))),
    register: (input, ctx) => service.register(input, clientInfo(ctx.request), ctx.lang),
    confirmEmail: (input, ctx) => service.confirmEmail(input, clientInfo(ctx.request)),
    resendConfirmation: (input, ctx) => service.resendConfirmation(input.email, clientInfo(ctx.request)),
    forgotPassword: (input, ctx) => service.forgotPassword(input.email, clientInfo(ctx.request)),
    resetPassword: (input, ctx) => service.resetPassword(input, clientInfo(ctx.request), ctx.lang),

    refreshToken: async (_input, ctx) => {
      assertSameOrigin(ctx.request, publicUrl);
      const token = readRefreshCookie(ctx.request);
      if (!token) throw new AppError({ code: ResultCode.Unauthorized });
      try {
        return answer(ctx.request, await sessions.refresh(token, clientInfo(ctx.request)));
      } catch (error) {
        // A refused refresh ends the cookie too; a rate-limit refusal keeps it for a later try.
        if (error instanceof AppError && error.resultCode === ResultCode.Unauthorized)
          clearRefreshCookie(ctx.request);
        throw error;
      }
    },

    logout: async (_input, ctx) => {
      const cookie = readRefreshCookie(ctx.request);
      if (cookie) assertSameOrigin(ctx.request, publicUrl);
      clearRefreshCookie(ctx.request);
      const fromCookie = cookie ? await sessions.sessionOfRefreshToken(cookie) : null;
      const bearer = bearerToken(ctx.request);
      const fromBearer = !fromCookie && bearer ? await sessions.authenticate(bearer) : null;
      const target = fromCookie ?? fromBearer;
      if (target) await service.logout(target.userId, target.sessionId, clientInfo(ctx.request));
      return { ok: true as const };
    },
  });
}
