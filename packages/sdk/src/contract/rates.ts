import { z } from 'zod';
import { currencySchema } from '../domain/money/money-schema.ts';
import { emptyInput, isoDateTime } from './common.ts';
import { defineOperation } from './operation.ts';

/** One conversion rate: major units of `to` per major unit of `from`, as a decimal string (never a float sum). */
export const exchangeRateSchema = z.object({
  from: currencySchema,
  to: currencySchema,
  rate: z.string().regex(/^\d+(\.\d+)?$/),
  /** When the source published it. */
  asOf: isoDateTime,
});

/** The rates the web and the CLI convert with, between every pair of RUB, EUR and USD, and how old they are. */
export const ratesSchema = z.object({
  /** `sandbox`: the sandbox market's fixed table, offline; `live`: the documented public source (docs/currencies.md). */
  source: z.enum(['sandbox', 'live']),
  rates: z.array(exchangeRateSchema),
  /** When the server fetched them from the source (the sandbox table: its publication time); null when unreachable. */
  fetchedAt: isoDateTime.nullable(),
  /** Seconds since `fetchedAt` when answered; null when unreachable. */
  ageSeconds: z.number().int().nonnegative().nullable(),
  /** The last fetch failed and these are older rates kept from before. */
  stale: z.boolean(),
  /**
   * The source could not be reached and no rates were ever fetched: `rates` is empty, amounts stay in their own
   * currency. A state to show, not a failed request.
   */
  unreachable: z.boolean(),
  /** Why, in the request's language, when unreachable. */
  message: z.string().nullable(),
});
export type Rates = z.infer<typeof ratesSchema>;

export const rates = {
  get: defineOperation({
    id: 'rates.get',
    method: 'GET',
    path: '/api/rates',
    summary:
      'Conversion rates between RUB, EUR and USD with their age, for showing amounts in the displayed currency',
    input: emptyInput,
    output: ratesSchema,
    flags: {},
  }),
} as const;
