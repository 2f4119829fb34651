import type { SandboxMarket } from '../../integrations/market/index.ts';
import type { PriceWriteRow } from '../../modules/lots/index.ts';

/** What every demo seed gets: the demo user's API (in-process, as the panel would call it) and what seeds before it made. */
export interface DemoSeedContext {
  api<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** The demo's own trading accounts (not part of the import set), by role. */
  accounts: DemoTradingAccounts;
  /**
   * The simulated market the demo server sells on: the demo writes the weeks before it started into it (listings
   * and sales made on the market's site), which the product then syncs as it would from TM.
   */
  market: SandboxMarket;
  /** Price history points at past times, through the demo-only repository function (`backdateHistory`). */
  backdatePrices(points: (PriceWriteRow & { amount: number; at: Date })[]): Promise<void>;
  /** Dates the lots' price writes made after `at` at `at` (the demo-only `datePriceWritesBefore`). */
  datePriceWritesBefore(at: Date): Promise<void>;
  /** Rolls a trade back on the simulated Steam, as its sender may under Trade Protection; false if unknown. */
  reverseTrade(tradeId: string): boolean;
  now(): number;
}

export interface DemoAccount {
  id: number;
  login: string;
}

export interface DemoTradingAccounts {
  /** Accounts that sell on the market (P2P seller accounts). */
  sellers: DemoAccount[];
  /** Farm accounts whose items the harvester moves to the first seller. */
  farms: DemoAccount[];
}
