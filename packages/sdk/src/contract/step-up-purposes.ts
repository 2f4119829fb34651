/**
 * Why an operation needs a recent second factor (step-up): the purpose is shown in the two-factor prompt, keys
 * the audit trail and the rate limit. `withdrawal` moves money or items out of the user's hands (a
 * balance transfer, items to an outside partner, a trade confirmation, the seller started), `api_management` adds,
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

/**
 * Calls of a `stepUp` operation the server lets through without a recent second factor, decided from what it
 * stores (the contract's `stepUpWhen` sees only the input). The manifest shows the waiver in the flags.
 * - `ownAccounts`: every account that receives our items is one of the user's own Steam accounts (an offer
 *   between the user's accounts stays one keystroke away).
 * - `fewGuardCodes`: guard codes of a handful of accounts in the step-up window; reading codes in bulk asks.
 * - `ourConfirmations`: every confirmation answered was created by Tradedeck (an offer it sent or accepted, a market
 *   listing it made); anything else the user answers asks.
 */
export const STEP_UP_WAIVERS = ['ownAccounts', 'fewGuardCodes', 'ourConfirmations'] as const;
