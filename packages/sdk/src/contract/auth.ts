import { z } from 'zod';
import { emptyInput, isoDateTime } from './common.ts';
import { defineOperation } from './operation.ts';

export const accessTokenSchema = z.object({
  accessToken: z.string().min(1),
  expiresAt: isoDateTime,
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** The second factor as a caller supplies it; which fields are needed comes back in a 101 answer. */
export const twoFactorInputSchema = z.object({
  totp: z.string().optional(),
  emailCode: z.string().optional(),
  recoveryCode: z.string().optional(),
});
export type TwoFactorInput = z.infer<typeof twoFactorInputSchema>;

export const twoFactorRequirementSchema = z.enum(['totp', 'emailCode', 'recoveryCode']);
export type TwoFactorRequirement = z.infer<typeof twoFactorRequirementSchema>;

export const auth = {
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
