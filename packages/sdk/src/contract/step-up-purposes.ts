/**
 * Why an operation needs a recent second factor (step-up): the purpose is shown in the two-factor prompt, keys
 * the audit trail and the rate limit. `withdrawal` moves money (a balance transfer), `api_management` adds,
 * changes or reveals a marketplace API key or payment password. Kept apart from the schemas so the client can read a
 * 101 answer without loading zod.
 */
export const STEP_UP_PURPOSES = [
  'secrets',
  'twoFactorSettings',
  'admin',
  'withdrawal',
  'api_management',
] as const;
