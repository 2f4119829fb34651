/**
 * Lots and repricing of the P2P seller (docs/product-trading.md §2-5, §8 "P2P lots"; docs/trading-rules.md
 * §4; docs/lots.md): what is listed where, at which price and bounds. What sold is in sales.ts, the reference
 * prices the strategies read in price-profile.ts.
 *
 * Every amount is `Money` (integer units of the market's scale plus the currency). A lot's amounts are in its seller
 * account's market currency; totals over several currencies answer one `Money` per currency.
 */
import { z } from 'zod';
import {
  itemRaritySchema,
  lotIssueSchema,
  lotStatusSchema,
  priceStrategySchema,
  tradingProfileSchema,
} from '../domain/lots/lots.ts';
import { currencySchema, moneySchema } from '../domain/money/money-schema.ts';
import { sellerPlatformSchema } from '../domain/p2p/seller.ts';
import { tradeGameSchema } from '../domain/trading/games.ts';
import { itemExteriorSchema } from '../domain/trading/items.ts';
import { idSchema, isoDateTime } from './common.ts';
import { idParam, listOutputSchema, listWindowFields, pagesSchema, sortSchema } from './lists.ts';
import { BODY_LIMITS, defineOperation } from './operation.ts';

/** Hub source of the lots' live events on `lots-hub`. */
export const LOTS_SOURCE = 'lots';

const count = z.number().int().nonnegative();
/** One amount per currency (a user's accounts may sell in RUB and USD at once). */
const moneyByCurrency = z.array(moneySchema);
const accountRefSchema = z.object({ id: z.number().int().positive(), login: z.string() });

// ---------------------------------------------------------------------------------------------------------------
// Lots

export const LOT_SORT_PROPERTIES = [
  'id',
  'name',
  'game',
  'account',
  'price',
  'minPrice',
  'maxPrice',
  'purchasePrice',
  'quantity',
  'status',
  'profile',
  'listedAt',
  'updatedAt',
] as const;

export const LOT_GROUP_SORT_PROPERTIES = ['name', 'game', 'quantity', 'lotsCount', 'lowestPrice'] as const;

/** The lot's price on one platform (one row per platform the item is listed on). */
export const platformPriceSchema = z.object({
  platform: sellerPlatformSchema,
  price: moneySchema,
  updatedAt: isoDateTime,
});

/**
 * One lot (an order): one item of one seller account, listed or not (docs/product-trading.md §3 "Lot or
 * order").
 */
export const lotRowSchema = z.object({
  id: z.number().int().positive(),
  /** The group of the same item across accounts (`lotGroupKey(game, marketHashName)`). */
  groupKey: z.string(),
  account: accountRefSchema,
  /** The market the lot's seller account sells on. */
  platform: sellerPlatformSchema,
  /** The market's item id of the listing; null while the item is only in the inventory. */
  itemId: z.string().nullable(),
  assetId: z.string(),
  marketHashName: z.string(),
  /** The item name as shown (the market hash name without the exterior suffix). */
  name: z.string(),
  game: tradeGameSchema,
  exterior: itemExteriorSchema.nullable(),
  rarity: itemRaritySchema.nullable(),
  quantity: z.number().int().positive(),
  /** The price listed now (null while not listed). */
  price: moneySchema.nullable(),
  /** The account's market currency: every amount of the lot is in it. */
  currency: currencySchema,
  purchasePrice: moneySchema.nullable(),
  minPrice: moneySchema.nullable(),
  maxPrice: moneySchema.nullable(),
  platformPrices: z.array(platformPriceSchema),
  profile: tradingProfileSchema,
  strategy: priceStrategySchema,
  status: lotStatusSchema,
  issues: z.array(lotIssueSchema),
  /** When the lot went on sale (null when it is not listed). */
  listedAt: isoDateTime.nullable(),
  /** When the price was last written to the market; the market changes a price at most once a minute. */
  lastPriceWriteAt: isoDateTime.nullable(),
  /** The last repricing outcome's reason for this lot (the repricing rules' reasons). */
  lastRepriceReason: z.string().nullable(),
  updatedAt: isoDateTime,
});
export type LotRow = z.infer<typeof lotRowSchema>;

