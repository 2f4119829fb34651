import type { Currency } from '@tradedeck/sdk/domain';
import type { SandboxMarketStateFile } from './sandbox-market-state.ts';
import type { KeyCallLimit } from './sandbox-traffic.ts';

export interface RegisterSandboxAccountInput {
  /** A Steam login of the sandbox world (`sandbox_bot_0001`, `sandbox_ok`, ...). */
  login: string;
  currency?: Currency;
  /** Starting available balance, in `currency`. */
  available?: number;
  paymentPassword?: string;
  /** TM refuses transfers from and to the account. */
  transfersBlocked?: boolean;
}

export interface SandboxMarketOptions {
  /**
   * Sales happen only while the account pinged in the last 3 minutes (TM's rule); off for pricing-only tests.
   */
  requireOnline?: boolean;
  /** TM's fee on a sale, in percent (5 by default). */
  feePercent?: number;
  /** How often one listing's price may change (TM's minute by default; tests shorten it). */
  priceChangeSpacingMs?: number;
  /** Keeps the market's state across restarts (read at construction, written after each change). */
  stateFile?: SandboxMarketStateFile | null;
  /** Calls of one key past this are refused with a 429 (TM: 5 a second); counted but never refused by default. */
  keyCallLimit?: KeyCallLimit | null;
}
