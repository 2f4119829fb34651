import { z } from 'zod';
import { currencySchema, moneySchema } from '../domain/money/money-schema.ts';
import { PORTFOLIO_PRICE_SOURCES } from '../domain/portfolio/valuation.ts';
import { tradeGameSchema } from '../domain/trading/games.ts';
import { assetIdSchema, itemExteriorSchema } from '../domain/trading/items.ts';
import { idSchema, isoDateTime } from './common.ts';
import { listOutputSchema, listWindowFields, pagesSchema, sortSchema } from './lists.ts';
import { BODY_LIMITS, defineOperation } from './operation.ts';

export const portfolioPriceSourceSchema = z.enum(PORTFOLIO_PRICE_SOURCES);

/** How the portfolio table groups: one row per item (market hash name), per account, or per asset. */
export const PORTFOLIO_GROUPINGS = ['item', 'account', 'flat'] as const;
export const portfolioGroupingSchema = z.enum(PORTFOLIO_GROUPINGS);
export type PortfolioGrouping = z.infer<typeof portfolioGroupingSchema>;

/** Sort keys: `name` (every grouping) and `count` (item and account groups). */
export const PORTFOLIO_SORT_PROPERTIES = ['name', 'count'] as const;

const money = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** The filters every portfolio read takes (query and totals), over the inventory cache of all the user's accounts. */
export const portfolioFiltersSchema = z.object({
  game: tradeGameSchema.optional(),
  /** Accounts carrying any of these tags. */
  tagIds: z.array(idSchema).max(100).optional(),
  accountIds: z.array(idSchema).max(100_000).optional(),
  /** Only items Steam lets trade now. */
  tradableNow: z.boolean().optional(),
  /** Only items tradable by this time (tradable now, or their hold or protection ends by then). */
  tradableBy: isoDateTime.optional(),
  /** Only items under Trade Protection (CS2 context 16). */
  protectedOnly: z.boolean().optional(),
  /** Only items listed for sale (a TM lot on sale). */
  onSale: z.boolean().optional(),
  exteriors: z.array(itemExteriorSchema).max(5).optional(),
  rarities: z.array(z.string().trim().min(1).max(64)).max(20).optional(),
  searchString: z.string().trim().max(200).optional(),
  /** Unit value range, in units of `currency` (`MONEY_SCALE`), from the chosen source. */
  minValue: money.optional(),
  maxValue: money.optional(),
});
export type PortfolioFilters = z.infer<typeof portfolioFiltersSchema>;

/** How values are read: the source the user picked, the displayed currency, and whether outliers count. */
export const portfolioValuationInput = {
  source: portfolioPriceSourceSchema.default('tm'),
  currency: currencySchema.default('USD'),
  includeOutliers: z.boolean().default(false),
};

/** An item's value from the chosen source: its age, staleness and whether it is an outlier left out of totals. */
export const itemValuationSchema = z.object({
  source: portfolioPriceSourceSchema,
  /** In the displayed currency (in its own when no rate is known). */
  price: moneySchema,
  original: moneySchema,
  observedAt: isoDateTime,
  ageSeconds: z.number().int().nonnegative(),
  stale: z.boolean(),
  outlier: z.boolean(),
  /** Counted in totals: not an outlier, or outliers included. */
  counted: z.boolean(),
});

/** One item (market hash name of one game) across every account. */
export const portfolioItemRowSchema = z.object({
  kind: z.literal('item'),
  game: tradeGameSchema,
  marketHashName: z.string(),
  name: z.string(),
  iconUrl: z.string().nullable(),
  exterior: itemExteriorSchema.nullable(),
  rarity: z.string().nullable(),
  count: z.number().int().nonnegative(),
  accounts: z.number().int().nonnegative(),
  tradableCount: z.number().int().nonnegative(),
  protectedCount: z.number().int().nonnegative(),
  /** The earliest end of protection among its protected copies. */
  protectedUntil: isoDateTime.nullable(),
  unitValue: itemValuationSchema.nullable(),
  /** Unit value times count, when the unit value is known. */
  totalValue: moneySchema.nullable(),
});

