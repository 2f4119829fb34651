/**
 * The sandbox market's state in a file, so a sandbox server keeps its balances, listings, sales and sends across
 * restarts as the sandbox Steam journal keeps its trades. The whole state is written after each change (it is
 * small), to a temporary file renamed over the last one: a killed process leaves the previous whole state, never a
 * torn one.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Currency, Money, TradeAsset, TradeGame } from '@tradedeck/sdk/domain';

export interface StoredHistoryEntry {
  itemId: string;
  marketHashName: string;
  game: TradeGame;
  event: 'sell' | 'buy' | 'other';
  stage: 'active' | 'given' | 'cancelled';
  received: Money;
  time: number;
  settlement: number;
  customId: string | null;
}

export interface StoredSend {
  customId: string;
  amount: Money;
  status: 'done' | 'failed' | 'pending';
  time: number | null;
  received: Money | null;
}

export interface StoredAccount {
  key: string;
  login: string;
  currency: Currency;
  available: number;
  onHold: number;
  paymentPassword: string;
  lastPingAt: number | null;
  tradeToken: string | null;
  currencyChangedAt: number | null;
  registeredOffers: string[];
  sends: StoredSend[];
  history: StoredHistoryEntry[];
  transfersBlocked: boolean;
}

export interface StoredListing {
  itemId: string;
  accountKey: string;
  asset: TradeAsset;
  game: TradeGame;
  classId: string;
  marketHashName: string;
  referenceUsd: number;
  price: Money;
  status: 'onSale' | 'sold';
  priceSetAt: number;
  progress: number;
  progressAt: number;
  delivery: { hash: string; buyerSteamId: string; soldAt: number; items: TradeAsset[] } | null;
}

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

  constructor(readonly path: string) {}

  read(): SandboxMarketSnapshot | null {
    if (!existsSync(this.path)) return null;
    const text = readFileSync(this.path, 'utf8');
    const snapshot = JSON.parse(text) as SandboxMarketSnapshot;
    if (snapshot.version !== 1)
      throw new Error(`the sandbox market state ${this.path} has an unknown version`);
    this.#written = text;
    return snapshot;
  }

  /** Writes the state when it differs from the last one written. */
  write(snapshot: SandboxMarketSnapshot): void {
    const text = JSON.stringify(snapshot);
    if (text === this.#written) return;
    const temporary = `${this.path}.tmp`;
    writeFileSync(temporary, text, { mode: 0o600 });
    renameSync(temporary, this.path);
    this.#written = text;
  }
}

/** Where a sandbox server keeps its market: next to the Steam journal, so one setting keeps the whole sandbox. */
export function sandboxMarketStatePath(journal: string): string {
  return `${journal}.market.json`;
}
