/** Steam's trading limits (notes §2, §14); the port refuses what Steam would refuse, with a named reason. */
export const TRADE_LIMITS = {
  /** Items on both sides of one offer together. */
  maxItemsPerOffer: 255,
  /** Offers to one partner in one send run (Steam answers (50) beyond it). */
  maxOffersPerPartnerPerRun: 5,
  /** Active sent offers an account may have at once. */
  maxActiveSentOffers: 30,
  /** An offer nobody answers expires (state 5) after this many days. */
  offerExpiryDays: 14,
  /** Items per inventory page the port asks for; Steam allows 2000 and bans proxies that ask for more. */
  inventoryPageSize: 1000,
  inventoryPageSizeMax: 2000,
  /** Characters of an offer message Steam keeps. */
  maxMessageLength: 128,
} as const;

export const OFFER_EXPIRY_MS = TRADE_LIMITS.offerExpiryDays * 24 * 60 * 60_000;
/** Trade Protection holds a received CS2 item this long (plus the hours to Valve's midnight). */
export const TRADE_PROTECTION_DAYS = 7;
