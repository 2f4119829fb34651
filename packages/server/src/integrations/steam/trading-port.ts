/**
 * The trading half of the Steam port: web sessions, inventories, trade offers and mobile confirmations.
 *
 * Two layers. An adapter (live or sandbox) implements `SteamTradingAdapter`: stateless calls that take the web
 * session (`WebAuth`) and answer a discriminated union. The port hands out a `SteamTradeSession` per account
 * that keeps the access token fresh (refreshed before `exp`, once more when Steam says it expired), acknowledges
 * Trade Protection once, rests a rate-limited proxy, enforces Steam's limits before calling, and tells its owner
 * through `onChange` what to persist (a rotated refresh token at once, the acknowledgement). Nothing here is
 * stored: the module decides what to keep.
 */
import type {
  InventoryItem,
  MobileConfirmation,
  TradeAsset,
  TradeFailureReason,
  TradeGame,
  TradeHold,
  TradeOffer,
  TradeRetry,
} from '@tradedeck/sdk/domain';
import type { SteamProxy } from './port.ts';
import type { SteamTrade, TradeHistoryInput, TradeHistoryPage } from './trade-history-port.ts';

export interface TradeFailure {
  ok: false;
  reason: TradeFailureReason;
  retry: TradeRetry;
  /** Steam's code when it gave one. */
  eresult?: number;
  httpStatus?: number;
  /** Steam's own error text (never carries secrets); for logs and the last error's details. */
  detail?: string;
  /** No call through this proxy before this time (a rate limit). */
  retryAfter?: Date;
  /** Steam was not asked: the proxy was resting. */
  answeredFromRest?: boolean;
}

export type TradeResult<T> = ({ ok: true } & T) | TradeFailure;

/** What a trading call needs to act as the account on Steam's web. */
export interface WebAuth {
  steamId: string;
  accessToken: string;
  /** The `sessionid` cookie (a client-chosen CSRF token Steam echoes in form posts). */
  sessionId: string;
  proxy: SteamProxy;
}

/** A web session derived from a refresh token. */
export interface WebSession extends WebAuth {
  refreshToken: string;
  accessTokenExpiresAt: Date;
  /** True when Steam rotated the refresh token: the old one is dead, persist `refreshToken` at once. */
  refreshTokenRenewed: boolean;
}

/** What identifies the mobile authenticator for confirmations. */
export interface ConfirmationIdentity {
  identitySecret: string;
  deviceId: string;
}

export interface InventoryPageInput {
  /** Whose inventory; the session's own when omitted. */
  ownerSteamId: string;
  appId: number;
  contextId: string;
  /** Items a page (Steam's `count`; the port keeps it at or under 2000). */
  count: number;
  /** Steam's `start_assetid`: the `lastAssetId` of the previous page. */
  startAssetId?: string | null;
}

export interface InventoryPage {
  state: 'listed' | 'empty';
  items: InventoryItem[];
  totalCount: number;
  moreItems: boolean;
  lastAssetId: string | null;
}

export interface SendOfferInput {
  partnerSteamId: string;
  /** The partner's trade token (from the trade URL); needed unless the accounts are friends. */
  tradeToken: string | null;
  itemsToGive: TradeAsset[];
  itemsToReceive: TradeAsset[];
  /** Our own reference, written into the message so a crash can be reconciled (letters, digits, - and _). */
  reference: string;
  message?: string;
}

/** What identifies a sent offer whose message carries no reference. */
export interface SentOfferMatch {
  partnerSteamId: string;
  itemsToGive: TradeAsset[];
  itemsToReceive: TradeAsset[];
}

export interface SentOffer {
  offerId: string;
  /** 2 (active, no confirmation needed) or 9 (waiting for the mobile confirmation). */
  state: number;
  needsConfirmation: boolean;
}

export interface AcceptedOffer {
  offerId: string;
  tradeId: string | null;
  /** True when we give items: the acceptance waits for our mobile confirmation. */
  needsConfirmation: boolean;
}

export interface ListOffersInput {
  sent: boolean;
  received: boolean;
  /** Offers updated at or after this time (Steam's `time_historical_cutoff`). */
  since: Date;
  activeOnly?: boolean;
}

