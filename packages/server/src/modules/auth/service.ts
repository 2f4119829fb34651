import { type AccountStatus, ResultCode, type TwoFactorInput } from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import { AppError } from '../../http/app-error.ts';
import {
  hashPassword,
  MAX_PASSWORD_BYTES,
  needsRehash,
  verifyDummy,
  verifyPassword,
} from '../../security/password-hasher.ts';
import {
  type PasswordProblem,
  passwordProblems,
  passwordProblemText,
} from '../../security/password-policy.ts';
import { opaqueToken, sha256 } from '../../security/random-codes.ts';
import { clientKey, LIMITS } from '../../security/rate-limiter.ts';
import {
  type AccountMailJob,
  type AuthDeps,
  audit,
  type ClientInfo,
  sendMail,
  userLanguage,
} from './deps.ts';
import { badLink, prohibited, wrongCredentials } from './messages.ts';
import type { IssuedSession, SessionService } from './sessions.ts';
import type { TwoFactorService } from './two-factor.ts';
import { accountStatus, type UserRow } from './users-repo.ts';

export const CONFIRM_LINK_TTL_MS = 24 * 3600_000;
const RESET_LINK_TTL_MS = 3600_000;
const LINK_RESEND_MS = 60_000;
/** Link codes carry 256 bits, so attempts need no tight cap; per-address limits apply anyway. */
const LINK_ATTEMPTS = 1_000_000;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Refuses a password that breaks the rules, with one message per failed rule, before any hashing. */
export function assertPasswordAllowed(password: string, field: string, lang: Language): void {
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw passwordError(field, ['tooLong'], lang);
  }
  const problems = passwordProblems(password);
  if (problems.length) throw passwordError(field, problems, lang);
}

function passwordError(field: string, problems: PasswordProblem[], lang: Language): AppError {
  const texts = problems.map((p) => passwordProblemText[p][lang]);
  return new AppError({
    code: ResultCode.ValidationError,
    text: texts.join('. '),
    details: { fields: { [field]: texts } },
  });
}

