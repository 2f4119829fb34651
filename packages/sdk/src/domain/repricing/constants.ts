/** Repricing limits (notes market.md §7, §11; docs/product-trading.md §9). */

/** TM takes at most 50 items per mass-set-price call; the server's market adapters refuse more. */
export const REPRICE_BATCH_LIMIT = 50;

/** TM changes one listing's price at most once a minute; a lot written more recently is left for the next tick. */
export const PRICE_WRITE_COOLDOWN_MS = 60_000;

/** Market asks older than this are not acted on (a tick runs every 30-60 s, so two missed ticks). */
export const MARKET_ASKS_TTL_MS = 5 * 60_000;

/** Basis points in one whole: percentages are integers of 0.01 %. */
export const BASIS_POINTS = 10_000;

/**
 * The bait guard's ratio in basis points: a second foreign ask under 105 % of the lowest makes the lowest real;
 * at or above it the lowest is treated as bait.
 */
export const BAIT_RATIO_BP = 10_500;

/**
 * No price goes under this share of the market's highest buy order (basis points): the item would sell faster to
 * the order than to a buyer of a cheaper listing.
 */
export const BID_FLOOR_BP = 10_000;

/**
 * The outlier guard: a reference above this many times the median of the other sources, or under that median
 * divided by it, is an outlier and is not acted on (notes repricing.md: an aggregator's rule).
 */
export const OUTLIER_RATIO = 3;
