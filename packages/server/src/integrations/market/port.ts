/**
 * The market port: what the seller, lots, sales and transfer modules need from a marketplace. TM (market.csgo.com
 * and its sister hosts, API v2) first; the platform is data, so another market is one more adapter.
 *
 * Two adapters implement it: `live` (the TM v2 HTTP client: key in the query, per-key pacing at or under 4
 * requests/s shared by every process, `cur` on every write) and `sandbox` (a simulated market with competitor asks,
 * buyers, 7-day settlement holds and money transfers between its accounts). Every amount is `Money`: integer units
 * of the market's own scale (`MONEY_SCALE`), so nothing is divided or rounded between the market and the database.
 *
 * Every call answers a discriminated union; a mass call answers per item, because TM's envelope says success even
 * when items fail. Money calls (`sendMoney`) are never retried by the port; the caller settles a lost reply only on
 * positive evidence (`moneySendByCustomId` finding it, `moneySendHistory`, balances before and after) before anything
 * is offered again (docs/trading-rules.md §2 rule 1). `transfer-discounts` moves the account's fee discounts
 * to another account (TM's account API page): the port has no call for it.
 */
import type { Currency, Money, TradeAsset, TradeGame } from '@tradedeck/sdk/domain';
import type { SteamProxy } from '../steam/port.ts';

export type MarketMode = 'live' | 'sandbox';

/** The marketplaces behind the port: TM (market.csgo.com) and Waxpeer. */
export type MarketPlatform = 'tm' | 'waxpeer';

/** How a failed call may be retried (notes market.md §9): reads and idempotent writes by the port, the rest never. */
export type MarketRetryClass = 'read' | 'idempotent' | 'mutate' | 'money';

export type MarketFailureReason =
  /** `Bad KEY`: the key is wrong or TM deleted it; the platform goes to status error. */
  | 'badKey'
  /** HTTP 502/503, a connect error or a timeout: the market cannot be reached or is in maintenance. */
  | 'marketUnavailable'
  /** The local pacing or TM itself (`too_often`, 429) said wait. */
  | 'rateLimited'
  /** `wrong_payment_password`. */
  | 'wrongPaymentPassword'
  | 'insufficientFunds'
  /** The receiver's key is not a TM account that can receive money. */
  | 'receiverNotFound'
  /** The account cannot send or receive money over the TM API (TM refuses transfers for it). */
  | 'transferNotSupported'
  /** `cur` differed from the account's currency; TM cancelled the operation. */
  | 'currencyMismatch'
  /** change-currency: 1001 items on sale, 1003 withdrawals active, 1004 already selected, 1005 bad, 1007 too soon. */
  | 'currencyChangeRefused'
  /** add-to-sale: `inventory_not_loaded`, `item_not_in_inventory`, `item_not_recieved`, ... */
  | 'itemNotInInventory'
  /** set-price: `bad_item` (unknown item id). */
  | 'unknownItem'
  /** ping-new: `You cant trade until …` (a Steam trade hold or ban). */
  | 'tradeRestricted'
  /** The money send's outcome is unknown (the reply was lost); resolve by custom id. */
  | 'outcomeUnknown'
  | 'badRequest'
  | 'unknownError';

export interface MarketFailure {
  ok: false;
  reason: MarketFailureReason;
  /** TM's own error text or code (never carries the key). */
  detail?: string;
  httpStatus?: number;
  /** No call with this key before this time. */
  retryAfter?: Date;
}

export type MarketResult<T> = ({ ok: true } & T) | MarketFailure;

/** One seller account's credentials on the market. Sealed at rest; never logged (log `keyId` only). */
export interface MarketCredentials {
  apiKey: string;
  /** A short non-secret id of the key for logs and the shared pacing state (a keyed hash, never the key). */
  keyId: string;
  /** The account's currency on the market (the currency guard sends it as `cur` on every write). */
  currency: Currency;
  /** The seller account's proxy: every call to the market leaves through it when given. */
  proxy?: SteamProxy | null;
  /** The market the key belongs to (TM when absent): the platform router sends the call there. */
  platform?: MarketPlatform;
}

export interface MarketBalance {
  /** Spendable now. */
  available: Money;
  /** Frozen until settlement (`money_settlement`). */
  onHold: Money;
}

