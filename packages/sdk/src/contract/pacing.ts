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

/** A rest Steam called for, as proxy and account rows show it: "resting until … (inventory 429)". */
export const pacingRestSchema = z.object({
  /** Nothing of the resting class goes before this time. */
  until: isoDateTime,
  /** What began the rest ("inventory 429", "login eresult 84"). */
  reason: z.string().nullable(),
});
export type PacingRest = z.infer<typeof pacingRestSchema>;

/** One class's limiter on one proxy or account. */
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
  /** The accounts stored on the proxy. */
  accounts: z.number().int().nonnegative(),
  /**
   * The share of the table's budget the proxy has now (the lowest of its classes with a known budget: 0.5 after
   * one limit, growing back to 1); the distribute import weighs a proxy's accounts by it.
   */
  budgetShare: z.number().min(0).max(1),
  classes: z.array(pacingClassStateSchema),
});
export type PacingProxyState = z.infer<typeof pacingProxyStateSchema>;

/** One account's own limiters (the classes Steam counts per account: offer sends, confirmations). */
export const pacingAccountStateSchema = z.object({
  accountId: idSchema,
  login: z.string(),
  requests: z.number().int().nonnegative(),
  restingUntil: isoDateTime.nullable(),
  classes: z.array(pacingClassStateSchema),
});
export type PacingAccountState = z.infer<typeof pacingAccountStateSchema>;

export const pacingStateInput = z.strictObject({
  /** How many proxies and accounts to show, resting ones first, then the busiest (1..100, default 20). */
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const pacingStateSchema = z.object({
  /** The server's time when answered, to read the rests against. */
  now: isoDateTime,
  /** The caller's proxies: resting ones first, then the busiest. */
  proxies: z.array(pacingProxyStateSchema),
  /** The caller's accounts with limiters of their own: resting ones first, then the busiest. */
  accounts: z.array(pacingAccountStateSchema),
});
export type PacingState = z.infer<typeof pacingStateSchema>;

export const pacing = {
  state: defineOperation({
    id: 'pacing.state',
    method: 'GET',
    path: '/api/pacing',
    summary:
      "The caller's proxies and accounts, resting ones first then the busiest, with each endpoint class's budget now and any rest Steam called for",
    input: pacingStateInput,
    output: pacingStateSchema,
    flags: {},
  }),
} as const;
