import { z } from 'zod';
import { moneySchema } from '../domain/money/money-schema.ts';
import { steamAccountStatusSchema } from '../domain/steam/schemas.ts';
import { tradeFailureReasonSchema } from '../domain/trading/failures.ts';
import { tradeGameSchema } from '../domain/trading/games.ts';
import { inventoryItemSchema, tradeAssetSchema } from '../domain/trading/items.ts';
import { TRADE_LIMITS } from '../domain/trading/limits.ts';
import { OFFER_REFERENCE_PATTERN } from '../domain/trading/offer-reference.ts';
import { tradeOfferSchema } from '../domain/trading/offers.ts';
import { emptyInput, idFromText, idSchema, isoDateTime } from './common.ts';
import { idParam, listOutputSchema, pagesSchema, sortSchema } from './lists.ts';
import { BODY_LIMITS, defineOperation } from './operation.ts';

const steamIdText = z.string().regex(/^\d{17}$/, 'SteamID64 as 17 decimal digits');
const offerIdText = z.string().regex(/^\d{1,20}$/, 'trade offer id as decimal digits');

/**
 * How the last scan of one game's inventory ended: `listed` or `empty` (items cached as of `scannedAt`), `private`
 * (Steam hides it), or `failed` (the cached items, if any, are from an earlier scan; `error` says why).
 */
export const INVENTORY_SCAN_STATES = ['listed', 'empty', 'private', 'failed'] as const;
export const inventoryScanSchema = z.object({
  game: tradeGameSchema,
  state: z.enum(INVENTORY_SCAN_STATES),
  itemCount: z.number().int().nonnegative(),
  /** What Steam said the inventory holds. */
  totalCount: z.number().int().nonnegative(),
  /** The last scan that read the inventory (listed, empty or private); null when none has yet. */
  scannedAt: isoDateTime.nullable(),
  /** The last attempt, successful or not. */
  attemptedAt: isoDateTime,
  errorReason: tradeFailureReasonSchema.nullable(),
  /** The reason in the request's language. */
  error: z.string().nullable(),
});
export type InventoryScan = z.infer<typeof inventoryScanSchema>;

export const INVENTORY_SORT_PROPERTIES = ['price', 'name', 'tradableAfter', 'game'] as const;

/**
 * A trade action written before Steam is called (docs/trading-rules.md §2 rule 1), with its outcome once
 * known.
 */
export const TRADE_INTENT_STATUSES = ['pending', 'done', 'failed', 'notSent', 'reversed'] as const;
export const tradeIntentSchema = z.object({
  id: z.number().int().positive(),
  kind: z.enum(['send', 'accept']),
  /** Our reference: carried in the offer message as `[td:<reference>]`. */
  reference: z.string(),
  /**
   * `pending`: Steam was called and the outcome is not recorded yet (or is being reconciled); `done`; `failed`
   * (Steam refused: nothing moved); `notSent` (reconciled after a crash: Steam has no such offer); `reversed`
   * (after `done` only: a move between the user's own accounts whose trade was rolled back under Trade Protection).
   */
  status: z.enum(TRADE_INTENT_STATUSES),
  partnerSteamId: steamIdText.nullable(),
  offerId: offerIdText.nullable(),
  offerState: z.number().int().nullable(),
  /** Whether the mobile confirmation is still to be given (state 9, or an accept that gives items). */
  needsConfirmation: z.boolean(),
  errorReason: tradeFailureReasonSchema.nullable(),
  error: z.string().nullable(),
  createdAt: isoDateTime,
  completedAt: isoDateTime.nullable(),
});
export type TradeIntent = z.infer<typeof tradeIntentSchema>;

/** An offer as listed for an account, with our reference when Tradedeck sent it. */
export const accountOfferSchema = tradeOfferSchema.extend({ reference: z.string().nullable() });
export type AccountOffer = z.infer<typeof accountOfferSchema>;

const offerParam = idParam.extend({ offerId: offerIdText });

/** Hub source of the inventory refresh job and of account status changes. */
export const STEAM_TRADING_SOURCE = 'accounts';

/** Longest period of the scheduled inventory reads: a week. */
export const INVENTORY_REFRESH_MAX_HOURS = 168;
/** The workspace's scheduled inventory reads (docs/portfolio.md "Freshness"): every `hours`, or off (null). */
export const inventoryRefreshScheduleSchema = z.object({
  hours: z.number().int().min(1).max(INVENTORY_REFRESH_MAX_HOURS).nullable(),
});
export type InventoryRefreshSchedule = z.infer<typeof inventoryRefreshScheduleSchema>;

