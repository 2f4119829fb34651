import { z } from 'zod';

/** ISO 8601 UTC timestamp as carried on the wire. */
export const isoDateTime = z.iso.datetime({ offset: false });

export const languageSchema = z.enum(['ru', 'en']);
export type Language = z.infer<typeof languageSchema>;

/** Input of operations that take nothing; unknown keys (a cache-buster, say) are dropped. */
export const emptyInput = z.object({});
