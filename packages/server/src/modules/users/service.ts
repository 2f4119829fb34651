import {
  type DeviceSession,
  ResultCode,
  type TwoFactorInput,
  type TwoFactorPurpose,
  type UserInfo,
} from '@tradedeck/sdk/contract';
import type { Language } from '@tradedeck/sdk/i18n';
import QRCode from 'qrcode';
import { AppError } from '../../http/app-error.ts';
import { hashPassword, verifyPassword } from '../../security/password-hasher.ts';
import { clientKey, LIMITS } from '../../security/rate-limiter.ts';
import { generateTotpSecret, otpauthUri } from '../../security/totp.ts';
import {
  type AuthContext,
  type AuthDeps,
  type AuthService,
  accountStatus,
  assertPasswordAllowed,
  audit,
  type ClientInfo,
  CONFIRM_LINK_TTL_MS,
  normalizeEmail,
  sendMail,
  type TwoFactorService,
  totpSlot,
  type UserRow,
  userLanguage,
  wrongCode,
} from '../auth/index.ts';
import {
  authenticatorAlreadySet,
  emailTaken,
  getKeyFirst,
  sameEmailText,
  wrongPassword,
} from './messages.ts';

type TwoFactorArg = TwoFactorInput | null | undefined;

const notFound = () => new AppError({ code: ResultCode.NotFound });

