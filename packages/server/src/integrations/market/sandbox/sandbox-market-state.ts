/**
 * The sandbox market's state in a file, so a sandbox server keeps its balances, listings, sales and sends across
 * restarts as the sandbox Steam journal keeps its trades. The whole state is written after each change (it is
 * small), to a temporary file renamed over the last one: a killed process leaves the previous whole state, never a
 * torn one.
 */
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import type { Money, TradeAsset } from '@tradedeck/sdk/domain';
import type { MarketHistoryEntry, MoneySendRecord } from '../port.ts';
import type { SandboxListing, SandboxMarketAccount } from './sandbox-market.ts';

/** The in-memory shapes with times as epoch ms and references to accounts as their keys. */
export type StoredHistoryEntry = Omit<MarketHistoryEntry, 'time'> & { time: number };

export type StoredSend = Omit<MoneySendRecord, 'time' | 'received'> & {
  time: number | null;
  received: Money | null;
};

export type StoredAccount = Omit<
  SandboxMarketAccount,
  'steam' | 'registeredOffers' | 'sends' | 'history' | 'listings'
> & {
  registeredOffers: string[];
  sends: StoredSend[];
  history: StoredHistoryEntry[];
};

export type StoredListing = Omit<SandboxListing, 'account' | 'delivery'> & {
  accountKey: string;
  delivery: { hash: string; buyerSteamId: string; soldAt: number; items: TradeAsset[] } | null;
};

export interface StoredHold {
  accountKey: string;
  amount: number;
  releaseAt: number;
  /** The sale's row: its index in the account's history. */
  entryIndex: number;
  price: Money;
  buyerSteamId: string;
  classId: string;
}

export interface SandboxMarketSnapshot {
  version: 1;
  nextItem: number;
  advancedTo: number;
  accounts: StoredAccount[];
  listings: StoredListing[];
  holds: StoredHold[];
  stuck: string[];
  competitors: [string, number[]][];
}

export class SandboxMarketStateFile {
  #written: string | null = null;
  #seen: string | null = null;

  constructor(readonly path: string) {}

  read(): SandboxMarketSnapshot | null {
    if (!existsSync(this.path)) return null;
    const seen = this.#stamp();
    const text = readFileSync(this.path, 'utf8');
    const snapshot = JSON.parse(text) as SandboxMarketSnapshot;
    if (snapshot.version !== 1)
      throw new Error(`the sandbox market state ${this.path} has an unknown version`);
    this.#written = text;
    this.#seen = seen;
    return snapshot;
  }

  /**
   * The state when another process sharing the file wrote it since this one last read or wrote it (every write
   * renames a new file over the old one), null otherwise.
   */
  readIfChanged(): SandboxMarketSnapshot | null {
    const stamp = this.#stamp();
    if (stamp === null || stamp === this.#seen) return null;
    return this.read();
  }

  /** The file's identity and size, or null when there is none yet. */
  #stamp(): string | null {
    try {
      const stat = statSync(this.path);
      return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    } catch {
      return null;
    }
  }

  /** Writes the state when it differs from the last one written. */
  write(snapshot: SandboxMarketSnapshot): void {
    const text = JSON.stringify(snapshot);
    if (text === this.#written) return;
    const temporary = `${this.path}.tmp`;
    writeFileSync(temporary, text, { mode: 0o600 });
    renameSync(temporary, this.path);
    this.#written = text;
    this.#seen = this.#stamp();
  }
}

/** Where a sandbox server keeps its market: next to the Steam journal, so one setting keeps the whole sandbox. */
export function sandboxMarketStatePath(journal: string): string {
  return `${journal}.market.json`;
}
