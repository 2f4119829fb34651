/**
 * Sales history of the P2P seller (docs/product-trading.md §8 "P2P lots"; docs/lots.md): what sold, where and
 * when, with the hold release date, totals per currency, revenue per day and a streamed CSV export.
 */
import { z } from 'zod';
import { saleStateSchema } from '../domain/lots/lots.ts';
import { moneySchema } from '../domain/money/money-schema.ts';
import { sellerPlatformSchema } from '../domain/p2p/seller.ts';
import { tradeGameSchema } from '../domain/trading/games.ts';
import { idSchema, isoDateTime } from './common.ts';
import { listOutputSchema, pagesSchema, sortSchema } from './lists.ts';
import { defineOperation } from './operation.ts';

const count = z.number().int().nonnegative();
/** One amount per currency (a user's accounts may sell in RUB and USD at once). */
const moneyByCurrency = z.array(moneySchema);
const accountRefSchema = z.object({ id: z.number().int().positive(), login: z.string() });

// ---------------------------------------------------------------------------------------------------------------
// Sales history

export const SALE_SORT_PROPERTIES = ['soldAt', 'name', 'game', 'account', 'price', 'holdReleaseAt'] as const;

export const saleRowSchema = z.object({
  id: z.number().int().positive(),
  itemId: z.string(),
  marketHashName: z.string(),
  name: z.string(),
  game: tradeGameSchema,
  platform: sellerPlatformSchema,
  account: accountRefSchema,
  soldAt: isoDateTime,
  /** What the seller receives. */
  price: moneySchema,
  /** When the held money is released (`settlement`); null when the sale had no hold. */
  holdReleaseAt: isoDateTime.nullable(),
  state: saleStateSchema,
});
export type SaleRow = z.infer<typeof saleRowSchema>;

export const saleFiltersSchema = z.object({
  /** Inclusive start of the period (sale time). */
  from: isoDateTime.optional(),
  /** Exclusive end of the period. */
  to: isoDateTime.optional(),
  accountIds: z.array(idSchema).max(1_000).default([]),
  games: z.array(tradeGameSchema).default([]),
  platforms: z.array(sellerPlatformSchema).default([]),
  withState: z.array(saleStateSchema).default([]),
  searchString: z.string().trim().max(200).optional(),
});
export type SaleFilters = z.infer<typeof saleFiltersSchema>;

export const saleTotalsSchema = z.object({
  count,
  /** Revenue per currency (reversed sales not counted). */
  revenue: moneyByCurrency,
  /** Of it still held. */
  held: moneyByCurrency,
  /** The revenue in the user's displayed currency (settings), when every currency could be converted. */
  displayedRevenue: moneySchema.nullable(),
});
export type SaleTotals = z.infer<typeof saleTotalsSchema>;

export const revenueDaySchema = z.object({
  /** The UTC day, `YYYY-MM-DD`. */
  day: z.string(),
  count,
  revenue: moneyByCurrency,
  displayedRevenue: moneySchema.nullable(),
});
export type RevenueDay = z.infer<typeof revenueDaySchema>;

export const sales = {
  query: defineOperation({
    id: 'sales.query',
    method: 'POST',
    path: '/api/p2p/sales/query',
    summary:
      'Sales history: item, game, platform, account, date, sale price and hold release date; filtered and paged',
    input: saleFiltersSchema.extend({ pages: pagesSchema, sort: sortSchema(SALE_SORT_PROPERTIES) }),
    output: listOutputSchema(saleRowSchema),
    flags: {},
  }),
  totals: defineOperation({
    id: 'sales.totals',
    method: 'POST',
    path: '/api/p2p/sales/totals',
    summary: 'Count and revenue of the sales matching the filters',
    input: saleFiltersSchema,
    output: saleTotalsSchema,
    flags: {},
  }),
  revenueByDay: defineOperation({
    id: 'sales.revenueByDay',
    method: 'POST',
    path: '/api/p2p/sales/revenue-by-day',
    summary:
      'Revenue per UTC day of the sales matching the filters (every day of the period, empty days included)',
    input: saleFiltersSchema,
    output: z.object({ days: z.array(revenueDaySchema) }),
    flags: {},
  }),
  export: defineOperation({
    id: 'sales.export',
    method: 'POST',
    path: '/api/p2p/sales/export',
    summary:
      'Stream the sales matching the filters as CSV (header line, then one sale per line; amounts as decimals with the currency)',
    input: saleFiltersSchema.extend({ sort: sortSchema(SALE_SORT_PROPERTIES) }),
    output: z.string(),
    flags: { noStore: true },
    responseBody: 'text-stream',
  }),
} as const;
