import { z } from 'zod';
import { currencySchema, moneySchema } from '../domain/money/money-schema.ts';
import {
  deliverySchema,
  deliveryStatusSchema,
  PAYMENT_PASSWORD_MIN_LENGTH,
  platformStateSchema,
  platformStatusSchema,
  sellerAccountStatusSchema,
  sellerBalancesSchema,
  sellerModuleSchema,
  sellerPlatformSchema,
  TM_API_KEY_MIN_LENGTH,
} from '../domain/p2p/seller.ts';
import { emptyInput, idSchema, isoDateTime } from './common.ts';
import { idParam, idsSchema, listOutputSchema, pagesSchema, sortSchema } from './lists.ts';
import { BODY_LIMITS, defineOperation } from './operation.ts';

/** Hub source of the seller's live events on `seller-hub`. */
export const SELLER_SOURCE = 'accounts';

export const P2P_ACCOUNT_SORT_PROPERTIES = [
  'id',
  'login',
  'status',
  'platformStatus',
  'ordersCount',
  'available',
  'createdAt',
] as const;

/**
 * A P2P seller account as lists and the view dialog show it (docs/product-trading.md §3). The key only
 * masked, never the password.
 */
export const sellerAccountRowSchema = z.object({
  id: z.number().int().positive(),
  /** The user's Steam account it sells from. */
  steamAccountId: z.number().int().positive(),
  login: z.string(),
  steamId: z.string().nullable(),
  status: sellerAccountStatusSchema,
  platforms: z.array(platformStateSchema),
  /** Items listed on the market (orders), as of the last inventory sync. */
  ordersCount: z.number().int().nonnegative(),
  /** Deliveries not finished yet (pending, sent or confirmed): a safe stop or delete waits for them. */
  activeDeliveries: z.number().int().nonnegative(),
  proxyId: z.number().int().positive().nullable(),
  proxy: z.object({ address: z.string(), port: z.number().int() }).nullable(),
  /** The account's currency on the market; every write sends it, every balance read is checked against it. */
  currency: currencySchema,
  balances: sellerBalancesSchema,
  modules: z.array(sellerModuleSchema),
  /** The market API key masked to its last 4 characters (`••••abcd`). */
  apiKeyMasked: z.string(),
  hasPaymentPassword: z.boolean(),
  lastPingAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type SellerAccountRow = z.infer<typeof sellerAccountRowSchema>;

export const p2pAccountFiltersSchema = z.object({
  searchString: z.string().trim().max(200).optional(),
  withStatus: z.array(sellerAccountStatusSchema).default([]),
  withPlatformStatus: z.array(platformStatusSchema).default([]),
  withModules: z.array(sellerModuleSchema).default([]),
  /** Only accounts with (true) or without (false) active deliveries. */
  hasActiveDeliveries: z.boolean().nullable().optional(),
});

/** A market API key and a payment password as operations take them (seller accounts, transfers). */
export const apiKeyInput = z.string().trim().min(TM_API_KEY_MIN_LENGTH).max(128);
export const paymentPasswordInput = z.string().min(PAYMENT_PASSWORD_MIN_LENGTH).max(128);

/**
 * The answer of a bulk action: per account done or not (with the reason's result code and text), and the text to
 * show when some failed ("Some accounts could not be processed"). Retry sends the failed ids again.
 */
export const p2pBulkFailureSchema = z.object({
  id: z.number().int(),
  resultCode: z.number().int(),
  message: z.string(),
  /** `activeTrades`: a safe stop or delete met an active delivery (retry with force). */
  reason: z.enum(['notFound', 'activeTrades', 'notActive', 'failed']),
});
export const p2pBulkResultSchema = z.object({
  succeededIds: z.array(z.number().int()),
  failed: z.array(p2pBulkFailureSchema),
  /** Null when every account was processed. */
  message: z.string().nullable(),
});
export type P2pBulkResult = z.infer<typeof p2pBulkResultSchema>;

const bulkInput = z.object({ ids: idsSchema });
const forcedBulkInput = bulkInput.extend({
  /** Force: active deliveries are cancelled on Steam where possible and marked failed. */
  force: z.boolean().default(false),
});

export const p2p = {
  query: defineOperation({
    id: 'p2p.query',
    method: 'POST',
    path: '/api/p2p/accounts/query',
    summary:
      "The user's P2P seller accounts, filtered by status, platform status, modules and text, sorted and paged",
    input: p2pAccountFiltersSchema.extend({
      pages: pagesSchema,
      sort: sortSchema(P2P_ACCOUNT_SORT_PROPERTIES),
    }),
    output: listOutputSchema(sellerAccountRowSchema),
    flags: {},
  }),
  counters: defineOperation({
    id: 'p2p.counters',
    method: 'GET',
    path: '/api/p2p/accounts/counters',
    summary: 'How many seller accounts the user has, by status and by platform status, and active deliveries',
    input: emptyInput,
    output: z.object({
      total: z.number().int().nonnegative(),
      byStatus: z.record(sellerAccountStatusSchema, z.number().int().nonnegative()),
      byPlatformStatus: z.record(platformStatusSchema, z.number().int().nonnegative()),
      activeDeliveries: z.number().int().nonnegative(),
      /** The accounts' last read balances summed per currency (integer units), for the dashboard. */
      balances: z.object({ available: z.array(moneySchema), onHold: z.array(moneySchema) }),
    }),
    flags: {},
  }),
  get: defineOperation({
    id: 'p2p.get',
    method: 'GET',
    path: '/api/p2p/accounts/:id',
    summary: 'One seller account',
    input: idParam,
    output: sellerAccountRowSchema,
    flags: {},
  }),
  create: defineOperation({
    id: 'p2p.create',
    method: 'POST',
    path: '/api/p2p/accounts',
    summary:
      "Connect one of the user's Steam accounts to the market: the key is checked with the market (its SteamID must be the account's) and sealed with the payment password; the account starts stopped",
    input: z.object({
      steamAccountId: idSchema,
      apiKey: apiKeyInput,
      paymentPassword: paymentPasswordInput,
      /** Absent: the Steam account's proxy. Null: no proxy. */
      proxyId: idSchema.nullable().optional(),
      modules: z.array(sellerModuleSchema).max(2).default(['tradingBot']),
      tmCurrency: currencySchema.default('RUB'),
      /** The market the key is for; one seller account per Steam account and market (Waxpeer sells in USD). */
      platform: sellerPlatformSchema.default('tm'),
    }),
    output: sellerAccountRowSchema,
    flags: { noStore: true, stepUp: 'api_management' },
  }),
  update: defineOperation({
    id: 'p2p.update',
    method: 'PATCH',
    path: '/api/p2p/accounts/:id',
    summary:
      'Change the key (checked like on create), payment password, proxy, modules or currency of a seller account',
    input: idParam.extend({
      apiKey: apiKeyInput.optional(),
      paymentPassword: paymentPasswordInput.optional(),
      proxyId: idSchema.nullable().optional(),
      modules: z.array(sellerModuleSchema).max(2).optional(),
      tmCurrency: currencySchema.optional(),
    }),
    output: sellerAccountRowSchema,
    flags: { noStore: true, stepUp: 'api_management' },
    /** Only a new key or payment password asks for the second factor; proxy, modules and currency do not. */
    stepUpWhen: (input) => input.apiKey !== undefined || input.paymentPassword !== undefined,
  }),
  start: defineOperation({
    id: 'p2p.start',
    method: 'POST',
    path: '/api/p2p/accounts/start',
    summary: 'Start accounts: the seller loop keeps each online on the market and delivers its sales',
    input: bulkInput,
    output: p2pBulkResultSchema,
    flags: { stepUp: 'withdrawal' },
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  pause: defineOperation({
    id: 'p2p.pause',
    method: 'POST',
    path: '/api/p2p/accounts/pause',
    summary:
      'Pause running accounts: offline on the market (nothing new sells), sales already made are still delivered',
    input: bulkInput,
    output: p2pBulkResultSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  stop: defineOperation({
    id: 'p2p.stop',
    method: 'POST',
    path: '/api/p2p/accounts/stop',
    summary:
      'Stop accounts: safe (refused per account while a delivery is active) or force (active deliveries cancelled and marked failed); complete when every account stopped',
    input: forcedBulkInput,
    output: p2pBulkResultSchema.extend({
      outcome: z.enum(['complete', 'incomplete']),
      /** Deliveries a force stop cancelled. */
      cancelledDeliveries: z.number().int().nonnegative(),
    }),
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  remove: defineOperation({
    id: 'p2p.remove',
    method: 'POST',
    path: '/api/p2p/accounts/remove',
    summary:
      'Delete seller accounts with their sealed key and password: safe (refused per account while a delivery is active) or force (active deliveries cancelled first)',
    input: forcedBulkInput,
    output: p2pBulkResultSchema.extend({ cancelledDeliveries: z.number().int().nonnegative() }),
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  resetError: defineOperation({
    id: 'p2p.resetError',
    method: 'POST',
    path: '/api/p2p/accounts/reset-error',
    summary:
      "Reset the marketplace error of accounts: cleared once the market's own check passes again (the account's loop then pings and syncs at once); an account not in error is left as it is, one the market still refuses fails with 'Marketplace error reset failed'",
    input: bulkInput,
    output: p2pBulkResultSchema,
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  deliveries: defineOperation({
    id: 'p2p.deliveries',
    method: 'POST',
    path: '/api/p2p/accounts/:id/deliveries/query',
    summary: "A seller account's deliveries (one per sale request of the market), newest first",
    input: idParam.extend({
      withStatus: z.array(deliveryStatusSchema).default([]),
      pages: pagesSchema,
    }),
    output: listOutputSchema(deliverySchema),
    flags: {},
  }),
  changeCurrency: defineOperation({
    id: 'p2p.changeCurrency',
    method: 'POST',
    path: '/api/p2p/accounts/:id/currency',
    summary:
      "Change a seller account's currency on the market (change-currency): only while nothing is listed or in flight; the market's refusals answer as the spec's currency errors",
    input: idParam.extend({ currency: currencySchema }),
    output: sellerAccountRowSchema,
    flags: {},
  }),
  sandboxSimulateSales: defineOperation({
    id: 'p2p.sandboxSimulateSales',
    method: 'POST',
    path: '/api/p2p/sandbox/simulate-sales',
    summary:
      'Sandbox mode only: put up to `count` tradable items of each account on sale at the lowest price, which sandbox buyers take as soon as the account is online (for demos and tests)',
    input: z.object({ ids: idsSchema, count: z.number().int().min(1).max(50).default(1) }),
    output: z.object({ listed: z.number().int().nonnegative() }),
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
} as const;

/** A seller account changed: status, platforms, balances, orders or active deliveries (or it was removed). */
export const sellerAccountUpdatedSchema = z.object({
  accountId: z.number().int().positive(),
  /** True when the account was deleted; the other fields then repeat its last state. */
  removed: z.boolean(),
  status: sellerAccountStatusSchema,
  platforms: z.array(platformStateSchema),
  balances: sellerBalancesSchema,
  ordersCount: z.number().int().nonnegative(),
  activeDeliveries: z.number().int().nonnegative(),
  lastPingAt: isoDateTime.nullable(),
});
export type SellerAccountUpdated = z.infer<typeof sellerAccountUpdatedSchema>;

/** One delivery moved a step (pending -> sent -> confirmed -> ready, or failed). */
export const deliveryUpdatedSchema = deliverySchema;
export type DeliveryUpdated = z.infer<typeof deliveryUpdatedSchema>;
