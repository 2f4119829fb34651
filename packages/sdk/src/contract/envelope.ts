import { z } from 'zod';

export const apiErrorBodySchema = z.object({
  message: z.string(),
  resultCode: z.number().int(),
  errorDetails: z.record(z.string(), z.unknown()).nullable(),
  traceId: z.string(),
});

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export type Envelope<T> =
  | { success: true; data: T; error: null }
  | { success: false; data: null; error: ApiErrorBody };

/** Field errors as carried in `errorDetails.fields`. */
export type FieldErrors = Record<string, string[]>;

/** The envelope around an operation's output, for the manifest. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.union([
    z.object({ success: z.literal(true), data, error: z.null() }),
    z.object({ success: z.literal(false), data: z.null(), error: apiErrorBodySchema }),
  ]);
}
