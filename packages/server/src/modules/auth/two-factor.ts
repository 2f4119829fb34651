import { ResultCode, type TwoFactorInput, type TwoFactorRequirement } from '@tradedeck/sdk/contract';
import { AppError } from '../../http/app-error.ts';
import { hashPassword, verifyPassword } from '../../security/password-hasher.ts';
import {
  codeMac,
  equalHex,
  normalizeRecoveryCode,
  recoveryCode,
  sixDigitCode,
} from '../../security/random-codes.ts';
import { LIMITS, tooManyRequests } from '../../security/rate-limiter.ts';
import { verifyTotp } from '../../security/totp.ts';
import { type AuthDeps, audit, type ClientInfo, sendMail, userLanguage } from './deps.ts';
import { codeRequired, wrongCode } from './messages.ts';
import type { PassedFactor } from './session-repo.ts';
import type { UserRow } from './users-repo.ts';

const EMAIL_CODE_TTL_MS = 10 * 60_000;
const EMAIL_CODE_MAX_ATTEMPTS = 5;
const EMAIL_CODE_RESEND_MS = 60_000;
const TWO_FACTOR_LOCK_AFTER = 10;
const TWO_FACTOR_LOCK_MS = 15 * 60_000;
const RECOVERY_CODE_COUNT = 10;

/** Why a second factor is asked: login and reset follow the user's factors; security changes always need one. */
export type FactorPurpose =
  | 'login'
  | 'resetPassword'
  | 'changePassword'
  | 'changeEmail'
  | 'setupAuthenticator'
  | 'setupEmailOtp'
  | 'regenerateRecoveryCodes'
  | 'stepUp';

export const totpSlot = (userId: string, column: 'totp_secret' | 'totp_pending_secret') => ({
  userId,
  table: 'users',
  column,
  rowId: userId,
});

export class TwoFactorService {
  constructor(private readonly deps: AuthDeps) {}

  /** The factors that satisfy a purpose; empty means none is needed. */
  requirements(user: UserRow, purpose: FactorPurpose): TwoFactorRequirement[] {
    const list: TwoFactorRequirement[] = [];
    if (user.totpSecret) list.push('totp');
    if (user.emailOtpEnabled) list.push('emailCode');
    if (list.length) return [...list, 'recoveryCode'];
    // Without a second factor, security changes are confirmed with a code mailed to the account's address.
    return purpose === 'login' || purpose === 'resetPassword' ? [] : ['emailCode'];
  }

  /**
   * Checks the second factor for a purpose and returns the factor that passed (null when none is needed), or
   * throws 101 with the requirements (and the fields that failed). With no code given, a code is mailed when
   * e-mail is the only factor of a login or reset, or the only way to step up.
   */
  async verify(
    user: UserRow,
    purpose: FactorPurpose,
    input: TwoFactorInput | null | undefined,
    client: ClientInfo,
    only?: readonly TwoFactorRequirement[],
  ): Promise<PassedFactor | null> {
    const all = this.requirements(user, purpose);
    const requirements = only ? all.filter((r) => only.includes(r)) : all;
    if (requirements.length === 0) return null;
    if (user.twoFactorLockedUntil && user.twoFactorLockedUntil.getTime() > this.deps.now()) {
      throw tooManyRequests(Math.ceil((user.twoFactorLockedUntil.getTime() - this.deps.now()) / 1000));
    }
    const given = {
      totp: requirements.includes('totp') ? input?.codes?.totp?.trim() || null : null,
      emailCode: requirements.includes('emailCode') ? input?.codes?.emailCode?.trim() || null : null,
      recoveryCode: requirements.includes('recoveryCode') ? input?.recoveryCode?.trim() || null : null,
    };
    const failed = (Object.keys(given) as TwoFactorRequirement[]).filter((k) => given[k] !== null);
    if (failed.length === 0) {
      if (mailsCodeUnasked(user, purpose) && requirements.includes('emailCode')) {
        const mailing = this.sendEmailCode(user, purpose, { quiet: true });
        // A step-up prompt still opens when the hourly mail budget is spent: an earlier code may be at hand.
        await (purpose === 'stepUp' ? mailing.catch(() => 0) : mailing);
      }
      throw new AppError({
        code: ResultCode.TwoFactorFailed,
        text: codeRequired,
        details: { requirements, failed: [] },
      });
    }
    if (given.recoveryCode && (await this.redeemRecoveryCode(user, given.recoveryCode)))
      return this.passed(user, purpose, 'recoveryCode', client);
    if (given.totp && (await this.checkTotp(user, given.totp)))
      return this.passed(user, purpose, 'totp', client);
    if (given.emailCode && (await this.checkEmailCode(user, purpose, given.emailCode))) {
      return this.passed(user, purpose, 'emailCode', client);
    }
    const { locked } = await this.deps.users.addTwoFactorFailure(
      user.id,
      TWO_FACTOR_LOCK_AFTER,
      new Date(this.deps.now() + TWO_FACTOR_LOCK_MS),
    );
    await audit(this.deps, {
      event: 'two_factor_failed',
      userId: user.id,
      ...client,
      details: { purpose, failed },
    });
    if (locked) {
      await sendMail(this.deps, user.email, userLanguage(user), 'securityNotice', {
        what:
          userLanguage(user) === 'ru'
            ? 'Пароль к вашему аккаунту был введён верно, но второй фактор — неверно 10 раз подряд. Подтверждение заблокировано на 15 минут.'
            : 'Your password was entered correctly but the second factor failed 10 times in a row. It is locked for 15 minutes.',
      });
    }
    throw new AppError({
      code: ResultCode.TwoFactorFailed,
      text: wrongCode,
      details: { requirements, failed },
    });
  }

