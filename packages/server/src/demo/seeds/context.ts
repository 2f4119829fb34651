/** What every demo seed gets: the demo user's API (in-process, as the panel would call it) and what seeds before it made. */
export interface DemoSeedContext {
  api<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  /** The demo's own trading accounts (not part of the import set), by role. */
  accounts: DemoTradingAccounts;
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
