import { ResultCode } from '@tradedeck/sdk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { clientKey } from '../../security/rate-limiter.ts';
import { type AuthDeps, audit } from './deps.ts';
import { clientInfo } from './request-auth.ts';

/** Rows a caller (user, else client address) adds per kind and window; more are only counted. */
export const REFUSAL_LOG_PER_CALLER = 5;
/** Rows all callers together add per kind and window, so a flood from many addresses stays bounded too. */
const REFUSAL_LOG_OVERALL = 200;
const REFUSAL_LOG_WINDOW_MS = 10 * 60_000;

type RefusalKind = 'tenant_not_found' | 'rate_limited';

/**
 * Writes refusals worth a look to the security log: a signed-in user asking for an object that is not theirs
 * (answered 3, as missing) and any 429. Bounded: the first few per caller and window are written, then one
 * `refusals_suppressed` row says more were dropped; an overall cap per window holds against many callers.
 */
export function registerRefusalLog(app: FastifyInstance, deps: AuthDeps): void {
  app.addHook('onError', async (request, _reply, error) => {
    const kind = refusalKind(request, error);
    if (!kind) return;
    try {
      const caller = request.auth?.userId ?? clientKey(request.ip);
      const own = await deps.security.hit(`refusal-log:${kind}:${caller}`, REFUSAL_LOG_WINDOW_MS);
      if (own.count > REFUSAL_LOG_PER_CALLER + 1) return;
      const all = await deps.security.hit(`refusal-log:${kind}`, REFUSAL_LOG_WINDOW_MS);
      if (all.count > REFUSAL_LOG_OVERALL) return;
      const suppressed = own.count === REFUSAL_LOG_PER_CALLER + 1;
      await audit(deps, {
        event: suppressed ? 'refusals_suppressed' : kind,
        userId: request.auth?.userId ?? null,
        sessionId: request.auth?.sessionId ?? null,
        ...clientInfo(request),
        details: {
          kind,
          route: `${request.method} ${request.routeOptions.url ?? ''}`,
          ...(suppressed
            ? { afterRows: REFUSAL_LOG_PER_CALLER, windowSeconds: REFUSAL_LOG_WINDOW_MS / 1000 }
            : {}),
        },
      });
    } catch (failure) {
      request.log.error({ err: failure }, 'could not record a refusal');
    }
  });
}

function refusalKind(request: FastifyRequest, error: unknown): RefusalKind | null {
  if (!(error instanceof AppError)) return null;
  if (error.httpStatus === 429) return 'rate_limited';
  if (error.resultCode === ResultCode.NotFound && request.auth) return 'tenant_not_found';
  return null;
}
