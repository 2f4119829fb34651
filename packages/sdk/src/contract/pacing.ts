import { z } from 'zod';
import { idSchema, isoDateTime } from './common.ts';
import { defineOperation } from './operation.ts';

/** The endpoint classes Steam calls are paced by (docs/pacing.md). */
export const pacingClassSchema = z.enum([
  'login',
  'inventory',
  'offers-send',
  'offers-read',
  'confirmations',
  'market',
  'web-api',
]);
export type PacingClassName = z.infer<typeof pacingClassSchema>;

/** One class's limiter on one proxy. */
export const pacingClassStateSchema = z.object({
  class: pacingClassSchema,
  /** Calls a minute allowed now (halved after a limit, growing back); null: not spaced (no budget known). */
  budgetPerMinute: z.number().nonnegative().nullable(),
  /** The table's budget a minute for this class (docs/pacing.md); null: none known. */
  baseBudgetPerMinute: z.number().nonnegative().nullable(),
  /** Calls made through this limiter since it was first used. */
  requests: z.number().int().nonnegative(),
  /** Limits (429, EResult 84) Steam answered. */
  limits: z.number().int().nonnegative(),
  /** Nothing of this class goes through the proxy before this time; null when not resting. */
  restingUntil: isoDateTime.nullable(),
  /** What began the rest ("inventory 429", "login eresult 84"); null when not resting. */
  reason: z.string().nullable(),
});

export const pacingProxyStateSchema = z.object({
  proxyId: idSchema,
  name: z.string().nullable(),
  /** `host:port`, never the credentials. */
  address: z.string(),
  /** Calls through the proxy since its limiters were first used, every class together. */
  requests: z.number().int().nonnegative(),
  /** The earliest end of a rest among its classes; null when no class rests. */
  restingUntil: isoDateTime.nullable(),
  classes: z.array(pacingClassStateSchema),
});
export type PacingProxyState = z.infer<typeof pacingProxyStateSchema>;

export const pacingStateInput = z.strictObject({
  /** How many of the busiest proxies to show (1..100, default 20). */
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const pacingStateSchema = z.object({
  /** The server's time when answered, to read the rests against. */
  now: isoDateTime,
  /** The caller's busiest proxies first. */
  proxies: z.array(pacingProxyStateSchema),
});
export type PacingState = z.infer<typeof pacingStateSchema>;

export const pacing = {
  state: defineOperation({
    id: 'pacing.state',
    method: 'GET',
    path: '/api/pacing',
    summary:
      'The busiest proxies of the caller and, per endpoint class, its budget now and any rest Steam called for',
    input: pacingStateInput,
    output: pacingStateSchema,
    flags: {},
  }),
} as const;
