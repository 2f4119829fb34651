import { z } from 'zod';
import { emptyInput, isoDateTime } from './common.ts';
import { defineOperation } from './operation.ts';

export { SIGNED_IN_COOKIE } from './session-cookie.ts';

export const accessTokenSchema = z.object({
  accessToken: z.string().min(1),
  expiresAt: isoDateTime,
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** The codes of a two-factor verification: the authenticator app's and the e-mailed one. */
export const twoFactorCodesSchema = z.strictObject({
  totp: z.string().max(32).optional(),
  emailCode: z.string().max(32).optional(),
});

/**
 * The second factor as a caller supplies it (the spec's verification payload): a recovery code or null, and the
 * codes. Which of them are needed comes back in a 101 answer.
 */
export const twoFactorInputSchema = z.strictObject({
  recoveryCode: z.string().max(64).nullish(),
  codes: twoFactorCodesSchema.nullish(),
});
export type TwoFactorInput = z.infer<typeof twoFactorInputSchema>;

export const twoFactorRequirementSchema = z.enum(['totp', 'emailCode', 'recoveryCode']);
export type TwoFactorRequirement = z.infer<typeof twoFactorRequirementSchema>;

export const emailSchema = z.email().max(254);
/** Length is capped in bytes-ish terms before any hashing; the password rules are checked by the server. */
export const passwordInput = z.string().max(1024);
/** Opaque code from an e-mailed link. */
export const linkCodeSchema = z.string().min(1).max(128);

export const loginInputSchema = z.strictObject({
  email: emailSchema,
  password: passwordInput.min(1),
  twoFactor: twoFactorInputSchema.nullish(),
});

export const registerInputSchema = z.strictObject({
  email: emailSchema,
  userName: z.string().trim().min(3).max(64),
  password: passwordInput,
});

export const accountStatusSchema = z.enum(['pendingConfirmation', 'pendingApproval', 'active', 'banned']);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

const done = z.object({ ok: z.literal(true) });

export const auth = {
  login: defineOperation({
    id: 'auth.login',
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with e-mail, password and, when enabled, a second factor; sets the refresh cookie',
    input: loginInputSchema,
    output: accessTokenSchema,
    flags: { public: true, skipUnauthorized: true, noStore: true },
  }),
  register: defineOperation({
    id: 'auth.register',
    method: 'POST',
    path: '/api/auth/register',
    summary:
      'Create an account; a confirmation link is mailed (the same answer whether or not the e-mail is taken)',
    input: registerInputSchema,
    output: z.object({ email: z.string() }),
    flags: { public: true, skipUnauthorized: true, noStore: true },
  }),
  confirmEmail: defineOperation({
    id: 'auth.confirmEmail',
    method: 'POST',
    path: '/api/auth/confirm-email',
    summary: 'Confirm an e-mail address with the code from the link',
    input: z.strictObject({ userId: z.uuid(), code: linkCodeSchema }),
    output: z.object({ status: accountStatusSchema }),
    flags: { public: true, skipUnauthorized: true, noStore: true },
  }),
  resendConfirmation: defineOperation({
    id: 'auth.resendConfirmation',
    method: 'POST',
    path: '/api/auth/resend-confirmation',
    summary: 'Mail a new confirmation link (same answer for any address)',
    input: z.strictObject({ email: emailSchema }),
    output: done,
    flags: { public: true, skipUnauthorized: true, noStore: true },
  }),
  forgotPassword: defineOperation({
    id: 'auth.forgotPassword',
    method: 'POST',
    path: '/api/auth/forgot-password',
    summary: 'Mail a password reset link (same answer for any address)',
    input: z.strictObject({ email: emailSchema }),
    output: done,
    flags: { public: true, skipUnauthorized: true, noStore: true },
  }),
  resetPassword: defineOperation({
    id: 'auth.resetPassword',
    method: 'POST',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with the code from the reset link; the second factor still applies',
    input: z.strictObject({
      userId: z.uuid(),
      code: linkCodeSchema,
      newPassword: passwordInput,
      twoFactor: twoFactorInputSchema.nullish(),
    }),
    output: done,
    flags: { public: true, skipUnauthorized: true, noStore: true },
  }),
  logout: defineOperation({
    id: 'auth.logout',
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'End this device session (refresh cookie or bearer token) and clear the cookie',
    input: emptyInput,
    output: done,
    flags: { public: true, skipUnauthorized: true, skipTwoFactor: true, noStore: true },
  }),
  refreshToken: defineOperation({
    id: 'auth.refreshToken',
    method: 'POST',
    path: '/api/auth/refresh-token',
    summary: 'Exchange the refresh cookie for a new access token',
    input: emptyInput,
    output: accessTokenSchema,
    flags: { public: true, skipUnauthorized: true, skipTwoFactor: true, noStore: true },
  }),
} as const;