export const lotFiltersSchema = z.object({
  /** Part of the item name, or an exact item id or asset id. */
  searchString: z.string().trim().max(200).optional(),
  accountIds: z.array(idSchema).max(1_000).default([]),
  /** Only the lots of seller accounts on these markets. */
  platforms: z.array(sellerPlatformSchema).default([]),
  withStatus: z.array(lotStatusSchema).default([]),
  withIssues: z.array(lotIssueSchema).default([]),
  games: z.array(tradeGameSchema).default([]),
  profiles: z.array(tradingProfileSchema).default([]),
  exteriors: z.array(itemExteriorSchema).default([]),
  rarities: z.array(itemRaritySchema).default([]),
  /** Only the lots of these groups (the children of expanded group rows). */
  groupKeys: z.array(z.string().max(300)).max(1_000).default([]),
  /** Lots with (true) or without (false) both thresholds set. */
  hasThresholds: z.boolean().nullable().optional(),
});
export type LotFilters = z.infer<typeof lotFiltersSchema>;

/** One item across the user's accounts, with its child orders (expandable in the table). */
export const lotGroupSchema = z.object({
  key: z.string(),
  marketHashName: z.string(),
  name: z.string(),
  game: tradeGameSchema,
  exterior: itemExteriorSchema.nullable(),
  rarity: itemRaritySchema.nullable(),
  /** Items in the group (the sum of the children's quantities). */
  quantity: count,
  lotsCount: count,
  accountsCount: count,
  /** The lowest listed price per currency. */
  lowestPrice: moneyByCurrency,
  byStatus: z.record(lotStatusSchema, count),
  /** Issues any child has. */
  issues: z.array(lotIssueSchema),
  /** The children matching the filters, cheapest first (at most `childLimit`). */
  children: z.array(lotRowSchema),
  /** True when the group has more matching children than `children` carries (expand with `lots.query`). */
  childrenTruncated: z.boolean(),
});
export type LotGroup = z.infer<typeof lotGroupSchema>;

/**
 * Which lots an action applies to: lot ids, whole groups, or everything matching filters (an empty filter object
 * means every lot of the user). At least one is given; together they are a union.
 */
export const lotSelectionSchema = z
  .object({
    ids: z.array(idSchema).max(100_000).optional(),
    groupKeys: z.array(z.string().max(300)).max(10_000).optional(),
    filters: lotFiltersSchema.optional(),
  })
  .refine(
    (input) => input.ids !== undefined || input.groupKeys !== undefined || input.filters !== undefined,
    {
      message: 'No items selected',
      path: ['ids'],
    },
  );
export type LotSelection = z.infer<typeof lotSelectionSchema>;

/** One lot a batch could not process, with the result code and the message it would have had alone. */
export const lotFailureSchema = z.object({
  id: z.number().int(),
  resultCode: z.number().int(),
  message: z.string(),
  /** The repricing reason, the market's refusal or the threshold issue behind the failure, when there is one. */
  reason: z.string().nullable(),
});
export type LotFailure = z.infer<typeof lotFailureSchema>;

/** A threshold text the lot's currency refused (the thresholds validation's issues). */
export const thresholdIssueSchema = z.object({
  field: z.enum(['min', 'max']),
  code: z.enum([
    'required',
    'not_numeric',
    'negative',
    'too_precise',
    'min_above_max',
    'difference_too_small',
  ]),
  message: z.string(),
});

export const thresholdsResultSchema = z.object({
  /** Spec group outcomes: all lots took the thresholds, some did, or none did. */
  outcome: z.enum(['all', 'partial', 'failed']),
  applied: count,
  failed: count,
  total: count,
  /** "Thresholds applied to 3 of 5 lots of the group" and the like, in the caller's language. */
  message: z.string(),
  failures: z.array(lotFailureSchema.extend({ issues: z.array(thresholdIssueSchema) })),
});
export type ThresholdsResult = z.infer<typeof thresholdsResultSchema>;

export const repriceOutcomeSchema = z.enum(['changed', 'unchanged', 'unavailable', 'failed']);

