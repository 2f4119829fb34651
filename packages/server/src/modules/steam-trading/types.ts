import type { InventoryItem, TradeGame } from '@tradedeck/sdk/domain';
import type { Db } from '../../db/database.ts';
import type { steamInventoryScans } from '../../db/schema.ts';

// Inventory scan types: the repository answers them and the views read them, so they live apart from both
// (importing them from the repository made a type-only import cycle).

export type ScanRow = typeof steamInventoryScans.$inferSelect;

/** A scan as stored: listed, empty or private replace the cached items; failed keeps them. */
export type ScanOutcome =
  | { state: 'listed' | 'empty' | 'private'; items: InventoryItem[]; totalCount: number; at: Date }
  | { state: 'failed'; errorReason: string; at: Date };

/** A game's inventory as a scan stored it (listed or empty), told to other areas inside the scan's transaction. */
export interface StoredScan {
  userId: string;
  accountId: number;
  game: TradeGame;
  items: InventoryItem[];
  at: Date;
}

/** Runs in the transaction that stores the scan (with its user scope), so what it writes lands with the scan. */
export type ScanListener = (scan: StoredScan, tx: Db) => Promise<void>;