/** What `test` and `ping-new` tell about the account's ability to sell. */
export interface MarketStatusFlags {
  userToken: boolean;
  tradeCheck: boolean;
  siteOnline: boolean;
  /** False when TM banned the account from selling (undelivered sales). */
  notMarketBanned: boolean;
}

export interface PingInput {
  /** The account's Steam web access token. */
  steamAccessToken: string;
  proxy: SteamProxy | null;
}

export interface PingOutcome {
  online: boolean;
  p2p: boolean;
  /** TM said "too early for ping": benign, the previous ping still holds. */
  tooEarly: boolean;
}

/** TM `items` status: 1 on sale, 2 sold (we must send), 3 bought waiting for seller, 4 ready to collect. */
export type MarketListingStatus = 'onSale' | 'sold' | 'awaitingSeller' | 'readyToCollect' | 'other';

export interface MarketListing {
  itemId: string;
  assetId: string;
  classId: string;
  instanceId: string;
  marketHashName: string;
  game: TradeGame;
  price: Money;
  status: MarketListingStatus;
  /** Unix-second hold release of a sold CS2 item (0 when none). */
  settlement: number;
  /** Seconds left to send a sold item, when TM gives it. */
  left: number | null;
}

export interface MarketInventoryItem {
  assetId: string;
  classId: string;
  instanceId: string;
  marketHashName: string;
  game: TradeGame;
  tradable: boolean;
  /** TM's suggested price, when it gives one. */
  marketPrice: Money | null;
}

/** An offer TM asks us to send for sold items (`trade-request-give-p2p-all`). */
export interface MarketDeliveryRequest {
  /** TM's hash of the request: the idempotency key of one delivery. */
  hash: string;
  partnerSteamId: string;
  tradeToken: string;
  /** TM's message for the offer; our `[td:<reference>]` is appended. */
  message: string;
  items: TradeAsset[];
  /** The market's deadline for our offer (Waxpeer's `send_until`); none on TM, whose window is `left`. */
  sendUntil?: Date | null;
}

/** Per-item outcome of a mass call. */
export type MarketItemOutcome<T> =
  | ({ ok: true } & T)
  | { ok: false; reason: MarketFailureReason; detail?: string };

export interface PriceWrite {
  itemId: string;
  /** Zero delists. */
  price: Money;
}

export interface ListingWrite {
  assetId: string;
  price: Money;
}

/** Other sellers' asks for one item, cheapest first (ours included; the caller knows its own item ids). */
export interface MarketAsks {
  marketHashName: string;
  asks: { itemId: string; price: Money }[];
  fetchedAt: Date;
  /**
   * The highest buy order for the item and when the market said so (Waxpeer's price feed, which may be older than
   * the asks); absent when the market gives none. Repricing reads it only as a floor.
   */
  bid?: { price: Money; observedAt: Date } | null;
}

/** A `history` row: one sale (or purchase) with its settlement. */
export interface MarketHistoryEntry {
  itemId: string;
  marketHashName: string;
  game: TradeGame;
  event: 'sell' | 'buy' | 'other';
  /** 'active' (stage 1), 'given' (2), 'cancelled' (5, a reversal when `settlement` was set). */
  stage: 'active' | 'given' | 'cancelled';
  /** What the seller receives. */
  received: Money;
  /**
   * What the buyer paid (TM `history.paid`), when the market says; the difference to `received` is the market's
   * commission, which the ledger writes as a fee of its own.
   */
  paid?: Money;
  time: Date;
  /** Unix seconds; the hold release date (0 when none). */
  settlement: number;
  customId: string | null;
}

export interface MoneySendInput {
  /** In the sender's currency and units. */
  amount: Money;
  receiverApiKey: string;
  paymentPassword: string;
  /** Our unique id of this send: written in the intent row before the call. */
  customId: string;
}

export interface MoneySendRecord {
  customId: string;
  amount: Money;
  /** TM's status of the send: 'done' when the money moved, 'failed' when it did not. */
  status: 'done' | 'failed' | 'pending';
  time: Date | null;
  /** What the receiver got in its own currency, when the market says (the sandbox does; TM v2 does not). */
  received?: Money | null;
}

