/** Trade offers and mobile confirmations as web and CLI show them (notes §4, §7). */
import { z } from 'zod';
import { tradeAssetSchema } from './items.ts';

/** `ETradeOfferState`, plus the undocumented 12 Steam shows for a reversed protected trade (notes §14). */
export const TradeOfferState = {
  Invalid: 1,
  Active: 2,
  Accepted: 3,
  Countered: 4,
  Expired: 5,
  Canceled: 6,
  Declined: 7,
  InvalidItems: 8,
  CreatedNeedsConfirmation: 9,
  CanceledBySecondFactor: 10,
  InEscrow: 11,
  Reversed: 12,
} as const;
export type TradeOfferStateValue = (typeof TradeOfferState)[keyof typeof TradeOfferState];
export const tradeOfferStateSchema = z.number().int().min(1).max(12);

/** States after which an offer never changes again (reversal aside). */
export const FINAL_OFFER_STATES: ReadonlySet<number> = new Set([
  TradeOfferState.Invalid,
  TradeOfferState.Accepted,
  TradeOfferState.Countered,
  TradeOfferState.Expired,
  TradeOfferState.Canceled,
  TradeOfferState.Declined,
  TradeOfferState.InvalidItems,
  TradeOfferState.CanceledBySecondFactor,
  TradeOfferState.Reversed,
]);

export function offerStateName(state: number): string {
  for (const [name, value] of Object.entries(TradeOfferState)) if (value === state) return name;
  return `Unknown${state}`;
}

const isoDateTime = z.iso.datetime({ offset: false });
const offerIdSchema = z.string().regex(/^\d{1,20}$/);

export const tradeOfferSchema = z.object({
  id: offerIdSchema,
  partnerSteamId: z.string().regex(/^\d{17}$/),
  /** True when this account sent it. */
  isOurOffer: z.boolean(),
  state: tradeOfferStateSchema,
  message: z.string(),
  itemsToGive: z.array(tradeAssetSchema),
  itemsToReceive: z.array(tradeAssetSchema),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  expiresAt: isoDateTime,
  /** When items held in escrow are delivered (state 11). */
  escrowEndsAt: isoDateTime.nullable(),
  /** Steam's trade id once accepted: the receipt carries the new asset ids. */
  tradeId: z.string().nullable(),
  /** 0 none, 1 e-mail, 2 mobile app. */
  confirmationMethod: z.number().int().min(0).max(2),
});
export type TradeOffer = z.infer<typeof tradeOfferSchema>;

/** `EConfirmationType`. */
export const ConfirmationType = { Trade: 2, MarketListing: 3 } as const;

export const mobileConfirmationSchema = z.object({
  id: z.string(),
  /** Key Steam wants back with the answer. */
  nonce: z.string(),
  type: z.number().int(),
  /** For a trade confirmation: the trade offer id. */
  creatorId: z.string(),
  headline: z.string(),
  /** Steam's lines under the headline (the items of a trade or listing); absent when it gave none. */
  summary: z.array(z.string()).optional(),
  createdAt: isoDateTime,
});
export type MobileConfirmation = z.infer<typeof mobileConfirmationSchema>;

export const tradeHoldSchema = z.object({
  /** Days our items would be held if we traded with this partner now. */
  myEscrowDays: z.number().int().nonnegative(),
  theirEscrowDays: z.number().int().nonnegative(),
});
export type TradeHold = z.infer<typeof tradeHoldSchema>;