export const steamTrading = {
  inventory: defineOperation({
    id: 'steamTrading.inventory',
    method: 'POST',
    path: '/api/steam-accounts/:id/inventory/query',
    summary:
      "An account's cached inventory (as of the last scan of each game): filtered by game, tradability, text and least price, sorted and paged, with each game's scan",
    input: idParam.extend({
      game: tradeGameSchema.optional(),
      tradableOnly: z.boolean().default(false),
      searchString: z.string().trim().max(200).optional(),
      /** Items priced at least this (integer units of the item's reference currency, `MONEY_SCALE`). */
      minPrice: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
      pages: pagesSchema,
      sort: sortSchema(INVENTORY_SORT_PROPERTIES),
    }),
    output: listOutputSchema(inventoryItemSchema).extend({
      scans: z.array(inventoryScanSchema),
      /** Total reference value of the items matching the filters, per currency (`MONEY_SCALE` units). */
      value: z.array(moneySchema),
    }),
    flags: {},
  }),
  refreshSchedule: defineOperation({
    id: 'steamTrading.refreshSchedule',
    method: 'GET',
    path: '/api/steam-trading/refresh-schedule',
    summary: "How often the workspace's inventories are read on a schedule (null: off)",
    input: emptyInput,
    output: inventoryRefreshScheduleSchema,
    flags: {},
  }),
  setRefreshSchedule: defineOperation({
    id: 'steamTrading.setRefreshSchedule',
    method: 'PUT',
    path: '/api/steam-trading/refresh-schedule',
    summary: "Read the workspace's inventories every 1 to 168 hours, or turn the schedule off (null)",
    input: inventoryRefreshScheduleSchema,
    output: inventoryRefreshScheduleSchema,
    flags: {},
  }),
  refreshInventories: defineOperation({
    id: 'steamTrading.refreshInventories',
    method: 'POST',
    path: '/api/steam-trading/inventory-refresh',
    summary:
      'Scan the inventories of accounts as a background job (resumed after a restart); each account scanned arrives as InventoryScanned on steam-trading-hub',
    input: z.object({
      accountIds: z.array(idSchema).min(1).max(100_000),
      games: z.array(tradeGameSchema).min(1).max(5).optional(),
    }),
    output: z.object({ batchId: z.string(), total: z.number().int().nonnegative(), sourceId: z.string() }),
    flags: {},
    maxBodyBytes: BODY_LIMITS.idBatch,
  }),
  offers: defineOperation({
    id: 'steamTrading.offers',
    method: 'POST',
    path: '/api/steam-accounts/:id/offers/query',
    summary: "An account's sent and/or received trade offers updated since a time, read from Steam",
    input: idParam.extend({
      sent: z.boolean().default(true),
      received: z.boolean().default(true),
      /** Default: the last 14 days (an offer's lifetime). */
      since: isoDateTime.optional(),
      activeOnly: z.boolean().default(false),
      pages: pagesSchema,
    }),
    output: listOutputSchema(accountOfferSchema),
    flags: {},
  }),
  getOffer: defineOperation({
    id: 'steamTrading.getOffer',
    method: 'GET',
    path: '/api/steam-accounts/:id/offers/:offerId',
    summary: 'One trade offer of an account, read from Steam',
    input: offerParam,
    output: accountOfferSchema,
    flags: {},
  }),
  sendOffer: defineOperation({
    id: 'steamTrading.sendOffer',
    method: 'POST',
    path: '/api/steam-accounts/:id/offers',
    summary:
      'Send a trade offer (intent recorded first; a reference already used answers its recorded outcome, never a second offer); confirmed on the mobile authenticator unless told not to',
    input: idParam.extend({
      partnerSteamId: steamIdText,
      /** The partner's trade token (the `token` of the trade URL); null when the accounts are friends. */
      tradeToken: z.string().trim().min(1).max(32).nullable(),
      itemsToGive: z.array(tradeAssetSchema).max(TRADE_LIMITS.maxItemsPerOffer).default([]),
      itemsToReceive: z.array(tradeAssetSchema).max(TRADE_LIMITS.maxItemsPerOffer).default([]),
      message: z.string().max(TRADE_LIMITS.maxMessageLength).optional(),
      /** The caller's idempotency key (1-40 letters, digits, - and _); the server makes one when absent. */
      reference: z.string().regex(OFFER_REFERENCE_PATTERN).optional(),
      allowEscrow: z.boolean().default(false),
      confirm: z.boolean().default(true),
    }),
    output: tradeIntentSchema,
    flags: { stepUp: 'withdrawal', stepUpWaiver: 'ownAccounts', idempotent: true },
    stepUpWhen: (input) => input.itemsToGive.length > 0,
  }),
  acceptOffer: defineOperation({
    id: 'steamTrading.acceptOffer',
    method: 'POST',
    path: '/api/steam-accounts/:id/offers/:offerId/accept',
    summary:
      'Accept a received trade offer (intent recorded first); confirmed on the mobile authenticator when we give items, unless told not to',
    input: offerParam.extend({ confirm: z.boolean().default(true) }),
    output: tradeIntentSchema,
    flags: { stepUp: 'withdrawal', stepUpWaiver: 'ownAccounts', idempotent: true },
  }),
  declineOffer: defineOperation({
    id: 'steamTrading.declineOffer',
    method: 'POST',
    path: '/api/steam-accounts/:id/offers/:offerId/decline',
    summary: 'Decline a received trade offer',
    input: offerParam,
    output: z.object({ offerId: offerIdText }),
    flags: {},
  }),
  cancelOffer: defineOperation({
    id: 'steamTrading.cancelOffer',
    method: 'POST',
    path: '/api/steam-accounts/:id/offers/:offerId/cancel',
    summary: 'Cancel a trade offer the account sent',
    input: offerParam,
    output: z.object({ offerId: offerIdText }),
    flags: {},
  }),
  confirmOffers: defineOperation({
    id: 'steamTrading.confirmOffers',
    method: 'POST',
    path: '/api/steam-accounts/:id/confirmations',
    summary:
      'Accept or deny the mobile confirmations of offers this account sent or accepted through Tradedeck; any other confirmation is left alone',
    input: idParam.extend({
      offerIds: z.array(offerIdText).min(1).max(100),
      accept: z.boolean().default(true),
    }),
    output: z.object({ answered: z.array(offerIdText), missing: z.array(offerIdText) }),
    flags: { stepUp: 'withdrawal', stepUpWaiver: 'ownAccounts', idempotent: true },
    stepUpWhen: (input) => input.accept,
  }),
  intents: defineOperation({
    id: 'steamTrading.intents',
    method: 'GET',
    path: '/api/steam-accounts/:id/trade-intents',
    summary: "An account's recorded trade actions (sends and accepts), newest first",
    input: z.object({ id: idFromText, reference: z.string().regex(OFFER_REFERENCE_PATTERN).optional() }),
    output: z.array(tradeIntentSchema),
    flags: {},
  }),
  sandboxEndSessions: defineOperation({
    id: 'steamTrading.sandboxEndSessions',
    method: 'POST',
    path: '/api/steam-accounts/:id/sandbox/end-sessions',
    summary:
      "Sandbox mode only: end the account's Steam sessions on the simulated Steam, as a user revoking them would (the next trading call puts it in error)",
    input: idParam,
    output: z.object({ id: z.number().int(), accountStatus: steamAccountStatusSchema }),
    flags: {},
  }),
  sandboxLiftTradeCase: defineOperation({
    id: 'steamTrading.sandboxLiftTradeCase',
    method: 'POST',
    path: '/api/steam-accounts/:id/sandbox/lift-trade-case',
    summary:
      'Sandbox mode only: fix the cause of a trading failure account on the simulated Steam (ban lifted, confirmations showing again, escrow or rate limit over), as its owner would',
    input: idParam,
    output: z.object({ id: z.number().int() }),
    flags: {},
  }),
} as const;

/** One account of an inventory refresh batch, scanned (each requested game's scan as stored). */
export const inventoryScannedSchema = z.object({
  batchId: z.string(),
  accountId: z.number().int().positive(),
  scans: z.array(inventoryScanSchema.omit({ error: true })),
  /** Accounts of the batch scanned so far (this one included) and in all. */
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type InventoryScanned = z.infer<typeof inventoryScannedSchema>;

/** An account's status changed after a trading call (a session lost or revoked, or recovered). */
export const accountStatusChangedSchema = z.object({
  accountId: z.number().int().positive(),
  accountStatus: steamAccountStatusSchema,
  /** The trading failure reason behind status error; the web and CLI show its text. */
  reason: tradeFailureReasonSchema.nullable(),
});
export type AccountStatusChanged = z.infer<typeof accountStatusChangedSchema>;
