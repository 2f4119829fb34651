/**
 * The harvester's shapes (docs/product-trading.md §3-4, docs/trading-rules.md §3): settings profiles,
 * sessions and transactions, shared by the contract, the planner, the server, the web screen and the CLI.
 * Money is integer units beside the currency.
 */
import { z } from 'zod';
import { moneySchema } from '../money/money-schema.ts';
import { TRADE_FAILURE_REASONS } from '../trading/failures.ts';
import { tradeGameSchema } from '../trading/games.ts';

export const HARVESTER_GAMES_MODES = ['all', 'whitelist', 'blacklist'] as const;
export const harvesterGamesModeSchema = z.enum(HARVESTER_GAMES_MODES);
export type HarvesterGamesMode = z.infer<typeof harvesterGamesModeSchema>;

/** Community item types a target may give back (app 753, context 6). */
export const GIVE_BACK_TYPES = ['tradingCards', 'emoticons', 'backgrounds'] as const;
export const giveBackTypeSchema = z.enum(GIVE_BACK_TYPES);
export type GiveBackType = z.infer<typeof giveBackTypeSchema>;

export const DISTRIBUTION_MODES = ['roundRobin', 'balancedCap', 'proportionalSpread'] as const;
export const distributionModeSchema = z.enum(DISTRIBUTION_MODES);
export type DistributionMode = z.infer<typeof distributionModeSchema>;

/** Item counts are bounded by what one account can hold; values by what an integer amount can carry. */
export const MAX_HARVESTER_ITEMS = 1_000_000;
const nonNegativeMoney = moneySchema.extend({
  amount: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
});

export const HARVESTER_PROFILE_NAME = { min: 3, max: 64 } as const;

export const harvesterGamesSchema = z.object({
  mode: harvesterGamesModeSchema,
  /**
   * The games of the white or black list; at least one when the mode uses a list (docs/product-trading.md §5
   * "Game profile").
   */
  list: z
    .array(tradeGameSchema)
    .max(tradeGameSchema.options.length)
    .refine((games) => new Set(games).size === games.length, 'Each game once'),
});
export type HarvesterGames = z.infer<typeof harvesterGamesSchema>;

export const giveBackSettingsSchema = z.object({
  tradingCards: z.boolean(),
  emoticons: z.boolean(),
  backgrounds: z.boolean(),
  /**
   * On: a source with nothing to give still gets a trade that only brings it the give-back. Off: such empty trades
   * are not made; a trade whose target has nothing to give back is still sent, one way only.
   */
  allowEmptyTrades: z.boolean(),
  /** Only items priced under this are given back (items of unknown price or another currency never are). */
  itemValueThreshold: nonNegativeMoney,
  /** Most items a target gives back in one trade. */
  maxReturnItems: z.number().int().nonnegative().max(255),
  /** Most value a target gives back in one trade. */
  totalReturnValueLimit: nonNegativeMoney,
  /** Which types are picked first; every type once. */
  itemTypePriority: z
    .array(giveBackTypeSchema)
    .length(GIVE_BACK_TYPES.length)
    .refine((types) => new Set(types).size === types.length, 'Each type once'),
});
export type GiveBackSettings = z.infer<typeof giveBackSettingsSchema>;

export const distributionSettingsSchema = z.object({
  mode: distributionModeSchema,
  /**
   * Balanced cap only: the most items a target may hold of the session's moves; null fills every target evenly to
   * the same level (the even cap), so nothing is left over.
   */
  capPerTarget: z.number().int().positive().max(MAX_HARVESTER_ITEMS).nullable().default(null),
});
export type DistributionSettings = z.infer<typeof distributionSettingsSchema>;

/** A profile's settings: everything but its name and default flag. */
export const harvesterSettingsSchema = z.object({
  games: harvesterGamesSchema,
  giveBack: giveBackSettingsSchema,
  distribution: distributionSettingsSchema,
  /** Items priced above this are not moved; items of unknown price (or another currency) are not moved either. */
  maxItemPrice: nonNegativeMoney.nullable(),
  /** Most items taken from each source in a session; null: no limit. */
  maxItems: z.number().int().positive().max(MAX_HARVESTER_ITEMS).nullable(),
});
export type HarvesterSettings = z.infer<typeof harvesterSettingsSchema>;

export const harvesterProfileNameSchema = z
  .string()
  .trim()
  .min(HARVESTER_PROFILE_NAME.min)
  .max(HARVESTER_PROFILE_NAME.max);

export const harvesterProfileSchema = harvesterSettingsSchema.extend({
  id: z.number().int().positive(),
  name: z.string(),
  isDefault: z.boolean(),
  createdAt: z.iso.datetime({ offset: false }),
  updatedAt: z.iso.datetime({ offset: false }),
});
export type HarvesterProfile = z.infer<typeof harvesterProfileSchema>;

/**
 * docs/product-trading.md §4: idle, running, paused, unknown (the runner lost its lease and has not been
 * reconciled yet).
 */
export const HARVESTER_SESSION_STATUSES = ['idle', 'running', 'paused', 'unknown'] as const;
export const harvesterSessionStatusSchema = z.enum(HARVESTER_SESSION_STATUSES);
export type HarvesterSessionStatus = z.infer<typeof harvesterSessionStatusSchema>;

/**
 * The spec's transaction steps in order, then the ends: `reversed` follows `completed` only, when the sender undid
 * the trade under Trade Protection (its offer stays accepted; the trade's own status says so).
 */
export const HARVESTER_STEPS = [
  'preparing',
  'authentication',
  'inventory_scan',
  'trading',
  'confirmation',
  'accepting_trade',
  'target_confirmation',
  'verifying',
] as const;
export const HARVESTER_ENDS = ['completed', 'cancelled', 'error', 'reversed'] as const;
export const HARVESTER_TRANSACTION_STATUSES = [...HARVESTER_STEPS, ...HARVESTER_ENDS] as const;
export const harvesterTransactionStatusSchema = z.enum(HARVESTER_TRANSACTION_STATUSES);
export type HarvesterTransactionStatus = z.infer<typeof harvesterTransactionStatusSchema>;
export const harvesterStepSchema = z.enum(HARVESTER_STEPS);
export type HarvesterStep = z.infer<typeof harvesterStepSchema>;

/** A transaction still on its way (cancel applies to these). */
export function isActiveTransactionStatus(status: HarvesterTransactionStatus): status is HarvesterStep {
  return (HARVESTER_STEPS as readonly string[]).includes(status);
}

/** Why a transaction ended in error: a Steam trading reason, or what the harvester itself saw. */
export const HARVESTER_ERROR_REASONS = [
  ...TRADE_FAILURE_REASONS,
  /** The target declined or Steam cancelled the offer. */
  'offerDeclined',
  /** The offer was countered, expired or rolled back instead of completing. */
  'tradeFailed',
  /** The planned items are no longer in the source's inventory. */
  'inventoryChanged',
  /** The source or target is not a usable Steam account any more (removed, or without a SteamID). */
  'accountUnavailable',
] as const;
export const harvesterErrorReasonSchema = z.enum(HARVESTER_ERROR_REASONS);
export type HarvesterErrorReason = z.infer<typeof harvesterErrorReasonSchema>;

/** Value per currency (integer units); items priced in several currencies are never added across them. */
export const moneyTotalsSchema = z.array(moneySchema);
export type MoneyTotals = z.infer<typeof moneyTotalsSchema>;

export const accountRefSchema = z.object({ id: z.number().int().positive(), login: z.string() });
export type AccountRef = z.infer<typeof accountRefSchema>;
