/**
 * The P2P seller's vocabulary (docs/product-trading.md §3 "P2P seller account", docs/trading-rules.md §4):
 * account and platform statuses, modules, deliveries and the reasons behind a platform's status, shared by
 * the server, the web screen and the CLI.
 */
import { z } from 'zod';
import { moneySchema } from '../money/money-schema.ts';
import { tradeAssetSchema } from '../trading/items.ts';

const isoDateTime = z.iso.datetime({ offset: false });

/** The marketplaces a seller account is connected to; TM first (the list is data). */
export const SELLER_PLATFORMS = ['tm', 'waxpeer'] as const;
export const sellerPlatformSchema = z.enum(SELLER_PLATFORMS);
export type SellerPlatform = z.infer<typeof sellerPlatformSchema>;

/**
 * The account's own state: `running` (the seller loop keeps it online on the market and delivers sales),
 * `paused` (offline on the market, so nothing new sells, but sales already made are still delivered),
 * `stopped` (no loop at all; a safe stop is refused while a delivery is still active).
 */
export const SELLER_ACCOUNT_STATUSES = ['running', 'paused', 'stopped'] as const;
export const sellerAccountStatusSchema = z.enum(SELLER_ACCOUNT_STATUSES);
export type SellerAccountStatus = z.infer<typeof sellerAccountStatusSchema>;

/** A platform's status (notes market.md §9): none (not connected or not running), online, warning, error. */
export const PLATFORM_STATUSES = ['none', 'online', 'warning', 'error'] as const;
export const platformStatusSchema = z.enum(PLATFORM_STATUSES);
export type PlatformStatus = z.infer<typeof platformStatusSchema>;

/** Why a platform is not plainly online; the web and CLI show `platformReasonMessages`. */
export const PLATFORM_REASONS = [
  /** The account is stopped or paused: the market sees it offline. */
  'notRunning',
  /** `Bad KEY`: the key is wrong or the market deleted it. */
  'badKey',
  /** The market banned the account from selling (undelivered sales). */
  'marketBanned',
  /** The market's account checks (`test`) failed: trade link, token or site state. */
  'marketCheckFailed',
  /** The market holds no trade token for the account (`user_token` false): it cannot deliver to buyers. */
  'tradeTokenMissing',
  /** The market answered the ping without putting the account online. */
  'notOnline',
  /** A ping failed (other than "too early"). */
  'pingFailed',
  /** The last successful ping is older than 3 minutes. */
  'pingStale',
  /** The market's currency differs from the account's stored currency (the currency guard). */
  'currencyMismatch',
  /** Sold items wait for our trade offer. */
  'deliveriesPending',
  /** A delivery failed. */
  'deliveryFailed',
  /** The market is unreachable or in maintenance (HTTP 502/503). */
  'marketUnavailable',
  /** The market paced this key (too many requests). */
  'rateLimited',
  /** Steam holds or bans trading on the account. */
  'tradeRestricted',
  /** The Steam web session could not be opened (no access token for the market). */
  'steamSession',
  'unknown',
] as const;
export const platformReasonSchema = z.enum(PLATFORM_REASONS);
export type PlatformReason = z.infer<typeof platformReasonSchema>;

export const platformStateSchema = z.object({
  platform: sellerPlatformSchema,
  status: platformStatusSchema,
  /** When the status was last decided. */
  updatedAt: isoDateTime.nullable(),
  reason: platformReasonSchema.nullable(),
  /** The market's own words behind the reason (never a key), e.g. "market USD, stored RUB". */
  detail: z.string().nullable(),
});
export type PlatformState = z.infer<typeof platformStateSchema>;

/** Connected modules: the trading bot is the delivery loop, the market scanner the repricing. */
export const SELLER_MODULES = ['tradingBot', 'marketScanner'] as const;
export const sellerModuleSchema = z.enum(SELLER_MODULES);
export type SellerModule = z.infer<typeof sellerModuleSchema>;

/** Available and on-hold balances, integer market units; null until the first balance read. */
export const sellerBalancesSchema = z.object({
  available: moneySchema.nullable(),
  onHold: moneySchema.nullable(),
  updatedAt: isoDateTime.nullable(),
});
export type SellerBalances = z.infer<typeof sellerBalancesSchema>;

/**
 * One TM delivery (one `trade-request-give-p2p-all` hash): `pending` (intent written, the offer not yet sent or its
 * outcome not yet recorded), `sent` (Steam has the offer), `confirmed` (mobile-confirmed), `ready` (registered with
 * the market by trade-ready: done for us), `failed` (Steam refused, or a force stop cancelled it), `reversed` (after
 * `ready` only: the trade was rolled back under Trade Protection within its window, the items went back).
 */
export const DELIVERY_STATUSES = ['pending', 'sent', 'confirmed', 'ready', 'failed', 'reversed'] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;
/** Deliveries not finished: a safe stop or delete is refused while one exists. */
export const ACTIVE_DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'sent', 'confirmed'];

export const DELIVERY_FAILURES = [
  'cancelled',
  'offerRefused',
  'notSent',
  'expired',
  'soldElsewhere',
  'tooLate',
] as const;
export const deliveryFailureSchema = z.enum(DELIVERY_FAILURES);
export type DeliveryFailure = z.infer<typeof deliveryFailureSchema>;

export const deliverySchema = z.object({
  id: z.number().int().positive(),
  sellerAccountId: z.number().int().positive(),
  platform: sellerPlatformSchema,
  /** The market's id of the delivery request. */
  hash: z.string(),
  status: deliveryStatusSchema,
  partnerSteamId: z.string(),
  items: z.array(tradeAssetSchema),
  /** Our reference carried in the offer message as `[td:<reference>]`. */
  reference: z.string(),
  offerId: z.string().nullable(),
  failure: deliveryFailureSchema.nullable(),
  /** The trading failure or market words behind a failure (not localised). */
  detail: z.string().nullable(),
  createdAt: isoDateTime,
  sentAt: isoDateTime.nullable(),
  readyAt: isoDateTime.nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

/**
 * docs/product-trading.md §9 and the balance transfer rules: a market API key is at least 10 characters, a
 * payment password 6.
 */
export const TM_API_KEY_MIN_LENGTH = 10;
export const PAYMENT_PASSWORD_MIN_LENGTH = 6;

/** How the key is shown: its last 4 characters behind dots. */
export function maskApiKey(key: string): string {
  return `••••${key.slice(-4)}`;
}