/** The stateless calls an adapter implements. */
export interface SteamTradingAdapter {
  inventoryPage(auth: WebAuth, input: InventoryPageInput): Promise<TradeResult<{ page: InventoryPage }>>;
  tradeHold(
    auth: WebAuth,
    partnerSteamId: string,
    tradeToken: string | null,
  ): Promise<TradeResult<{ hold: TradeHold }>>;
  sendOffer(auth: WebAuth, input: SendOfferInput & { message: string }): Promise<TradeResult<SentOffer>>;
  getOffer(auth: WebAuth, offerId: string): Promise<TradeResult<{ offer: TradeOffer }>>;
  listOffers(auth: WebAuth, input: ListOffersInput): Promise<TradeResult<{ offers: TradeOffer[] }>>;
  acceptOffer(auth: WebAuth, offerId: string, partnerSteamId: string): Promise<TradeResult<AcceptedOffer>>;
  declineOffer(auth: WebAuth, offerId: string): Promise<TradeResult<{ offerId: string }>>;
  cancelOffer(auth: WebAuth, offerId: string): Promise<TradeResult<{ offerId: string }>>;
  /** `time` is Steam's clock in seconds; a time is never used twice for one account. */
  listConfirmations(
    auth: WebAuth,
    identity: ConfirmationIdentity,
    time: number,
  ): Promise<TradeResult<{ confirmations: MobileConfirmation[] }>>;
  respondToConfirmations(
    auth: WebAuth,
    identity: ConfirmationIdentity,
    time: number,
    confirmations: MobileConfirmation[],
    accept: boolean,
  ): Promise<TradeResult<Record<never, never>>>;
  /** One confirmation on its own (`ajaxop`): the fallback when the batch answer fails. */
  respondToConfirmation(
    auth: WebAuth,
    identity: ConfirmationIdentity,
    time: number,
    confirmation: MobileConfirmation,
    accept: boolean,
  ): Promise<TradeResult<Record<never, never>>>;
  acknowledgeTradeProtection(auth: WebAuth): Promise<TradeResult<Record<never, never>>>;
  /** The account's own trade token (the `token` of its trade URL), which partners' offers to it must carry. */
  ownTradeToken(auth: WebAuth): Promise<TradeResult<{ token: string }>>;
  /** The account's recent trades, newest first (`IEconService/GetTradeHistory`). */
  tradeHistory(auth: WebAuth, input: TradeHistoryInput): Promise<TradeResult<{ page: TradeHistoryPage }>>;
  /** One trade by its id (`IEconService/GetTradeStatus`); `offerNotFound` when Steam has no such trade. */
  tradeStatus(auth: WebAuth, tradeId: string): Promise<TradeResult<{ trade: SteamTrade }>>;
}

/** What the owner of a trade session persists; passed back in `TradeAccount.saved` on the next run. */
export interface TradeSessionState {
  steamId: string;
  refreshToken: string;
  accessToken: string | null;
  accessTokenExpiresAt: Date | null;
  tradeProtectionAcknowledgedAt: Date | null;
}

export interface TradeAccount {
  steamId: string;
  refreshToken: string;
  proxy: SteamProxy | null;
  identitySecret?: string | null;
  /** The maFile's `device_id`; derived from the SteamID when absent. */
  deviceId?: string | null;
  saved?: Partial<Pick<TradeSessionState, 'accessToken' | 'tradeProtectionAcknowledgedAt'>>;
  /** Called after the state changed (a rotated refresh token must be persisted before anything else). */
  onChange?: (state: TradeSessionState) => void | Promise<void>;
  /**
   * The refresh token as stored now, read before every refresh: another server process may have rotated it, and
   * the one held here is then dead. Null when nothing newer can be read.
   */
  storedRefreshToken?: () => Promise<string | null>;
}

export interface InventoryScanOptions {
  /** Someone else's inventory (a partner's), read with this account's session. */
  ownerSteamId?: string;
  pageSize?: number;
  tradableOnly?: boolean;
}

