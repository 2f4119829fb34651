import type { InventoryItem } from '@tradedeck/sdk/domain';
import type { steamInventoryScans } from '../../db/schema.ts';

// Inventory scan types: the repository answers them and the views read them, so they live apart from both
// (importing them from the repository made a type-only import cycle).

export type ScanRow = typeof steamInventoryScans.$inferSelect;

/** A scan as stored: listed, empty or private replace the cached items; failed keeps them. */
export type ScanOutcome =
  | { state: 'listed' | 'empty' | 'private'; items: InventoryItem[]; totalCount: number; at: Date }
  | { state: 'failed'; errorReason: string; at: Date };
