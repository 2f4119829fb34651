/**
 * Inventory items as web and CLI show them. Steam's asset ids, class ids and amounts are decimal strings (they
 * exceed 2^53 or arrive quoted); money is `Money`, integer units of `MONEY_SCALE` beside its currency.
 */
import { z } from 'zod';
import { moneySchema } from '../money/money-schema.ts';
import { tradeGameSchema } from './games.ts';

export const assetIdSchema = z.string().regex(/^\d{1,20}$/, 'asset id as decimal digits');
const isoDateTime = z.iso.datetime({ offset: false });

/** CS2 exteriors (wear), in order from the best. */
export const ITEM_EXTERIORS = [
  'Factory New',
  'Minimal Wear',
  'Field-Tested',
  'Well-Worn',
  'Battle-Scarred',
] as const;
export const itemExteriorSchema = z.enum(ITEM_EXTERIORS);
export type ItemExterior = z.infer<typeof itemExteriorSchema>;

/** CS2 rarities from the most common; other games name theirs freely, so an item's rarity is any text. */
export const CS2_RARITIES = [
  'Consumer',
  'Industrial',
  'Mil-Spec',
  'Restricted',
  'Classified',
  'Covert',
  'Contraband',
] as const;

export const inventoryItemSchema = z.object({
  assetId: assetIdSchema,
  classId: z.string().regex(/^\d+$/),
  instanceId: z.string().regex(/^\d+$/),
  game: tradeGameSchema,
  appId: z.number().int().positive(),
  contextId: z.string().regex(/^\d+$/),
  amount: z.number().int().positive(),
  name: z.string(),
  marketHashName: z.string(),
  type: z.string(),
  iconUrl: z.string().nullable(),
  exterior: itemExteriorSchema.nullable(),
  rarity: z.string().nullable(),
  tradable: z.boolean(),
  marketable: z.boolean(),
  /** The trade lock date ("Tradable After"): the item cannot be traded before it. */
  tradableAfter: isoDateTime.nullable(),
  /** End of Trade Protection for an item in the protected context (CS2 context 16). */
  protectedUntil: isoDateTime.nullable(),
  /**
   * A reference price when the source knows one (the sandbox does; live prices come from price providers), in the
   * one money scale (`MONEY_SCALE`: USD and EUR in thousandths).
   */
  referencePrice: moneySchema.nullable(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

/** One item (or part of a stack) on one side of a trade offer. */
export const tradeAssetSchema = z.object({
  appId: z.number().int().positive(),
  contextId: z.string().regex(/^\d+$/),
  assetId: assetIdSchema,
  amount: z.number().int().positive(),
});
export type TradeAsset = z.infer<typeof tradeAssetSchema>;

export const INVENTORY_STATES = ['listed', 'empty', 'private'] as const;
export const inventoryStateSchema = z.enum(INVENTORY_STATES);
export type InventoryState = z.infer<typeof inventoryStateSchema>;

/** A whole inventory of one game as scanned. */
export const inventorySnapshotSchema = z.object({
  steamId: z.string().regex(/^\d{17}$/),
  game: tradeGameSchema,
  state: inventoryStateSchema,
  items: z.array(inventoryItemSchema),
  /** What Steam says the inventory holds (may exceed the items listed when a page limit stopped the scan). */
  totalCount: z.number().int().nonnegative(),
  scannedAt: isoDateTime,
});
export type InventorySnapshot = z.infer<typeof inventorySnapshotSchema>;