export class AuthService {
  constructor(
    private readonly deps: AuthDeps,
    private readonly sessions: SessionService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /**
   * Registers an account. The answer is the same whether or not the e-mail is taken (the owner of a taken
   * address gets a "you already have an account" mail instead), so registration does not reveal accounts.
   */
  async register(
    input: { email: string; userName: string; password: string },
    client: ClientInfo,
    lang: Language,
  ) {
    await this.limitByIp('register', client);
    assertPasswordAllowed(input.password, 'password', lang);
    const email = normalizeEmail(input.email);
    const passwordHash = await hashPassword(input.password);
    const created = await this.deps.users.create({
      email,
      userName: input.userName,
      passwordHash,
      language: lang,
    });
    await this.deps.enqueueAccountMail({
      kind: 'registration',
      email,
      createdUserId: created?.id ?? null,
      client,
    });
    return { email };
  }

  /** The mail of a registration, from its job: a confirmation link, or "you already have an account". */
  async registrationMail(job: AccountMailJob): Promise<void> {
    if (job.createdUserId) {
      const created = await this.deps.users.findById(job.createdUserId);
      if (!created) return;
      await audit(this.deps, {
        event: 'registered',
        userId: created.id,
        ...job.client,
        details: { role: created.role },
      });
      await this.sendConfirmation(created);
      return;
    }
    const existing = await this.deps.users.findByEmail(job.email);
    if (!existing) return;
    const mayMail = await this.deps.limiter.assertBelow(`mail:${existing.id}`, LIMITS.mailPerAccount).then(
      () => true,
      () => false,
    );
    if (!mayMail) return;
    await this.deps.limiter.add(`mail:${existing.id}`, LIMITS.mailPerAccount);
    await sendMail(this.deps, job.email, userLanguage(existing), 'alreadyRegistered', {
      link: this.deps.link('/auth/forgot-password', {}),
    });
  }

  async confirmEmail(
    input: { userId: string; code: string },
    client: ClientInfo,
  ): Promise<{ status: AccountStatus }> {
    await this.limitByIp('confirm', client);
    const user = await this.consumeLinkCode(input.userId, 'confirmEmail', input.code);
    const confirmed = (await this.deps.users.confirmEmail(user.id))!;
    await audit(this.deps, { event: 'email_confirmed', userId: user.id, ...client });
    return { status: accountStatus(confirmed) };
  }

  async resendConfirmation(email: string, client: ClientInfo) {
    await this.limitByIp('resend', client);
    await this.deps.enqueueAccountMail({
      kind: 'resendConfirmation',
      email: normalizeEmail(email),
      createdUserId: null,
      client,
    });
    return { ok: true as const };
  }

  async resendConfirmationMail(job: AccountMailJob): Promise<void> {
    const user = await this.deps.users.findByEmail(job.email);
    if (user && !user.emailConfirmedAt && !user.bannedAt) await this.sendConfirmation(user);
  }

  async forgotPassword(email: string, client: ClientInfo) {
    await this.limitByIp('forgot', client);
    await this.deps.enqueueAccountMail({
      kind: 'forgotPassword',
      email: normalizeEmail(email),
      createdUserId: null,
      client,
    });
    return { ok: true as const };
  }

  async forgotPasswordMail(job: AccountMailJob): Promise<void> {
    const user = await this.deps.users.findByEmail(job.email);
    if (user && !user.bannedAt && (await this.mayMail(user.id, 'resetPassword'))) {
      const code = await this.issueLinkCode(user.id, 'resetPassword', RESET_LINK_TTL_MS);
      const link = this.deps.link('/auth/reset-password', { userId: user.id, code });
      await sendMail(this.deps, user.email, userLanguage(user), 'resetPassword', { link }, link);
      await audit(this.deps, { event: 'password_reset_requested', userId: user.id, ...job.client });
    }
  }

  /** Runs one queued account mail job. */
  runAccountMail(job: AccountMailJob): Promise<void> {
    if (job.kind === 'registration') return this.registrationMail(job);
    if (job.kind === 'resendConfirmation') return this.resendConfirmationMail(job);
    return this.forgotPasswordMail(job);
  }

  /** Sets a new password from a reset link; the second factor still applies, and every session ends. */
  async resetPassword(
    input: {
      userId: string;
      code: string;
      newPassword: string;
      twoFactor?: TwoFactorInput | null | undefined;
    },
    client: ClientInfo,
    lang: Language,
  ) {
    await this.limitByIp('reset', client);
    const user = await this.userWithLiveLink(input.userId, 'resetPassword', input.code);
    assertPasswordAllowed(input.newPassword, 'newPassword', lang);
    await this.twoFactor.verify(user, 'resetPassword', input.twoFactor, client);
    await this.consumeLinkCode(input.userId, 'resetPassword', input.code);
    await this.deps.users.update(user.id, {
      passwordHash: await hashPassword(input.newPassword),
      passwordChangedAt: new Date(this.deps.now()),
    });
    await this.deps.sessions.run(user.id, (q) => q.revokeAll('password_reset'));
    await this.deps.limiter.reset(`login-fail:${user.email}`);
    await audit(this.deps, { event: 'password_reset', userId: user.id, ...client });
    await this.notice(
      user,
      'Пароль аккаунта был сброшен по ссылке из письма.',
      'Your password was reset from an e-mailed link.',
    );
    return { ok: true as const };
  }

  /**
   * Signs in. Limits per address and per e-mail apply before any hashing; unknown e-mail and wrong password
   * give the same 102 after the same work; 103 and 101 only after the password was right.
   */
  async login(
    input: { email: string; password: string; twoFactor?: TwoFactorInput | null | undefined },
    client: ClientInfo,
  ): Promise<IssuedSession> {
    const email = normalizeEmail(input.email);
    await this.limitByIp('login', client);
    const failureKey = `login-fail:${email}`;
    await this.deps.limiter.assertBelow(failureKey, LIMITS.accountFailures);
    const user = await this.deps.users.findByEmail(email);
    let passwordOk = false;
    if (user) passwordOk = await verifyPassword(user.passwordHash, input.password);
    else await verifyDummy(input.password);
    if (!user || !passwordOk) {
      await this.deps.limiter.add(failureKey, LIMITS.accountFailures);
      await audit(this.deps, {
        event: 'login_failed',
        userId: user?.id ?? null,
        ...client,
        details: { reason: 'password' },
      });
      throw new AppError({
        code: ResultCode.PasswordMismatch,
        text: wrongCredentials,
      });
    }
    const status = accountStatus(user);
    if (status !== 'active') {
      await audit(this.deps, { event: 'login_refused', userId: user.id, ...client, details: { status } });
      throw new AppError({
        code: ResultCode.AuthenticationProhibited,
        text: prohibited[status],
        details: { status },
      });
    }
    const factor = await this.twoFactor.verify(user, 'login', input.twoFactor, client);
    await this.deps.limiter.reset(failureKey);
    if (needsRehash(user.passwordHash)) {
      await this.deps.users.update(user.id, { passwordHash: await hashPassword(input.password) });
    }
    const issued = await this.sessions.start(user, client, factor);
    await audit(this.deps, { event: 'login', userId: user.id, sessionId: issued.sessionId, ...client });
    return issued;
  }

  async logout(userId: string, sessionId: string, client: ClientInfo): Promise<void> {
    await this.deps.sessions.run(userId, (q) => q.revoke(sessionId, 'logout'));
    await audit(this.deps, { event: 'logout', userId, sessionId, ...client });
  }

  /** Mails a confirmation link, at most one a minute (and five an hour) per account. */
  async sendConfirmation(user: UserRow): Promise<void> {
    if (!(await this.mayMail(user.id, 'confirmEmail'))) return;
    const code = await this.issueLinkCode(user.id, 'confirmEmail', CONFIRM_LINK_TTL_MS);
    const link = this.deps.link('/auth/email-confirm', { userId: user.id, code });
    await sendMail(
      this.deps,
      user.email,
      userLanguage(user),
      'confirmEmail',
      { userName: user.userName, link },
      link,
    );
  }

  async notice(user: UserRow, ru: string, en: string): Promise<void> {
    await sendMail(this.deps, user.email, userLanguage(user), 'securityNotice', {
      what: userLanguage(user) === 'ru' ? ru : en,
    });
  }

  private async limitByIp(route: string, client: ClientInfo): Promise<void> {
    const ip = clientKey(client.ip);
    await this.deps.limiter.consume(`ip:${route}:${ip}`, LIMITS.ipAuth);
    await this.deps.limiter.consume(`ip-long:${route}:${ip}`, LIMITS.ipAuthLong);
  }

  private async mayMail(userId: string, purpose: string): Promise<boolean> {
    const last = await this.deps.codes.lastIssuedAt(userId, purpose);
    if (last && last.getTime() + LINK_RESEND_MS > this.deps.now()) return false;
    try {
      await this.deps.limiter.consume(`mail:${userId}`, LIMITS.mailPerAccount);
      return true;
    } catch {
      return false;
    }
  }

  async issueLinkCode(
    userId: string,
    purpose: string,
    ttlMs: number,
    target: string | null = null,
  ): Promise<string> {
    const code = opaqueToken();
    await this.deps.codes.issueEmailCode({
      userId,
      purpose,
      codeHash: sha256(code),
      target,
      createdAt: new Date(this.deps.now()),
      expiresAt: new Date(this.deps.now() + ttlMs),
    });
    return code;
  }

  /** The user behind a live link code, without using it up (the second-factor round trip reuses the link). */
  async userWithLiveLink(userId: string, purpose: string, code: string, target?: string): Promise<UserRow> {
    return (await this.liveLink(userId, purpose, code, target)).user;
  }

  async consumeLinkCode(userId: string, purpose: string, code: string, target?: string): Promise<UserRow> {
    const { user, live } = await this.liveLink(userId, purpose, code, target);
    if (!(await this.deps.codes.consumeEmailCode(live.id)))
      throw new AppError({ code: ResultCode.Invalid, text: badLink });
    return user;
  }

  private async liveLink(userId: string, purpose: string, code: string, target?: string) {
    const user = await this.deps.users.findById(userId);
    const live = user
      ? await this.deps.codes.liveEmailCode(user.id, purpose, LINK_ATTEMPTS, new Date(this.deps.now()))
      : null;
    if (
      !user ||
      !live ||
      live.codeHash !== sha256(code) ||
      (target !== undefined && live.target !== target)
    ) {
      throw new AppError({ code: ResultCode.Invalid, text: badLink });
    }
    return { user, live };
  }
}