/** One account with what the portfolio holds of it and how its inventory was last read. */
export const portfolioAccountRowSchema = z.object({
  kind: z.literal('account'),
  accountId: z.number().int().positive(),
  login: z.string(),
  count: z.number().int().nonnegative(),
  tradableCount: z.number().int().nonnegative(),
  protectedCount: z.number().int().nonnegative(),
  /** The last successful read of any game. */
  lastScannedAt: isoDateTime.nullable(),
  /** Why the last read failed, in the request's language; null when it did not. */
  lastError: z.string().nullable(),
});

/** One asset of one account. */
export const portfolioAssetRowSchema = z.object({
  kind: z.literal('asset'),
  accountId: z.number().int().positive(),
  login: z.string(),
  game: tradeGameSchema,
  appId: z.number().int().positive(),
  contextId: z.string(),
  assetId: assetIdSchema,
  classId: z.string(),
  instanceId: z.string(),
  marketHashName: z.string(),
  name: z.string(),
  iconUrl: z.string().nullable(),
  exterior: itemExteriorSchema.nullable(),
  rarity: z.string().nullable(),
  tradable: z.boolean(),
  tradableAfter: isoDateTime.nullable(),
  protected: z.boolean(),
  protectedUntil: isoDateTime.nullable(),
  unitValue: itemValuationSchema.nullable(),
});

export const portfolioRowSchema = z.discriminatedUnion('kind', [
  portfolioItemRowSchema,
  portfolioAccountRowSchema,
  portfolioAssetRowSchema,
]);
export type PortfolioRow = z.infer<typeof portfolioRowSchema>;

const totalSchema = z.object({ value: moneySchema, items: z.number().int().nonnegative() });

/** Totals in the displayed currency of the items the filters match. */
export const portfolioTotalsSchema = z.object({
  currency: currencySchema,
  source: portfolioPriceSourceSchema,
  overall: totalSchema,
  byAccount: z.array(totalSchema.extend({ accountId: z.number().int().positive(), login: z.string() })),
  byTag: z.array(totalSchema.extend({ tagId: z.number().int().positive(), name: z.string() })),
  byGame: z.array(totalSchema.extend({ game: tradeGameSchema })),
  /** Items without a price from the source. */
  unpriced: z.number().int().nonnegative(),
  /** Items priced stale (counted). */
  stale: z.number().int().nonnegative(),
  /** Items whose price is an outlier, left out unless included. */
  outliers: z.number().int().nonnegative(),
});
export type PortfolioTotals = z.infer<typeof portfolioTotalsSchema>;

/** A holding: one item an account owns, followed across the new asset id it gets when protection ends. */
export const portfolioHoldingSchema = z.object({
  id: z.number().int().positive(),
  accountId: z.number().int().positive(),
  game: tradeGameSchema,
  classId: z.string(),
  instanceId: z.string(),
  marketHashName: z.string(),
  assetId: assetIdSchema,
  contextId: z.string(),
  protectedUntil: isoDateTime.nullable(),
  /** How it came: `trade` (a trade of ours brought it), `seen` (found by a scan). */
  originKind: z.enum(['trade', 'seen']),
  /** The Steam trade that brought it, when known. */
  originTradeId: z.string().nullable(),
  /** Who sent it: a SteamID64, when known. */
  originFrom: z.string().nullable(),
  firstSeenAt: isoDateTime,
  lastSeenAt: isoDateTime,
  /** When a scan no longer found it (moved, sold or reversed). */
  goneAt: isoDateTime.nullable(),
  /** Every asset id it had, oldest first. */
  assets: z.array(z.object({ assetId: assetIdSchema, contextId: z.string(), seenAt: isoDateTime })),
});
export type PortfolioHolding = z.infer<typeof portfolioHoldingSchema>;

/** Assets picked in the table, across accounts: what an action from the portfolio acts on. */
export const portfolioSelectionSchema = z
  .array(z.object({ accountId: idSchema, assetId: assetIdSchema }))
  .min(1)
  .max(10_000);
