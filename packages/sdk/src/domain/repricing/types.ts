/** What one repricing decision reads and answers (docs/repricing.md). */
import type { Money } from '../money/money.ts';

export const TRADING_PROFILES = ['aggressive', 'balanced', 'conservative'] as const;
export type TradingProfile = (typeof TRADING_PROFILES)[number];

export const SINGLE_PRICE_PICKS = ['min', 'median', 'max'] as const;
export type SinglePricePick = (typeof SINGLE_PRICE_PICKS)[number];

/**
 * The five price strategies (docs/product-trading.md §3). A band strategy gives the range the profile places
 * the price in; `singlePrice` gives the price itself. Percentages are basis points (10,000 = 100 %).
 */
export type PriceStrategy =
  /** The band is given in money. */
  | { kind: 'fixedRange'; low: Money; high: Money }
  /** The band is [custom * lowBp, custom * highBp] of the user's own reference price of the item. */
  | { kind: 'percentOfCustomPrice'; lowBp: number; highBp: number }
  /** The band is [provider * lowBp, provider * highBp] of the provider's reference price. */
  | { kind: 'percentOfProviderPrice'; lowBp: number; highBp: number }
  /** The band is [lot min * lowBp, lot max * highBp] of the lot's current thresholds. */
  | { kind: 'percentOfThresholds'; lowBp: number; highBp: number }
  /** The price is the lowest (bait-guarded), the median or the highest foreign ask. */
  | { kind: 'singlePrice'; pick: SinglePricePick };

export type PriceStrategyKind = PriceStrategy['kind'];

/** How the profiles behave (notes market.md §7.1); defaults in `DEFAULT_PROFILE_SETTINGS`. */
export interface ProfileSettings {
  /** balanced: never below the reference median times this (basis points). */
  balancedMedianFloorBp: number;
  /** conservative: the band around the provider price the match stays in (basis points). */
  conservativeLowBp: number;
  conservativeHighBp: number;
}

/**
 * The reference prices the strategies and profiles read; `bid`: the market's highest buy order, read only as a
 * floor (never a target to undercut); `crossMarket`: the lower median of the item's foreign asks on the user's other
 * markets in the lot's currency, read only to check the others (the outlier guard).
 */
export type ReferenceKind = 'custom' | 'provider' | 'median' | 'bid' | 'crossMarket';

/**
 * Why a reference was not acted on (a floor reference is dropped; a needed one stops the lot instead). `outlier`:
 * outside `OUTLIER_RATIO` times the median of the other sources.
 */
export type ReferenceDropReason = 'stale' | 'currency_mismatch' | 'outlier';

export interface DroppedReference {
  kind: ReferenceKind;
  why: ReferenceDropReason;
}

export interface ReferencePrice {
  price: Money;
  /** When the price was observed (the provider's answer, the user's edit). */
  observedAt: Date;
  /** How long it may be acted on; null when it does not expire (the user's own custom price). */
  ttlMs: number | null;
}

export type ReferencePrices = Partial<Record<ReferenceKind, ReferencePrice | null>>;

/** One listing of the item on the market (the server's `MarketAsks` rows have this shape). */
export interface MarketAsk {
  itemId: string;
  price: Money;
}

/** Every ask for one item name as the market answered, ours included. */
export interface AskSnapshot {
  asks: readonly MarketAsk[];
  fetchedAt: Date;
}

/** One lot as the decision sees it. */
export interface RepricingLot {
  /** The market's item id of the listing. */
  itemId: string;
  marketHashName: string;
  /** The current listed price; its currency is the lot's (the account's market currency). */
  price: Money;
  min: Money | null;
  max: Money | null;
  purchasePrice: Money | null;
  profile: TradingProfile;
  strategy: PriceStrategy;
  /** Listed and buyable now (TM status 1). */
  onSale: boolean;
  /** Unix-second hold release of a sold item; above zero the lot is not repriced. */
  settlement: number;
  /** When we last wrote this listing's price (null when never). */
  lastPriceWriteAt: Date | null;
}

/** What every lot of one run shares. */
export interface RepricingContext {
  now: Date;
  /** Asks per market hash name; a name missing here has no market data. */
  asksByName: ReadonlyMap<string, AskSnapshot>;
  /** Every item id the user has listed, on every seller account. */
  ownItemIds: ReadonlySet<string>;
  /** Reference prices per market hash name. */
  referencesByName: ReadonlyMap<string, ReferencePrices>;
  profileSettings?: ProfileSettings;
  /** The market's spacing of price changes per listing; PRICE_WRITE_COOLDOWN_MS (TM's minute) by default. */
  priceWriteCooldownMs?: number;
  /** The share of the highest buy order no price goes under; BID_FLOOR_BP (the whole order) by default. */
  bidFloorBp?: number;
}

export type RepricingOutcome = 'changed' | 'unchanged' | 'unavailable' | 'failed';

export type RepricingReason =
  /** changed: the price moves to the target. */
  | 'repriced'
  /** unchanged: the target is within one tick of the current price. */
  | 'no_change'
  /** unchanged: the target is outside [min, max] or the floor is above max; the lot gets the issue. */
  | 'out_of_range'
  | 'not_on_sale'
  | 'cooldown'
  | 'no_thresholds'
  | 'no_market_data'
  | 'stale_market_data'
  | 'reference_missing'
  | 'reference_stale'
  /** A reference the lot needs is outside 3 times the median of the other sources (the outlier guard). */
  | 'reference_outlier'
  | 'currency_mismatch'
  /** A price, bound or purchase price that is negative or not a whole number of units. */
  | 'invalid_amount'
  | 'invalid_thresholds'
  | 'invalid_strategy'
  /** failed: the market refused the write (apply only). */
  | 'write_failed';

export interface RepricingDecision {
  itemId: string;
  outcome: RepricingOutcome;
  reason: RepricingReason;
  /** Present when the outcome is changed. */
  newPrice?: Money;
  /** The price the rules arrived at, also when it was not sent (out of range, no change). */
  target?: Money;
  issue?: 'out_of_range';
  /** cooldown: the earliest time the lot may be written again. */
  retryAt?: Date;
  /** The references the price was decided from (the strategy's, the profile's, and `bid` when it held the floor). */
  referencesUsed?: ReferenceKind[];
  /** The references left out, and why (a stale buy order is never a floor). */
  referencesDropped?: DroppedReference[];
}