export const repriceSummarySchema = z.object({
  changed: count,
  unchanged: count,
  unavailable: count,
  failed: count,
});
export type RepriceSummary = z.infer<typeof repriceSummarySchema>;

/** One lot's repricing answer: the same for preview and apply until the market answers the write. */
export const repriceItemSchema = z.object({
  lotId: z.number().int().positive(),
  itemId: z.string().nullable(),
  name: z.string(),
  account: accountRefSchema,
  outcome: repriceOutcomeSchema,
  /** The repricing rules' reason (`repriced`, `out_of_range`, `cooldown`, `write_failed`, ...). */
  reason: z.string(),
  /** The reason in the caller's language. */
  message: z.string(),
  price: moneySchema.nullable(),
  /** Present when the outcome is changed. */
  newPrice: moneySchema.nullable(),
  /** The price the rules arrived at, also when it was not sent. */
  target: moneySchema.nullable(),
  /** For a cooldown: the earliest time the lot may be written again. */
  retryAt: isoDateTime.nullable(),
  /** For a write the market refused: its detail. */
  marketError: z.string().nullable(),
  /** The references the price was decided from (`custom`, `provider`, `median`, `bid`); absent on older rows. */
  referencesUsed: z.array(z.string()).optional(),
  /** The references left out and why (`stale`, `currency_mismatch`): a stale buy order is never a floor. */
  referencesDropped: z.array(z.object({ kind: z.string(), why: z.string() })).optional(),
});
export type RepriceItem = z.infer<typeof repriceItemSchema>;

const repriceInput = z.object({
  selection: lotSelectionSchema,
  /** Absent: each lot's own strategy. */
  strategy: priceStrategySchema.optional(),
  /** Absent: each lot's own profile. */
  profile: tradingProfileSchema.optional(),
  /** How many per-lot answers to return (the summary always counts every lot). */
  itemsLimit: z.number().int().min(0).max(100_000).default(1_000),
  /** Only these outcomes in `items` (all when empty). */
  withOutcomes: z.array(repriceOutcomeSchema).default([]),
});

export const repricePreviewSchema = z.object({
  total: count,
  summary: repriceSummarySchema,
  items: z.array(repriceItemSchema),
  /** True when more lots matched `withOutcomes` than `itemsLimit` allowed. */
  itemsTruncated: z.boolean(),
  /** How many mass-set-price calls apply would make (at most 50 lots each). */
  batches: count,
});
export type RepricePreview = z.infer<typeof repricePreviewSchema>;

export const REPRICE_JOB_STATUSES = ['running', 'done', 'failed'] as const;

/** An apply run: its progress, counts and (when read) the per-lot outcomes. */
export const repriceJobSchema = z.object({
  id: z.number().int().positive(),
  status: z.enum(REPRICE_JOB_STATUSES),
  total: count,
  /** Lots whose outcome is final so far. */
  done: count,
  summary: repriceSummarySchema,
  strategy: priceStrategySchema.nullable(),
  profile: tradingProfileSchema.nullable(),
  createdAt: isoDateTime,
  finishedAt: isoDateTime.nullable(),
  /** Per lot, failed ones first (at most `itemsLimit`). */
  items: z.array(repriceItemSchema),
  itemsTruncated: z.boolean(),
});
export type RepriceJob = z.infer<typeof repriceJobSchema>;

export const lotCountersSchema = z.object({
  total: count,
  groups: count,
  byStatus: z.record(lotStatusSchema, count),
  byIssue: z.record(lotIssueSchema, count),
  /** Lots without min or max (never repriced). */
  withoutThresholds: count,
});
export type LotCounters = z.infer<typeof lotCountersSchema>;

/** Per-item answer of add-to-sale. */
export const addToSaleResultSchema = z.object({
  listed: count,
  failed: count,
  items: z.array(
    z.object({
      id: z.number().int().positive(),
      ok: z.boolean(),
      /** The market's item id of the new listing. */
      itemId: z.string().nullable(),
      resultCode: z.number().int(),
      message: z.string(),
      reason: z.string().nullable(),
    }),
  ),
  /** Null when every item was listed. */
  message: z.string().nullable(),
});
export type AddToSaleResult = z.infer<typeof addToSaleResultSchema>;