export type PortfolioSelection = z.infer<typeof portfolioSelectionSchema>;

/** The columns of `portfolio.export`, in order. */
export const PORTFOLIO_CSV_HEADER =
  'account,game,app_id,context_id,asset_id,market_hash_name,name,exterior,rarity,tradable,tradable_after,protected_until,unit_value,currency,source,observed_at,stale,outlier';

/** Why a selected asset cannot be listed on TM from the portfolio. */
export const PORTFOLIO_SALE_SKIPS = ['no_lot', 'not_in_inventory', 'no_price'] as const;

/** One selected asset made ready for `lots.addToSale`: its TM lot and its price by the rule, or why not. */
export const portfolioSaleItemSchema = z.object({
  accountId: z.number().int(),
  assetId: z.string(),
  lotId: z.number().int().nullable(),
  /** The unit value from the source times the rule's percent, in the lot's currency. */
  price: moneySchema.nullable(),
  skipped: z.enum(PORTFOLIO_SALE_SKIPS).nullable(),
  /** Why it was skipped, in the caller's language; null when it can be listed. */
  message: z.string().nullable(),
});
export type PortfolioSaleItem = z.infer<typeof portfolioSaleItemSchema>;

export const portfolio = {
  query: defineOperation({
    id: 'portfolio.query',
    method: 'POST',
    path: '/api/portfolio/query',
    summary:
      'Every cached item of every account, grouped by item, by account or flat; filtered, valued from the chosen price source and keyset-paged',
    input: portfolioFiltersSchema.extend({
      by: portfolioGroupingSchema.default('item'),
      ...portfolioValuationInput,
      pages: pagesSchema,
      sort: sortSchema(PORTFOLIO_SORT_PROPERTIES),
      ...listWindowFields,
    }),
    output: listOutputSchema(portfolioRowSchema),
    flags: {},
  }),
  totals: defineOperation({
    id: 'portfolio.totals',
    method: 'POST',
    path: '/api/portfolio/totals',
    summary:
      'Value totals of the items the filters match, per account, tag, game and overall, in the displayed currency (outliers left out unless included)',
    input: portfolioFiltersSchema.extend(portfolioValuationInput),
    output: portfolioTotalsSchema,
    flags: {},
  }),
  holding: defineOperation({
    id: 'portfolio.holding',
    method: 'POST',
    path: '/api/portfolio/holding',
    summary:
      'The holding an asset of an account belongs to, with every asset id it had and where it came from',
    input: z.object({ accountId: idSchema, assetId: assetIdSchema }),
    output: portfolioHoldingSchema,
    flags: {},
  }),
  export: defineOperation({
    id: 'portfolio.export',
    method: 'POST',
    path: '/api/portfolio/export',
    summary:
      'The items the filters match, or the selected assets among them, as CSV: one row per asset, valued from the chosen source',
    input: portfolioFiltersSchema.extend({
      ...portfolioValuationInput,
      assets: portfolioSelectionSchema.optional(),
    }),
    output: z.string(),
    flags: { noStore: true },
    responseBody: 'text-stream',
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  saleLots: defineOperation({
    id: 'portfolio.saleLots',
    method: 'POST',
    path: '/api/portfolio/sale-lots',
    summary:
      "The TM lots of the selected assets with a price each by the rule (the source's unit value times a percent), to list through lots.addToSale",
    input: z.object({
      assets: portfolioSelectionSchema,
      source: portfolioPriceSourceSchema.default('tm'),
      includeOutliers: z.boolean().default(false),
      /** Percent of the unit value: 100 lists at the value, 95 five percent under it. */
      percent: z.number().int().min(1).max(1_000).default(100),
    }),
    output: z.object({ items: z.array(portfolioSaleItemSchema) }),
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
} as const;

/** The hub payload when a scan changed an account's part of the portfolio. */
export const portfolioChangedSchema = z.object({
  accountId: z.number().int().positive(),
  game: tradeGameSchema,
  /** Holdings matched across a new asset id by this scan. */
  matched: z.number().int().nonnegative(),
  count: z.number().int().nonnegative(),
});
