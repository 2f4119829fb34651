/**
 * The price profile (docs/product-trading.md §8 "P2P lots"; docs/lots.md): the reference prices per item the
 * repricing strategies read (the user's custom price, provider prices with their age), imported in bulk, with
 * their history.
 */
import { z } from 'zod';
import { priceSourceSchema } from '../domain/lots/lots.ts';
import { currencySchema, moneySchema } from '../domain/money/money-schema.ts';
import { tradeGameSchema } from '../domain/trading/games.ts';
import { isoDateTime } from './common.ts';
import { listOutputSchema, pagesSchema, sortSchema } from './lists.ts';
import { BODY_LIMITS, defineOperation } from './operation.ts';

const count = z.number().int().nonnegative();
/** One amount per currency (a user's accounts may sell in RUB and USD at once). */
const _moneyByCurrency = z.array(moneySchema);
const _accountRefSchema = z.object({ id: z.number().int().positive(), login: z.string() });

// ---------------------------------------------------------------------------------------------------------------
// Price profile

export const PRICE_SORT_PROPERTIES = ['name', 'game', 'customPrice', 'updatedAt', 'lotsCount'] as const;

/** A provider's price of the item with its age; stale when older than its TTL (the strategies then refuse it). */
export const providerPriceSchema = z.object({
  source: priceSourceSchema,
  price: moneySchema,
  observedAt: isoDateTime,
  ageMs: count,
  stale: z.boolean(),
});

export const priceRowSchema = z.object({
  id: z.number().int().positive(),
  marketHashName: z.string(),
  name: z.string(),
  game: tradeGameSchema,
  /** The user's own reference price (never expires). */
  customPrice: moneySchema.nullable(),
  customUpdatedAt: isoDateTime.nullable(),
  providers: z.array(providerPriceSchema),
  /** The user's lots of this item. */
  lotsCount: count,
  updatedAt: isoDateTime,
});
export type PriceRow = z.infer<typeof priceRowSchema>;

export const priceFiltersSchema = z.object({
  searchString: z.string().trim().max(200).optional(),
  games: z.array(tradeGameSchema).default([]),
  /** Items with (true) or without (false) a custom price. */
  hasCustomPrice: z.boolean().nullable().optional(),
});

export const priceImportLineSchema = z.object({
  /** 1-based line number in the pasted text. */
  line: z.number().int().positive(),
  name: z.string(),
  ok: z.boolean(),
  price: moneySchema.nullable(),
  resultCode: z.number().int(),
  /** Empty when the line was taken. */
  message: z.string(),
});

export const pricePointSchema = z.object({
  at: isoDateTime,
  source: priceSourceSchema,
  price: moneySchema,
});

export const priceProfile = {
  query: defineOperation({
    id: 'priceProfile.query',
    method: 'POST',
    path: '/api/p2p/prices/query',
    summary:
      "Reference prices per item: the user's custom price and the provider prices with their age; filtered, sorted and paged",
    input: priceFiltersSchema.extend({ pages: pagesSchema, sort: sortSchema(PRICE_SORT_PROPERTIES) }),
    output: listOutputSchema(priceRowSchema),
    flags: {},
  }),
  import: defineOperation({
    id: 'priceProfile.import',
    method: 'POST',
    path: '/api/p2p/prices/import',
    summary:
      'Set custom prices in bulk from pasted `name;price` lines (decimal price in the given currency; an empty price clears it); answers per line',
    input: z.object({
      text: z.string().max(10 * 1024 * 1024),
      currency: currencySchema,
      game: tradeGameSchema.default('cs2'),
    }),
    output: z.object({
      imported: count,
      failed: count,
      lines: z.array(priceImportLineSchema),
    }),
    flags: {},
    maxBodyBytes: BODY_LIMITS.lines,
  }),
  setCustom: defineOperation({
    id: 'priceProfile.setCustom',
    method: 'POST',
    path: '/api/p2p/prices/custom',
    summary: "Set or clear (null) the user's custom price of one item",
    input: z.object({
      marketHashName: z.string().trim().min(1).max(300),
      game: tradeGameSchema.default('cs2'),
      price: moneySchema.nullable(),
    }),
    output: priceRowSchema,
    flags: {},
  }),
  history: defineOperation({
    id: 'priceProfile.history',
    method: 'POST',
    path: '/api/p2p/prices/history',
    summary:
      'The price history of one item (custom and provider prices over time), oldest first, for the chart',
    input: z.object({
      marketHashName: z.string().trim().min(1).max(300),
      game: tradeGameSchema.default('cs2'),
      from: isoDateTime.optional(),
      to: isoDateTime.optional(),
      sources: z.array(priceSourceSchema).default([]),
    }),
    output: z.object({ points: z.array(pricePointSchema) }),
    flags: {},
  }),
} as const;
