/**
 * Sandbox accounts that sign in normally and then fail at trading the way real Steam does, one case each. The
 * sign-in cases stay in `sandbox-cases.ts` (kept equal to the sdk corpus).
 */
export type SandboxTradeBehaviour =
  /** Steam bans the account from trading: its sends and accepts fail; offers to it are refused. */
  | 'tradeBan'
  /** Trades with the account are held 15 days (no mobile authenticator for long enough). */
  | 'escrowHold'
  /** Its inventory lists items that are already gone: any offer holding them fails (26). */
  | 'itemsGone'
  /** Every trading call with its session is answered 429. */
  | 'rateLimited'
  /** Its sent offers wait for a mobile confirmation that never appears. */
  | 'confirmationMissing'
  /** Its inventory is private to everyone else. */
  | 'privateInventory';

export const SANDBOX_ESCROW_DAYS = 15;

export const SANDBOX_TRADE_CASES: readonly { login: string; trading: SandboxTradeBehaviour }[] = [
  { login: 'sandbox_trade_ban', trading: 'tradeBan' },
  { login: 'sandbox_escrow_hold', trading: 'escrowHold' },
  { login: 'sandbox_item_gone', trading: 'itemsGone' },
  { login: 'sandbox_trade_rate_limited', trading: 'rateLimited' },
  { login: 'sandbox_confirmation_missing', trading: 'confirmationMissing' },
  { login: 'sandbox_private_inventory', trading: 'privateInventory' },
];