export interface ScannedInventory {
  steamId: string;
  game: TradeGame;
  state: 'listed' | 'empty';
  items: InventoryItem[];
  totalCount: number;
  scannedAt: Date;
  pages: number;
}

export interface SendOptions {
  /** A send run: at most 5 offers to one partner within it (Steam's limit). */
  runId?: string;
  /** Send even when Steam would hold the trade in escrow. */
  allowEscrow?: boolean;
}

export interface ConfirmOptions {
  accept?: boolean;
  /** Lists tried before a missing confirmation is given up (1 s apart, as ASF polls). */
  attempts?: number;
  intervalMs?: number;
}

export interface ConfirmationOutcome {
  /** Offer ids whose confirmation was answered. */
  answered: string[];
  /** Offer ids whose confirmation never appeared. */
  missing: string[];
}

/** One account's trading on Steam, keeping its web session alive. */
export interface SteamTradeSession {
  readonly steamId: string;
  /** The current web session, derived or refreshed as needed. */
  webSession(options?: { force?: boolean }): Promise<TradeResult<{ session: WebSession }>>;
  state(): TradeSessionState;
  inventoryPage(
    game: TradeGame,
    options?: { ownerSteamId?: string; contextId?: string; count?: number; startAssetId?: string | null },
  ): Promise<TradeResult<{ page: InventoryPage }>>;
  /** Every page of a game's inventory (and, for our own CS2, the Trade Protection context). */
  inventory(
    game: TradeGame,
    options?: InventoryScanOptions,
  ): Promise<TradeResult<{ inventory: ScannedInventory }>>;
  tradeHold(partnerSteamId: string, tradeToken: string | null): Promise<TradeResult<{ hold: TradeHold }>>;
  sendOffer(
    input: SendOfferInput,
    options?: SendOptions,
  ): Promise<TradeResult<SentOffer & { hold: TradeHold }>>;
  getOffer(offerId: string): Promise<TradeResult<{ offer: TradeOffer }>>;
  listOffers(input: ListOffersInput): Promise<TradeResult<{ offers: TradeOffer[] }>>;
  /**
   * Our sent offer since a time whose message carries this reference (reconciliation after a crash), or, when
   * the message had no room for it, the untagged one to the same partner with exactly these items.
   */
  findSentOffer(
    reference: string,
    since: Date,
    match?: SentOfferMatch,
  ): Promise<TradeResult<{ offer: TradeOffer | null }>>;
  acceptOffer(offerId: string): Promise<TradeResult<AcceptedOffer>>;
  declineOffer(offerId: string): Promise<TradeResult<{ offerId: string }>>;
  cancelOffer(offerId: string): Promise<TradeResult<{ offerId: string }>>;
  listConfirmations(): Promise<TradeResult<{ confirmations: MobileConfirmation[] }>>;
  /** Answers only the trade confirmations whose creator is one of these offer ids; never anything else. */
  confirmOffers(offerIds: string[], options?: ConfirmOptions): Promise<TradeResult<ConfirmationOutcome>>;
  /**
   * Answers exactly these listed confirmations, of any type (the confirmations centre, where the user chose them):
   * in one batch, or one by one when the batch fails. Answers the ids Steam took.
   */
  answerConfirmations(
    confirmations: MobileConfirmation[],
    accept: boolean,
  ): Promise<TradeResult<{ answered: string[] }>>;
  acknowledgeTradeProtection(): Promise<TradeResult<Record<never, never>>>;
  /** The account's own trade token, for offers other accounts send to it. */
  ownTradeToken(): Promise<TradeResult<{ token: string }>>;
  tradeHistory(input: TradeHistoryInput): Promise<TradeResult<{ page: TradeHistoryPage }>>;
  tradeStatus(tradeId: string): Promise<TradeResult<{ trade: SteamTrade }>>;
}

export interface SteamTradingPort {
  openWebSession(
    refreshToken: string,
    proxy: SteamProxy | null,
  ): Promise<TradeResult<{ session: WebSession }>>;
  tradeSession(account: TradeAccount): SteamTradeSession;
}