  private async passed(
    user: UserRow,
    purpose: FactorPurpose,
    factor: PassedFactor,
    client: ClientInfo,
  ): Promise<PassedFactor> {
    if (user.twoFactorFailures > 0) await this.deps.users.update(user.id, { twoFactorFailures: 0 });
    await audit(this.deps, {
      event: 'two_factor_passed',
      userId: user.id,
      ...client,
      details: { purpose, factor },
    });
    return factor;
  }

  /** Checks a TOTP code against a secret (the live one unless given) and claims its time step (no replay). */
  async checkTotp(
    user: UserRow,
    code: string,
    encryptedSecret = user.totpSecret,
    column: 'totp_secret' | 'totp_pending_secret' = 'totp_secret',
  ) {
    if (!encryptedSecret) return false;
    const secret = await this.deps.secrets.decrypt(totpSlot(user.id, column), encryptedSecret);
    const step = verifyTotp(secret, code.replace(/\s/g, ''), this.deps.now(), user.totpLastStep ?? null);
    if (step === null) return false;
    return this.deps.users.claimTotpStep(user.id, step);
  }

  private async checkEmailCode(user: UserRow, purpose: FactorPurpose, code: string): Promise<boolean> {
    const live = await this.deps.codes.liveEmailCode(
      user.id,
      `otp:${purpose}`,
      EMAIL_CODE_MAX_ATTEMPTS,
      new Date(this.deps.now()),
    );
    if (!live || !/^\d{6}$/.test(code)) {
      if (live) await this.deps.codes.countAttempt(live.id);
      return false;
    }
    if (!equalHex(live.codeHash, codeMac(this.deps.codeKey, `${user.id}|otp:${purpose}|${code}`))) {
      await this.deps.codes.countAttempt(live.id);
      return false;
    }
    return this.deps.codes.consumeEmailCode(live.id);
  }

  /** Argon2id-hashed codes; the conditional update lets only one of two concurrent redemptions win. */
  private async redeemRecoveryCode(user: UserRow, input: string): Promise<boolean> {
    const code = normalizeRecoveryCode(input);
    if (!/^[A-Z0-9]{5}-[A-Z0-9]{5}$/.test(code)) return false;
    // Read and used in two short transactions: none stays open while Argon2 compares.
    for (const stored of await this.deps.codes.run(user.id, (q) => q.unused())) {
      if (await verifyPassword(stored.codeHash, code))
        return this.deps.codes.run(user.id, (q) => q.consume(stored.id));
    }
    return false;
  }

  /**
   * Mails a 6-digit code for a purpose (valid 10 minutes, 5 attempts, single use, one per 60 s). Returns the
   * seconds until another may be sent. `quiet` skips the 60 s refusal (the login path simply does not resend).
   */
  async sendEmailCode(
    user: UserRow,
    purpose: FactorPurpose,
    options: { quiet?: boolean } = {},
  ): Promise<number> {
    const key = `otp:${purpose}`;
    const last = await this.deps.codes.lastIssuedAt(user.id, key);
    const wait = last ? Math.ceil((last.getTime() + EMAIL_CODE_RESEND_MS - this.deps.now()) / 1000) : 0;
    if (wait > 0) {
      if (options.quiet) return wait;
      throw tooManyRequests(wait);
    }
    await this.deps.limiter.consume(`mail:${user.id}`, LIMITS.mailPerAccount);
    const code = sixDigitCode();
    await this.deps.codes.issueEmailCode({
      userId: user.id,
      purpose: key,
      codeHash: codeMac(this.deps.codeKey, `${user.id}|${key}|${code}`),
      target: user.email,
      createdAt: new Date(this.deps.now()),
      expiresAt: new Date(this.deps.now() + EMAIL_CODE_TTL_MS),
    });
    await sendMail(this.deps, user.email, userLanguage(user), 'twoFactorCode', { code });
    return EMAIL_CODE_RESEND_MS / 1000;
  }

  /** Replaces the user's recovery codes; returns the new ones (shown once). */
  async newRecoveryCodes(userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
    const hashes = await Promise.all(codes.map((c) => hashPassword(c)));
    await this.deps.codes.run(userId, (q) => q.replace(hashes));
    return codes;
  }
}

/** Login and reset mail a code when e-mail is the user's only factor; a step-up does whenever there is no app. */
function mailsCodeUnasked(user: UserRow, purpose: FactorPurpose): boolean {
  if (user.totpSecret) return false;
  if (purpose === 'stepUp') return true;
  return (purpose === 'login' || purpose === 'resetPassword') && Boolean(user.emailOtpEnabled);
}
