/**
 * The lots vocabulary (docs/product-trading.md §3 "Lot or order", docs/trading-rules.md §4): statuses,
 * issues, the item enumerations and the strategy settings as they travel, shared by the server, the web
 * screens and the CLI.
 */
import { z } from 'zod';
import { moneySchema } from '../money/money-schema.ts';
import { type PriceStrategy, SINGLE_PRICE_PICKS, TRADING_PROFILES } from '../repricing/types.ts';
import { CS2_RARITIES, ITEM_EXTERIORS, type ItemExterior } from '../trading/items.ts';

/**
 * A lot's status: `on_sale` (listed and buyable), `hold` (in the inventory under a Steam trade hold, not listable
 * yet), `ready_to_trade` (sold: the buyer waits for our offer), `in_inventory` (tradable, not listed).
 */
export const LOT_STATUSES = ['on_sale', 'hold', 'ready_to_trade', 'in_inventory'] as const;
export const lotStatusSchema = z.enum(LOT_STATUSES);
export type LotStatus = z.infer<typeof lotStatusSchema>;

/**
 * A lot's issues: `not_listed` (the user set bounds for it but it is not on the market), `price_mismatch` (the
 * market shows another price than the one we last wrote), `out_of_range` (the market price the rules arrived at
 * is outside the lot's min and max, so the lot is not chasing it), `sold_elsewhere` (the item sold on another market:
 * this listing is taken down and never priced again).
 */
export const LOT_ISSUES = ['not_listed', 'price_mismatch', 'out_of_range', 'sold_elsewhere'] as const;
export const lotIssueSchema = z.enum(LOT_ISSUES);
export type LotIssue = z.infer<typeof lotIssueSchema>;

/** Item rarity (docs/product-trading.md §3 enumerations: the CS2 rarities). */
export const itemRaritySchema = z.enum(CS2_RARITIES);
export type ItemRarity = z.infer<typeof itemRaritySchema>;

export const tradingProfileSchema = z.enum(TRADING_PROFILES);

/** Basis points of a percentage strategy: 10,000 is 100 %; at most 1,000 % (the repricing rules' limit). */
const basisPointsSchema = z.number().int().min(0).max(10_000_000);

/** The five price strategies as the API carries them (the shape of the repricing rules' `PriceStrategy`). */
export const priceStrategySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixedRange'), low: moneySchema, high: moneySchema }),
  z.object({ kind: z.literal('percentOfCustomPrice'), lowBp: basisPointsSchema, highBp: basisPointsSchema }),
  z.object({
    kind: z.literal('percentOfProviderPrice'),
    lowBp: basisPointsSchema,
    highBp: basisPointsSchema,
  }),
  z.object({ kind: z.literal('percentOfThresholds'), lowBp: basisPointsSchema, highBp: basisPointsSchema }),
  z.object({ kind: z.literal('singlePrice'), pick: z.enum(SINGLE_PRICE_PICKS) }),
]) satisfies z.ZodType<PriceStrategy>;

/** The strategy a lot has until the user picks another: follow the market inside its own min and max. */
export const DEFAULT_LOT_STRATEGY = { kind: 'percentOfThresholds', lowBp: 10_000, highBp: 10_000 } as const;

/** A sale's money state (notes market.md §11): paid and held, settled, or reversed by the buyer. */
export const SALE_STATES = ['held', 'settled', 'reversed'] as const;
export const saleStateSchema = z.enum(SALE_STATES);
export type SaleState = z.infer<typeof saleStateSchema>;

/** Where a reference price comes from: the user's own, or a provider (the market's price list, its median). */
export const PRICE_SOURCES = ['custom', 'provider', 'median'] as const;
export const priceSourceSchema = z.enum(PRICE_SOURCES);
export type PriceSource = z.infer<typeof priceSourceSchema>;

/** The exterior of an item from its market hash name ("AK-47 | Redline (Field-Tested)"), or null. */
export function exteriorOfName(marketHashName: string): ItemExterior | null {
  const match = /\(([^()]+)\)\s*$/.exec(marketHashName);
  const text = match?.[1];
  return ITEM_EXTERIORS.find((exterior) => exterior === text) ?? null;
}

/** The key that groups lots of the same item across accounts: the game and the market hash name. */
export function lotGroupKey(game: string, marketHashName: string): string {
  return `${game}:${marketHashName}`;
}