export const lotBatchResultSchema = z.object({
  succeededIds: z.array(z.number().int()),
  failed: z.array(lotFailureSchema),
  /** Null when every lot was processed. */
  message: z.string().nullable(),
});
export type LotBatchResult = z.infer<typeof lotBatchResultSchema>;

export const lots = {
  query: defineOperation({
    id: 'lots.query',
    method: 'POST',
    path: '/api/p2p/lots/query',
    summary: "The user's lots on every seller account, filtered, sorted and paged (one row per lot)",
    input: lotFiltersSchema.extend({
      pages: pagesSchema,
      sort: sortSchema(LOT_SORT_PROPERTIES),
      ...listWindowFields,
    }),
    output: listOutputSchema(lotRowSchema),
    flags: {},
  }),
  groups: defineOperation({
    id: 'lots.groups',
    method: 'POST',
    path: '/api/p2p/lots/groups/query',
    summary:
      'The lots grouped by item across accounts, filtered, sorted and paged; each group carries its matching child orders',
    input: lotFiltersSchema.extend({
      pages: pagesSchema,
      sort: sortSchema(LOT_GROUP_SORT_PROPERTIES),
      childLimit: z.number().int().min(0).max(500).default(50),
    }),
    output: listOutputSchema(lotGroupSchema),
    flags: {},
  }),
  counters: defineOperation({
    id: 'lots.counters',
    method: 'GET',
    path: '/api/p2p/lots/counters',
    summary: 'How many lots the user has, by status and issue, and how many groups',
    input: z.object({
      /** Repeated in the query string (`accountIds=1&accountIds=2`); one value arrives as text. */
      accountIds: z
        .preprocess(
          (value) => (typeof value === 'string' ? [value] : value),
          z.array(z.coerce.number().pipe(idSchema)).max(1_000),
        )
        .optional(),
    }),
    output: lotCountersSchema,
    flags: {},
  }),
  get: defineOperation({
    id: 'lots.get',
    method: 'GET',
    path: '/api/p2p/lots/:id',
    summary: 'One lot',
    input: idParam,
    output: lotRowSchema,
    flags: {},
  }),
  setThresholds: defineOperation({
    id: 'lots.setThresholds',
    method: 'POST',
    path: '/api/p2p/lots/thresholds',
    summary:
      "Set min and max price of lots or groups from the user's text, validated in each lot's currency (numeric, not negative, min <= max, at least 0.01 apart); answers the group outcome all, partial or failed",
    input: z.object({
      selection: lotSelectionSchema,
      min: z.string().max(40),
      max: z.string().max(40),
    }),
    output: thresholdsResultSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  update: defineOperation({
    id: 'lots.update',
    method: 'POST',
    path: '/api/p2p/lots/settings',
    summary:
      'Set the trading profile, the price strategy or the purchase price of lots (the tick follows them)',
    input: z.object({
      selection: lotSelectionSchema,
      profile: tradingProfileSchema.optional(),
      strategy: priceStrategySchema.optional(),
      /** Null clears it; in the lot's currency, refused per lot when the currency differs. */
      purchasePrice: moneySchema.nullable().optional(),
    }),
    output: lotBatchResultSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  copySettings: defineOperation({
    id: 'lots.copySettings',
    method: 'POST',
    path: '/api/p2p/lots/copy-settings',
    summary:
      'Copy thresholds, trading profile and strategy of one lot to other lots (refused per lot of another currency)',
    input: z.object({
      fromId: idSchema,
      selection: lotSelectionSchema,
      thresholds: z.boolean().default(true),
      profile: z.boolean().default(true),
      strategy: z.boolean().default(true),
    }),
    output: lotBatchResultSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  repricePreview: defineOperation({
    id: 'lots.repricePreview',
    method: 'POST',
    path: '/api/p2p/lots/reprice/preview',
    summary:
      'Run the repricing of the selected lots dry with a strategy and profile: per lot changed, unchanged, unavailable or failed with the new price and reason; nothing is written',
    input: repriceInput,
    output: repricePreviewSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  repriceApply: defineOperation({
    id: 'lots.repriceApply',
    method: 'POST',
    path: '/api/p2p/lots/reprice/apply',
    summary:
      'Reprice the selected lots as a job: the same decisions as the preview, written in mass calls of at most 50; per-lot outcomes on lots-hub and in lots.repriceJob',
    input: repriceInput.extend({
      /** Keep the strategy and profile on the lots, so the repricing tick follows them. */
      remember: z.boolean().default(true),
      /** Answer only when the job ended (for scripts and the CLI). */
      wait: z.boolean().default(false),
    }),
    output: repriceJobSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  repriceJob: defineOperation({
    id: 'lots.repriceJob',
    method: 'GET',
    path: '/api/p2p/lots/reprice/jobs/:id',
    summary: 'One repricing job with its per-lot outcomes, failed ones first',
    input: idParam.extend({ itemsLimit: z.coerce.number().int().min(0).max(100_000).default(1_000) }),
    output: repriceJobSchema,
    flags: {},
  }),
  remove: defineOperation({
    id: 'lots.remove',
    method: 'POST',
    path: '/api/p2p/lots/remove',
    summary:
      'Mass delete: take the selected lots off sale on the market (in calls of at most 50); answers deleted and failed counts with the failed lots',
    input: z.object({ selection: lotSelectionSchema }),
    output: z.object({
      deleted: count,
      failed: count,
      failures: z.array(lotFailureSchema),
      /** Null when every lot was deleted. */
      message: z.string().nullable(),
    }),
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  sync: defineOperation({
    id: 'lots.sync',
    method: 'POST',
    path: '/api/p2p/lots/sync',
    summary:
      "Sync now: read listings, inventory and sales history of seller accounts from the market (all of the user's when no ids)",
    input: z.object({ accountIds: z.array(idSchema).max(1_000).optional() }),
    output: z.object({
      accounts: count,
      lots: count,
      sales: count,
      failed: z.array(
        z.object({ account: accountRefSchema, resultCode: z.number().int(), message: z.string() }),
      ),
    }),
    flags: {},
  }),
  addToSale: defineOperation({
    id: 'lots.addToSale',
    method: 'POST',
    path: '/api/p2p/lots/add-to-sale',
    summary:
      'List items from the inventory (lots in_inventory) at the given prices, in mass calls of at most 50; answers per item',
    input: z.object({
      items: z
        .array(z.object({ id: idSchema, price: moneySchema }))
        .min(1)
        .max(10_000),
    }),
    output: addToSaleResultSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Live events (lots-hub, source `lots`)

/** What changed on a lot: its price, status or issues (the tick, an apply, a sync or a sale). */
export const lotChangeSchema = z.object({
  id: z.number().int().positive(),
  accountId: z.number().int().positive(),
  price: moneySchema.nullable(),
  status: lotStatusSchema,
  issues: z.array(lotIssueSchema),
  lastPriceWriteAt: isoDateTime.nullable(),
  /**
   * The listing's item id and since when it is on sale: both null once it is taken down (sold elsewhere). A change
   * without them leaves the lot's listing as it was.
   */
  itemId: z.string().nullable().optional(),
  listedAt: isoDateTime.nullable().optional(),
  /** True when the lot is gone (sold and delivered, deleted, or no longer in the inventory). */
  removed: z.boolean(),
});

export type LotChange = z.infer<typeof lotChangeSchema>;

/** Lots changed; one event carries every lot one step changed (a mass call, a sync of one account). */
export const lotsChangedSchema = z.object({ lots: z.array(lotChangeSchema) });
export type LotsChanged = z.infer<typeof lotsChangedSchema>;

/**
 * New sales reached the sales history: a delivery completed, or a sync read sales the market had before. The sales
 * screen reads its page again; the sales themselves are read with `sales.query`.
 */
export const salesRecordedSchema = z.object({
  sellerAccountId: z.number().int().positive(),
  count: z.number().int().positive(),
});
export type SalesRecorded = z.infer<typeof salesRecordedSchema>;

/** A repricing job moved: its counts (per-lot outcomes are read with `lots.repriceJob`). */
export const repriceJobUpdatedSchema = repriceJobSchema.omit({ items: true, itemsTruncated: true });
export type RepriceJobUpdated = z.infer<typeof repriceJobUpdatedSchema>;
