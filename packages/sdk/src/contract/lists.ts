import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_STORED_ID } from '../domain/constants.ts';
import { idFromText, idSchema, pageNumberSchema } from './common.ts';

/** `pages` of every list query: page from 1; sizes 10, 25, 50, 100 (larger only through streaming exports). */
export const pagesSchema = z
  .object({
    page: pageNumberSchema.default(1),
    pageSize: z
      .union([z.literal(10), z.literal(25), z.literal(50), z.literal(100)])
      .default(DEFAULT_PAGE_SIZE),
  })
  .default({ page: 1, pageSize: DEFAULT_PAGE_SIZE });

/** `sort` of a list query over the named properties; the first item sorts first. */
export function sortSchema<const P extends readonly [string, ...string[]]>(properties: P) {
  return z
    .array(z.object({ propertyName: z.enum(properties), isDescending: z.boolean().default(false) }))
    .max(properties.length)
    .default([]);
}

/**
 * What a list query may add to `pages` and `sort` (lists that page large tables): `after`, the `nextCursor` of the
 * last page read, asks for the rows after it in the same order (keyset paging: as fast deep in the list as at its
 * start, no row skipped or repeated when rows are added meanwhile); `exactTotal` asks for the exact total when the
 * answer would cap it.
 */
export const listWindowFields = {
  after: z.string().max(4096).nullable().optional(),
  exactTotal: z.boolean().optional(),
};

/**
 * `{ items, total, page, pageSize }` of a list query. Lists over large tables count at most `LIST_TOTAL_CAP`
 * matches (further when the page lies beyond): then `totalCapped` is true and `total` is a lower bound ("10,000+").
 * `nextCursor` is the `after` of the next page, null after the last one.
 */
export function listOutputSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    totalCapped: z.boolean().optional(),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    nextCursor: z.string().nullable().optional(),
  });
}

/** Counters by status: `byStatus` is keyed by the numeric status as a string. */
export const countersSchema = z.object({
  total: z.number().int().nonnegative(),
  byStatus: z.record(z.string(), z.number().int().nonnegative()),
});
export type Counters = z.infer<typeof countersSchema>;

/** A tag as lists show it, with how many items carry it. */
export const tagWithCountSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  count: z.number().int().nonnegative(),
});

/** Tag names: trimmed, 1..64 characters. Id 0 asks to create a tag with this name (or reuse one of that name). */
export const tagInputSchema = z.object({
  id: z.number().int().nonnegative().max(MAX_STORED_ID),
  name: z.string().trim().min(1).max(64),
});

/** What a query spec tells a client: which properties sort, which filters exist, the page sizes. */
export const querySpecSchema = z.object({
  sortable: z.array(z.string()),
  filters: z.array(z.string()),
  pageSizes: z.array(z.number().int()),
  defaultPageSize: z.number().int(),
  defaultSort: z.array(z.object({ propertyName: z.string(), isDescending: z.boolean() })),
});

/** One failed item of a batch, with the result code and message it would have had alone. */
export const batchFailureSchema = z.object({
  id: z.number().int(),
  resultCode: z.number().int(),
  message: z.string(),
});

/** The answer of a batch over ids: what was done and what was not, per item. */
export const batchResultSchema = z.object({
  succeededIds: z.array(z.number().int()),
  failed: z.array(batchFailureSchema),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

/** The `:id` of a path. */
export const idParam = z.object({ id: idFromText });
/** Ids of a batch operation (the server passes them to the database as one array parameter). */
export const idsSchema = z.array(idSchema).min(1).max(100_000);
