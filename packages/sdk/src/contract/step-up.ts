import { z } from 'zod';

/**
 * Why an operation needs a recent second factor (step-up): the purpose is shown in the two-factor prompt, keys
 * the audit trail and the rate limit. `withdrawal` moves money
 * (a balance transfer), `api_management` adds, changes or reveals a marketplace API key or payment password.
 */
export const stepUpPurposeSchema = z.enum([
  'secrets',
  'twoFactorSettings',
  'admin',
  'withdrawal',
  'api_management',
]);
export type StepUpPurpose = z.infer<typeof stepUpPurposeSchema>;

/** How long a passed second factor opens step-up operations in its device session. */
export const STEP_UP_WINDOW_MINUTES = 15;

/** `errorDetails` of a 101 answer that asks for a step-up rather than for codes in the call itself. */
export const stepUpDetailsSchema = z.object({
  stepUp: stepUpPurposeSchema,
  requirements: z.array(z.enum(['totp', 'emailCode', 'recoveryCode'])),
});
