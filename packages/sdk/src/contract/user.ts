import { z } from 'zod';
import {
  accountStatusSchema,
  emailSchema,
  linkCodeSchema,
  passwordInput,
  twoFactorInputSchema,
} from './auth.ts';
import { emptyInput, isoDateTime, languageSchema } from './common.ts';
import { defineOperation } from './operation.ts';

export const userInfoSchema = z.object({
  id: z.string(),
  email: z.string(),
  userName: z.string(),
  role: z.enum(['admin', 'user']),
  status: accountStatusSchema,
  language: languageSchema,
  pendingEmail: z.string().nullable(),
  twoFactor: z.object({
    totp: z.boolean(),
    emailOtp: z.boolean(),
    recoveryCodesLeft: z.number().int(),
  }),
  createdAt: isoDateTime,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** What a second-factor code sent by e-mail is for; a code for one purpose is refused for another. */
export const twoFactorPurposeSchema = z.enum([
  'changePassword',
  'changeEmail',
  'setupAuthenticator',
  'setupEmailOtp',
  'regenerateRecoveryCodes',
  'stepUp',
]);
export type TwoFactorPurpose = z.infer<typeof twoFactorPurposeSchema>;

export const deviceSessionSchema = z.object({
  id: z.string(),
  createdAt: isoDateTime,
  lastSeenAt: isoDateTime,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

const done = z.object({ ok: z.literal(true) });
const twoFactor = twoFactorInputSchema.nullish();
const factorState = z.object({ enabled: z.boolean(), recoveryCodes: z.array(z.string()).nullable() });

export const user = {
  getInfo: defineOperation({
    id: 'user.getInfo',
    method: 'GET',
    path: '/api/user/info',
    summary: 'The signed-in user: profile, state and second factors',
    input: emptyInput,
    output: userInfoSchema,
    flags: { noStore: true },
  }),
  changePassword: defineOperation({
    id: 'user.changePassword',
    method: 'POST',
    path: '/api/user/change-password',
    summary: 'Change the password (current password and second factor); other sessions end',
    input: z.strictObject({ oldPassword: passwordInput.min(1), newPassword: passwordInput, twoFactor }),
    output: done,
    flags: { noStore: true },
  }),
  requestTwoFactor: defineOperation({
    id: 'user.requestTwoFactor',
    method: 'POST',
    path: '/api/user/request-two-factor',
    summary: 'Mail a 6-digit code for a purpose (one per 60 s)',
    input: z.strictObject({ purpose: twoFactorPurposeSchema }),
    output: z.object({ resendAfterSeconds: z.number().int() }),
    flags: { noStore: true },
  }),
  requestEmailChange: defineOperation({
    id: 'user.requestEmailChange',
    method: 'POST',
    path: '/api/user/request-email-change',
    summary: 'Mail a confirmation link to a new address',
    input: z.strictObject({ newEmail: emailSchema }),
    output: done,
    flags: { noStore: true },
  }),
  changeEmail: defineOperation({
    id: 'user.changeEmail',
    method: 'POST',
    path: '/api/user/change-email',
    summary: 'Switch to the new address with the code from its link and the second factor',
    input: z.strictObject({ newEmail: emailSchema, code: linkCodeSchema, twoFactor }),
    output: done,
    flags: { noStore: true },
  }),
  getOtpKey: defineOperation({
    id: 'user.getOtpKey',
    method: 'POST',
    path: '/api/user/otp-key',
    summary: 'Start authenticator enrolment: a new secret, its otpauth URI and QR code',
    input: emptyInput,
    output: z.object({
      secret: z.string(),
      otpauthUri: z.string(),
      qrSvg: z.string(),
      qrDataUrl: z.string(),
    }),
    flags: { noStore: true, stepUp: 'twoFactorSettings' },
  }),
  setupAuthenticator: defineOperation({
    id: 'user.setupAuthenticator',
    method: 'POST',
    path: '/api/user/authenticator',
    summary: 'Enable (with a code from the new key) or disable the authenticator app',
    input: z.strictObject({ enable: z.boolean(), twoFactor }),
    output: factorState,
    flags: { noStore: true, stepUp: 'twoFactorSettings' },
  }),
  setupEmailOtp: defineOperation({
    id: 'user.setupEmailOtp',
    method: 'POST',
    path: '/api/user/email-otp',
    summary: 'Enable or disable e-mailed one-time codes as a second factor',
    input: z.strictObject({ enable: z.boolean(), twoFactor }),
    output: factorState,
    flags: { noStore: true, stepUp: 'twoFactorSettings' },
  }),
  regenerateRecoveryCodes: defineOperation({
    id: 'user.regenerateRecoveryCodes',
    method: 'POST',
    path: '/api/user/recovery-codes',
    summary: 'Replace all recovery codes; the old ones stop working',
    input: z.strictObject({ twoFactor }),
    output: z.object({ recoveryCodes: z.array(z.string()) }),
    flags: { noStore: true, stepUp: 'twoFactorSettings' },
  }),
  stepUp: defineOperation({
    id: 'user.stepUp',
    method: 'POST',
    path: '/api/user/step-up',
    summary:
      'Confirm the second factor for this device session: operations flagged stepUp are open for 15 minutes',
    input: z.strictObject({ twoFactor }),
    output: z.object({ validUntil: isoDateTime }),
    flags: { noStore: true, skipTwoFactor: true },
  }),
  listSessions: defineOperation({
    id: 'user.listSessions',
    method: 'GET',
    path: '/api/user/sessions',
    summary: 'Active device sessions of the signed-in user',
    input: emptyInput,
    output: z.object({ items: z.array(deviceSessionSchema) }),
    flags: { noStore: true },
  }),
  revokeSession: defineOperation({
    id: 'user.revokeSession',
    method: 'DELETE',
    path: '/api/user/sessions/:sessionId',
    summary: 'End one device session',
    input: z.strictObject({ sessionId: z.uuid() }),
    output: done,
    flags: { noStore: true },
  }),
  revokeAllSessions: defineOperation({
    id: 'user.revokeAllSessions',
    method: 'POST',
    path: '/api/user/sessions/revoke-all',
    summary: 'End every other device session (and this one with includeCurrent)',
    input: z.strictObject({ includeCurrent: z.boolean().default(false) }),
    output: z.object({ revoked: z.number().int() }),
    flags: { noStore: true },
  }),
  setLanguage: defineOperation({
    id: 'user.setLanguage',
    method: 'POST',
    path: '/api/user/language',
    summary: 'Save the preferred language (used for e-mails too)',
    input: z.strictObject({ language: languageSchema }),
    output: z.object({ language: languageSchema }),
    flags: {},
  }),
} as const;