/** One row of `money-send-history`: a send that left this account. */
export interface MoneySendHistoryEntry {
  /** TM's id of the operation. */
  id: string;
  /** What left the sender, in its currency and units. */
  amount: Money;
  /** TM's own id of the receiver (not its key or SteamID). */
  to: string;
  /** When TM made it; null when the row carries no time. */
  time: Date | null;
}

/** One market platform for one account. All calls take the account's credentials. */
export interface MarketPort {
  readonly mode: MarketMode;
  /** The platform id shown in the UI and stored with each account and delivery. */
  readonly platform: MarketPlatform;
  /** How often the market takes a new price for one listing; TM's minute when absent. */
  readonly priceChangeSpacingMs?: number;

  balance(creds: MarketCredentials): Promise<MarketResult<{ balance: MarketBalance; currency: Currency }>>;
  statusFlags(creds: MarketCredentials): Promise<MarketResult<{ flags: MarketStatusFlags }>>;
  ping(creds: MarketCredentials, input: PingInput): Promise<MarketResult<PingOutcome>>;
  goOffline(creds: MarketCredentials): Promise<MarketResult<Record<never, never>>>;
  /** The account's SteamID64 as the market knows it (binds a key to its Steam account). */
  steamId(creds: MarketCredentials): Promise<MarketResult<{ steamId: string }>>;
  setTradeToken(creds: MarketCredentials, token: string): Promise<MarketResult<Record<never, never>>>;
  /** The trade token the market holds for the account (TM's `get-token`); null when it holds none. */
  tradeToken(creds: MarketCredentials): Promise<MarketResult<{ token: string | null }>>;

  listings(creds: MarketCredentials): Promise<MarketResult<{ listings: MarketListing[] }>>;
  inventory(creds: MarketCredentials): Promise<MarketResult<{ items: MarketInventoryItem[] }>>;
  updateInventory(creds: MarketCredentials): Promise<MarketResult<Record<never, never>>>;
  /** At most 50 per call; one outcome per input, in order. */
  addToSale(
    creds: MarketCredentials,
    items: ListingWrite[],
  ): Promise<MarketResult<{ outcomes: MarketItemOutcome<{ itemId: string }>[] }>>;
  /** At most 50 per call; one outcome per input, in order. A price of zero delists. */
  setPrices(
    creds: MarketCredentials,
    writes: PriceWrite[],
  ): Promise<MarketResult<{ outcomes: MarketItemOutcome<Record<never, never>>[] }>>;
  /** Asks for up to 50 names per call. */
  asks(creds: MarketCredentials, marketHashNames: string[]): Promise<MarketResult<{ asks: MarketAsks[] }>>;

  /** Sold items waiting for our offer; an empty list when TM says "nothing". */
  deliveryRequests(creds: MarketCredentials): Promise<MarketResult<{ requests: MarketDeliveryRequest[] }>>;
  /** Registers our Steam offer for a delivery (`trade-ready`). Idempotent. */
  tradeReady(creds: MarketCredentials, offerId: string): Promise<MarketResult<Record<never, never>>>;

  history(
    creds: MarketCredentials,
    from: Date,
    to: Date,
  ): Promise<MarketResult<{ entries: MarketHistoryEntry[] }>>;

  /** A money operation: called once, never retried; a lost reply answers `outcomeUnknown`. */
  sendMoney(
    creds: MarketCredentials,
    input: MoneySendInput,
  ): Promise<MarketResult<{ record: MoneySendRecord }>>;
  /**
   * The send with this custom id, or null when the market answers that it knows none. A null is no proof that
   * nothing moved (TM's answer for a send it made without storing the id is unknown): never settle on it alone.
   */
  moneySendByCustomId(
    creds: MarketCredentials,
    customId: string,
  ): Promise<MarketResult<{ record: MoneySendRecord | null }>>;
  /** The account's outgoing money sends, newest first (`money-send-history/{page}`). */
  moneySendHistory(
    creds: MarketCredentials,
    page: number,
  ): Promise<MarketResult<{ entries: MoneySendHistoryEntry[] }>>;
  changeCurrency(creds: MarketCredentials, to: Currency): Promise<MarketResult<Record<never, never>>>;
}