/** The signed-in user's own account: profile, password, e-mail, second factors and device sessions. */
export class UserService {
  constructor(
    private readonly deps: AuthDeps,
    private readonly auth: AuthService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  async info(ctx: AuthContext): Promise<UserInfo> {
    const u = ctx.user;
    return {
      id: u.id,
      email: u.email,
      userName: u.userName,
      role: u.role === 'admin' ? 'admin' : 'user',
      status: accountStatus(u),
      language: userLanguage(u),
      pendingEmail: u.pendingEmail,
      twoFactor: {
        totp: Boolean(u.totpSecret),
        emailOtp: Boolean(u.emailOtpEnabled),
        recoveryCodesLeft: await this.deps.users.unusedRecoveryCodeCount(u.id),
      },
      createdAt: u.createdAt.toISOString(),
    };
  }

  /** Current password and second factor; the new hash replaces the old and every other session ends. */
  async changePassword(
    ctx: AuthContext,
    input: { oldPassword: string; newPassword: string; twoFactor?: TwoFactorArg },
    client: ClientInfo,
    lang: Language,
  ) {
    await this.deps.limiter.consume(`ip:change:${clientKey(client.ip)}`, LIMITS.ipAuth);
    await this.deps.limiter.consume(`user:change:${ctx.userId}`, LIMITS.ipAuth);
    if (!(await verifyPassword(ctx.user.passwordHash, input.oldPassword))) {
      throw new AppError({
        code: ResultCode.PasswordMismatch,
        text: wrongPassword,
        details: {
          fields: { oldPassword: [wrongPassword[lang]] },
        },
      });
    }
    assertPasswordAllowed(input.newPassword, 'newPassword', lang);
    await this.twoFactor.verify(ctx.user, 'changePassword', input.twoFactor, client);
    await this.deps.users.update(ctx.userId, {
      passwordHash: await hashPassword(input.newPassword),
      passwordChangedAt: new Date(this.deps.now()),
    });
    const ended = await this.deps.sessions.run(ctx.userId, (q) =>
      q.revokeAll('password_changed', ctx.sessionId),
    );
    await audit(this.deps, {
      event: 'password_changed',
      userId: ctx.userId,
      sessionId: ctx.sessionId,
      ...client,
      details: { ended },
    });
    await this.auth.notice(
      ctx.user,
      'Пароль аккаунта изменён; другие сеансы завершены.',
      'Your password was changed; other sessions were ended.',
    );
    return { ok: true as const };
  }

  async requestTwoFactor(ctx: AuthContext, purpose: TwoFactorPurpose) {
    return { resendAfterSeconds: await this.twoFactor.sendEmailCode(ctx.user, purpose) };
  }

  /** Mails a link to the new address; nothing changes until it is opened and confirmed with the second factor. */
  async requestEmailChange(ctx: AuthContext, newEmailInput: string, client: ClientInfo) {
    await this.deps.limiter.consume(`ip:change:${clientKey(client.ip)}`, LIMITS.ipAuth);
    const newEmail = normalizeEmail(newEmailInput);
    if (newEmail === ctx.user.email) throw sameEmail();
    await this.deps.limiter.consume(`mail:${ctx.userId}`, LIMITS.mailPerAccount);
    const code = await this.auth.issueLinkCode(ctx.userId, 'changeEmail', CONFIRM_LINK_TTL_MS, newEmail);
    await this.deps.users.update(ctx.userId, { pendingEmail: newEmail });
    const link = this.deps.link('/profile/security/change-email', { newEmail, code });
    await sendMail(this.deps, newEmail, userLanguage(ctx.user), 'changeEmail', { link }, link);
    await audit(this.deps, { event: 'email_change_requested', userId: ctx.userId, ...client });
    return { ok: true as const };
  }

  async changeEmail(
    ctx: AuthContext,
    input: { newEmail: string; code: string; twoFactor?: TwoFactorArg },
    client: ClientInfo,
  ) {
    const newEmail = normalizeEmail(input.newEmail);
    if (newEmail === ctx.user.email) throw sameEmail();
    await this.auth.userWithLiveLink(ctx.userId, 'changeEmail', input.code, newEmail);
    await this.twoFactor.verify(ctx.user, 'changeEmail', input.twoFactor, client);
    await this.auth.consumeLinkCode(ctx.userId, 'changeEmail', input.code, newEmail);
    if (await this.deps.users.findByEmail(newEmail)) {
      throw new AppError({
        code: ResultCode.AlreadyExists,
        text: emailTaken,
      });
    }
    await this.deps.users.update(ctx.userId, {
      email: newEmail,
      pendingEmail: null,
      emailConfirmedAt: new Date(this.deps.now()),
    });
    await this.deps.sessions.run(ctx.userId, (q) => q.revokeAll('email_changed', ctx.sessionId));
    await audit(this.deps, { event: 'email_changed', userId: ctx.userId, ...client });
    await this.auth.notice(
      ctx.user,
      `E-mail аккаунта изменён на ${newEmail}.`,
      `Your account e-mail was changed to ${newEmail}.`,
    );
    return { ok: true as const };
  }

  /** A new pending authenticator secret (encrypted at rest); it becomes live once a code from it is confirmed. */
  async getOtpKey(ctx: AuthContext) {
    const secret = generateTotpSecret();
    await this.deps.users.update(ctx.userId, {
      totpPendingSecret: await this.deps.secrets.encrypt(totpSlot(ctx.userId, 'totp_pending_secret'), secret),
    });
    const uri = otpauthUri(secret, ctx.user.email);
    const [qrSvg, qrDataUrl] = await Promise.all([
      QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
      QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2 }),
    ]);
    return { secret, otpauthUri: uri, qrSvg, qrDataUrl };
  }

  /**
   * The route binding has checked the step-up (a second factor passed in this device session within 15
   * minutes, or an e-mailed code to the account's address for a user without factors), so turning the app off
   * needs nothing more and turning it on needs a code from the new key.
   */
  async setupAuthenticator(
    ctx: AuthContext,
    input: { enable: boolean; twoFactor?: TwoFactorArg },
    client: ClientInfo,
  ) {
    const user = ctx.user;
    if (!input.enable) {
      if (!user.totpSecret) return { enabled: false, recoveryCodes: null };
      await this.deps.users.update(user.id, {
        totpSecret: null,
        totpPendingSecret: null,
        totpLastStep: null,
      });
      await this.afterFactorChange(user, false, 'totp_disabled', client);
      return { enabled: false, recoveryCodes: null };
    }
    if (user.totpSecret) {
      throw new AppError({
        code: ResultCode.InvalidState,
        text: authenticatorAlreadySet,
      });
    }
    if (!user.totpPendingSecret) {
      throw new AppError({
        code: ResultCode.InvalidState,
        text: getKeyFirst,
      });
    }
    const code = input.twoFactor?.codes?.totp?.trim() ?? '';
    if (!(await this.twoFactor.checkTotp(user, code, user.totpPendingSecret, 'totp_pending_secret'))) {
      throw new AppError({
        code: ResultCode.TwoFactorFailed,
        text: wrongCode,
        details: { requirements: ['totp'], failed: ['totp'] },
      });
    }
    const secret = await this.deps.secrets.decrypt(
      totpSlot(user.id, 'totp_pending_secret'),
      user.totpPendingSecret,
    );
    await this.deps.users.update(user.id, {
      totpSecret: await this.deps.secrets.encrypt(totpSlot(user.id, 'totp_secret'), secret),
      totpPendingSecret: null,
    });
    const recoveryCodes = await this.afterFactorChange(user, true, 'totp_enabled', client);
    return { enabled: true, recoveryCodes };
  }

  /** Step-up checked by the route binding, as for the authenticator. */
  async setupEmailOtp(ctx: AuthContext, input: { enable: boolean }, client: ClientInfo) {
    const user = ctx.user;
    if (Boolean(user.emailOtpEnabled) === input.enable) return { enabled: input.enable, recoveryCodes: null };
    await this.deps.users.update(user.id, { emailOtpEnabled: input.enable ? 1 : 0 });
    const recoveryCodes = await this.afterFactorChange(
      user,
      input.enable,
      input.enable ? 'email_otp_enabled' : 'email_otp_disabled',
      client,
    );
    return { enabled: input.enable, recoveryCodes };
  }

  /** Step-up checked by the route binding: the new codes are secrets. */
  async regenerateRecoveryCodes(ctx: AuthContext, client: ClientInfo) {
    const recoveryCodes = await this.twoFactor.newRecoveryCodes(ctx.userId);
    await audit(this.deps, { event: 'recovery_codes_regenerated', userId: ctx.userId, ...client });
    return { recoveryCodes };
  }

  async listSessions(ctx: AuthContext): Promise<{ items: DeviceSession[] }> {
    const rows = await this.deps.sessions.run(ctx.userId, (q) => q.listActive());
    return {
      items: rows.map((s) => ({
        id: s.id,
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
        ip: s.ip,
        userAgent: s.userAgent,
        current: s.id === ctx.sessionId,
      })),
    };
  }

  async revokeSession(ctx: AuthContext, sessionId: string, client: ClientInfo) {
    if (!(await this.deps.sessions.run(ctx.userId, (q) => q.revoke(sessionId, 'user_revoked'))))
      throw notFound();
    await audit(this.deps, { event: 'session_revoked', userId: ctx.userId, sessionId, ...client });
    return { ok: true as const };
  }

  async revokeAllSessions(ctx: AuthContext, includeCurrent: boolean, client: ClientInfo) {
    const revoked = await this.deps.sessions.run(ctx.userId, (q) =>
      q.revokeAll('user_revoked_all', includeCurrent ? null : ctx.sessionId),
    );
    await audit(this.deps, {
      event: 'sessions_revoked',
      userId: ctx.userId,
      ...client,
      details: { revoked, includeCurrent },
    });
    return { revoked };
  }

  async setLanguage(ctx: AuthContext, language: Language) {
    await this.deps.users.update(ctx.userId, { language });
    return { language };
  }

  /** Audits a factor change, mails a notice, and hands out recovery codes when the first factor appears. */
  private async afterFactorChange(
    user: UserRow,
    enabled: boolean,
    event: string,
    client: ClientInfo,
  ): Promise<string[] | null> {
    await audit(this.deps, { event, userId: user.id, ...client });
    await this.auth.notice(
      user,
      'Изменены настройки двухфакторной защиты аккаунта.',
      'Your two-factor settings were changed.',
    );
    const hasFactor = Boolean(user.totpSecret) || Boolean(user.emailOtpEnabled);
    if (enabled && !hasFactor) return this.twoFactor.newRecoveryCodes(user.id);
    if (!enabled) {
      const fresh = await this.deps.users.findById(user.id);
      if (fresh && !fresh.totpSecret && !fresh.emailOtpEnabled)
        await this.deps.codes.run(user.id, (q) => q.replace([]));
    }
    return null;
  }
}

function sameEmail() {
  return new AppError({
    code: ResultCode.ValidationError,
    text: sameEmailText,
  });
}
