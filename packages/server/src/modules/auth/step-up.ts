import {
  type Operation,
  ResultCode,
  STEP_UP_WINDOW_MINUTES,
  type StepUpPurpose,
  type TwoFactorInput,
  type TwoFactorRequirement,
} from '@tradedeck/sdk/contract';
import { AppError } from '../../http/app-error.ts';
import type { Limit } from '../../security/rate-limiter.ts';
import { type AuthDeps, audit, type ClientInfo } from './deps.ts';
import { stepUpText } from './messages.ts';
import type { SessionRow } from './session-repo.ts';
import type { AuthContext } from './sessions.ts';
import type { TwoFactorService } from './two-factor.ts';
import type { UserRow } from './users-repo.ts';

const STEP_UP_WINDOW_MS = STEP_UP_WINDOW_MINUTES * 60_000;
/** Step-up operations (secrets revealed or replaced, factor changes) a user may run per minute, all together. */
const STEP_UP_OPERATIONS_LIMIT: Limit = { max: 30, windowMs: 60_000 };

/** Admin operations: the authenticator app (or a recovery code); e-mailed codes do not count. */
const ADMIN_FACTORS: readonly TwoFactorRequirement[] = ['totp', 'recoveryCode'];

/**
 * Recent strong authentication per device session. A session that passed a second factor (at sign-in or through
 * `user.stepUp`) may run operations flagged `stepUp` for 15 minutes; each such call is rate-limited per user and
 * written to the security log, allowed or refused.
 */
export class StepUpService {
  constructor(
    private readonly deps: AuthDeps,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /** `user.stepUp`: checks the codes and opens the window for this device session. */
  async confirm(ctx: AuthContext, codes: TwoFactorInput | null | undefined, client: ClientInfo) {
    const factor = await this.twoFactor.verify(ctx.user, 'stepUp', codes, client);
    const now = this.deps.now();
    // Security changes always have a requirement (an e-mailed code without other factors), so a factor passed.
    await this.deps.sessions.markSecondFactor(ctx.userId, ctx.sessionId, factor!, new Date(now));
    await audit(this.deps, {
      event: 'step_up_passed',
      userId: ctx.userId,
      sessionId: ctx.sessionId,
      ...client,
      details: { factor },
    });
    return { validUntil: new Date(now + STEP_UP_WINDOW_MS).toISOString() };
  }

  /**
   * The route binding's check for a call that needs a step-up. Codes sent in the call's own `twoFactor` field
   * step the session up on the way (older clients send them there).
   */
  async require(
    ctx: AuthContext,
    op: Operation,
    codes: TwoFactorInput | null | undefined,
    client: ClientInfo,
  ): Promise<void> {
    const purpose = op.flags.stepUp ?? 'secrets';
    const event = { userId: ctx.userId, sessionId: ctx.sessionId, ...client };
    try {
      await this.deps.limiter.consume(`step-up:${ctx.userId}`, STEP_UP_OPERATIONS_LIMIT);
    } catch (error) {
      await audit(this.deps, {
        event: 'step_up_rate_limited',
        ...event,
        details: { operation: op.id, purpose },
      });
      throw error;
    }
    if (!this.fresh(ctx.session) && hasCodes(codes)) {
      await this.confirmQuietly(ctx, purpose, codes, client);
    }
    if (!this.fresh(ctx.session)) {
      await audit(this.deps, { event: 'step_up_required', ...event, details: { operation: op.id, purpose } });
      throw await this.challenge(ctx.user, purpose);
    }
    await audit(this.deps, { event: 'step_up_operation', ...event, details: { operation: op.id, purpose } });
  }

  /**
   * Admin operations need this session to have passed the authenticator app (at sign-in or a step-up), however
   * long ago: a session opened before the app was turned on gains nothing by it until it passes the app.
   */
  async requireAdminFactor(ctx: AuthContext, op: Operation, client: ClientInfo): Promise<void> {
    if (ctx.session.totpAt) return;
    await audit(this.deps, {
      event: 'admin_operation_refused',
      userId: ctx.userId,
      sessionId: ctx.sessionId,
      ...client,
      details: { operation: op.id, reason: 'sessionWithoutAuthenticator' },
    });
    throw await this.challenge(ctx.user, 'admin');
  }

  private async confirmQuietly(
    ctx: AuthContext,
    purpose: StepUpPurpose,
    codes: TwoFactorInput | null | undefined,
    client: ClientInfo,
  ) {
    const factor = await this.twoFactor.verify(ctx.user, 'stepUp', codes, client).catch((error: unknown) => {
      // Codes that do not answer what is asked (a new key's code during enrolment) leave the prompt to follow.
      if (error instanceof AppError && error.resultCode === ResultCode.TwoFactorFailed) {
        const failed = (error.details as { failed?: unknown[] } | null)?.failed ?? [];
        if (failed.length === 0) return null;
        throw new AppError({
          code: error.resultCode,
          text: error.text,
          details: { ...error.details, stepUp: purpose },
        });
      }
      throw error;
    });
    if (!factor) return;
    const now = new Date(this.deps.now());
    await this.deps.sessions.markSecondFactor(ctx.userId, ctx.sessionId, factor, now);
    ctx.session.twoFactorAt = now;
    if (factor !== 'emailCode') ctx.session.totpAt = now;
  }

  private fresh(session: SessionRow): boolean {
    return (
      session.twoFactorAt !== null && session.twoFactorAt.getTime() + STEP_UP_WINDOW_MS > this.deps.now()
    );
  }

  /** The 101 answer that asks for a step-up; a code is mailed at once when e-mail is how to answer it. */
  private async challenge(user: UserRow, purpose: StepUpPurpose): Promise<AppError> {
    const only = purpose === 'admin' ? ADMIN_FACTORS : undefined;
    try {
      await this.twoFactor.verify(user, 'stepUp', null, { ip: '', userAgent: null }, only);
    } catch (error) {
      if (!(error instanceof AppError) || error.resultCode !== ResultCode.TwoFactorFailed) throw error;
      const requirements = (error.details as { requirements: TwoFactorRequirement[] }).requirements;
      return new AppError({
        code: ResultCode.TwoFactorFailed,
        text: stepUpText,
        details: {
          stepUp: purpose,
          requirements,
          failed: [],
        },
      });
    }
    return new AppError({
      code: ResultCode.TwoFactorFailed,
      text: stepUpText,
      details: {
        stepUp: purpose,
        requirements: only ?? [],
        failed: [],
      },
    });
  }
}

function hasCodes(codes: TwoFactorInput | null | undefined): codes is TwoFactorInput {
  return Boolean(
    codes && (codes.codes?.totp?.trim() || codes.codes?.emailCode?.trim() || codes.recoveryCode?.trim()),
  );
}
