import { ResultCode, type TradeIntent } from '@tradedeck/sdk/contract';
import {
  type InventoryItem,
  type MobileConfirmation,
  OFFER_EXPIRY_MS,
  type TradeFailureReason,
  type TradeGame,
  type TradeOffer,
  type TradeRetry,
} from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import { AppError } from '../../http/app-error.ts';
import type {
  SteamProxy,
  SteamTrade,
  TradeHistoryInput,
  TradeHistoryPage,
  TradeResult,
  WebSession,
} from '../../integrations/steam/index.ts';
import type { TradingDeps } from './deps.ts';
import type { InventoryService } from './inventory-service.ts';
import type { OfferService } from './offer-service.ts';
import { type GivenAsset, offerGivenAssets, offerPartners } from './partners-repo.ts';
import type { TradeSessions } from './sessions.ts';
import type { ScanListener } from './types.ts';

/**
 * Why a call for another module failed: a Steam trading reason, `accountUnavailable` (the account is gone or has no
 * SteamID) or `busy` (an earlier call of the account is still being reconciled: ask again shortly).
 */
export type TradingFailureReason = TradeFailureReason | 'accountUnavailable' | 'busy';
export interface TradingFailure {
  ok: false;
  reason: TradingFailureReason;
  /** Whether trying again can help (Steam's reason table); absent when the failure is not Steam's. */
  retry?: TradeRetry;
  detail?: string;
}

/** A trading call's outcome for another module: the value, or the reason it failed (never a thrown API error). */
export type TradingOutcome<T> = { ok: true; value: T } | TradingFailure;

export interface SendOfferRequest {
  accountId: number;
  partnerSteamId: string;
  tradeToken: string | null;
  itemsToGive: { appId: number; contextId: string; assetId: string; amount: number }[];
  itemsToReceive: { appId: number; contextId: string; assetId: string; amount: number }[];
  /** The idempotency key: an offer carrying it is never sent twice (reconciled after a crash). */
  reference: string;
  message?: string;
}

/**
 * What other areas (the harvester, the seller's deliveries) use of Steam trading: inventory scans into the cache,
 * the cached items, offers through the same intents and reconciliation as the area's own operations, and the
 * account's web access for a market that wants it.
 */
export interface SteamTradingApi {
  /** Scans the account's games into the cache (announced as InventoryScanned under `batchId`); null when it is gone. */
  scan(
    userId: string,
    accountId: number,
    games: readonly TradeGame[],
    batchId: string,
  ): Promise<{ game: TradeGame; state: string; errorReason: string | null }[] | null>;
  /** Tells `listener` of every stored scan, inside the transaction that stores it. */
  onScanStored(listener: ScanListener): void;
  /** Every cached item of the account (the last good scan of each game). */
  cachedItems(userId: string, accountId: number): Promise<InventoryItem[]>;
  /** The account's SteamID and its trade token, which offers to it carry. */
  tradeToken(userId: string, accountId: number): Promise<TradingOutcome<string>>;
  /** Sends with an intent first; a reference already sent answers its recorded outcome. Not confirmed here. */
  sendOffer(userId: string, request: SendOfferRequest, lang: Language): Promise<TradingOutcome<TradeIntent>>;
  /** Accepts a received offer with an intent first. Not confirmed here. */
  acceptOffer(
    userId: string,
    accountId: number,
    offerId: string,
    lang: Language,
  ): Promise<TradingOutcome<TradeIntent>>;
  /** Confirms offers this account sent or accepted through Tradedeck (and only those). */
  confirmOffers(
    userId: string,
    accountId: number,
    offerIds: string[],
  ): Promise<TradingOutcome<{ answered: string[]; missing: string[] }>>;
  getOffer(userId: string, accountId: number, offerId: string): Promise<TradingOutcome<TradeOffer>>;
  /**
   * The account's offers among `offerIds` that Tradedeck sent or accepted (its done intents), each with its partner
   * (null for an accepted one); an offer missing from the map is not ours.
   */
  ownOffers(
    userId: string,
    accountId: number,
    offerIds: readonly string[],
  ): Promise<Map<string, string | null>>;
  /** The assets each of the account's own offers among `offerIds` gives away, as its intent keeps them. */
  ownOfferAssets(
    userId: string,
    accountId: number,
    offerIds: readonly string[],
  ): Promise<Map<string, GivenAsset[]>>;
  /** The account's pending mobile confirmations, every kind, through its session and proxy. */
  listConfirmations(userId: string, accountId: number): Promise<TradingOutcome<MobileConfirmation[]>>;
  /**
   * Answers exactly these listed confirmations of the account (any kind: the caller decided they may be answered);
   * answers the ids Steam took.
   */
  answerConfirmations(
    userId: string,
    accountId: number,
    confirmations: MobileConfirmation[],
    accept: boolean,
  ): Promise<TradingOutcome<string[]>>;
  /** The offer the account sent under our reference in the last 14 days, or null when Steam has none. */
  findSentOffer(
    userId: string,
    accountId: number,
    reference: string,
  ): Promise<TradingOutcome<TradeOffer | null>>;
  cancelOffer(
    userId: string,
    accountId: number,
    offerId: string,
  ): Promise<TradingOutcome<{ offerId: string }>>;
  /** The account's recent trades (one call shows many), through its session and proxy. */
  tradeHistory(
    userId: string,
    accountId: number,
    input: TradeHistoryInput,
  ): Promise<TradingOutcome<TradeHistoryPage>>;
  /** One trade of the account by its id. */
  tradeStatus(userId: string, accountId: number, tradeId: string): Promise<TradingOutcome<SteamTrade>>;
  /** The account's Steam web access token and the proxy its session uses (a market's ping wants both). */
  webAccess(
    userId: string,
    accountId: number,
  ): Promise<TradingOutcome<{ accessToken: string; proxy: SteamProxy | null }>>;
}

/** An API error thrown by the area's services, as a failure reason (its details carry Steam's reason). */
function asOutcome(error: unknown): TradingFailure {
  if (!(error instanceof AppError)) throw error;
  const details = (error.details ?? {}) as { reason?: TradeFailureReason; retry?: TradeRetry };
  if (details.reason)
    return {
      ok: false,
      reason: details.reason,
      ...(details.retry ? { retry: details.retry } : {}),
      detail: error.message,
    };
  if (error.resultCode === ResultCode.ResourceInUse)
    return { ok: false, reason: 'busy', detail: error.message };
  if (error.resultCode === ResultCode.NotFound || error.resultCode === ResultCode.InvalidState) {
    return { ok: false, reason: 'accountUnavailable', detail: error.message };
  }
  return { ok: false, reason: 'unknownError', detail: error.message };
}

async function settle<T>(work: () => Promise<T>): Promise<TradingOutcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return asOutcome(error);
  }
}

function fromResult<T, V>(result: TradeResult<T>, pick: (value: T) => V): TradingOutcome<V> {
  return result.ok
    ? { ok: true, value: pick(result) }
    : {
        ok: false,
        reason: result.reason,
        retry: result.retry,
        ...(result.detail ? { detail: result.detail } : {}),
      };
}

export function tradingApi(
  deps: TradingDeps,
  sessions: TradeSessions,
  inventory: InventoryService,
  offers: OfferService,
): SteamTradingApi {
  const run = <T>(userId: string, accountId: number, op: Parameters<TradeSessions['run']>[2]) =>
    settle(() => sessions.run(userId, accountId, op)) as Promise<TradingOutcome<TradeResult<T>>>;
  return {
    async scan(userId, accountId, games, batchId) {
      const rows = await inventory.scanAccount(userId, accountId, games, {
        batchId,
        total: 1,
        store: (write) => write(1),
      });
      return (
        rows?.map((row) => ({
          game: row.game as TradeGame,
          state: row.state,
          errorReason: row.errorReason,
        })) ?? null
      );
    },
    onScanStored: (listener) => {
      deps.scanListeners.push(listener);
    },
    cachedItems: (userId, accountId) => deps.repo.run(userId, (q) => q.allItems(accountId)),
    async tradeToken(userId, accountId) {
      const got = await run<{ token: string }>(userId, accountId, (s) => s.ownTradeToken());
      return got.ok ? fromResult(got.value, (value) => value.token) : got;
    },
    sendOffer: (userId, request, lang) =>
      settle(() =>
        offers.send(
          userId,
          {
            id: request.accountId,
            partnerSteamId: request.partnerSteamId,
            tradeToken: request.tradeToken,
            itemsToGive: request.itemsToGive,
            itemsToReceive: request.itemsToReceive,
            reference: request.reference,
            allowEscrow: false,
            confirm: false,
            ...(request.message ? { message: request.message } : {}),
          },
          lang,
        ),
      ),
    acceptOffer: (userId, accountId, offerId, lang) =>
      settle(() => offers.accept(userId, { id: accountId, offerId, confirm: false }, lang)),
    confirmOffers: (userId, accountId, offerIds) =>
      settle(() => offers.confirm(userId, { id: accountId, offerIds, accept: true })),
    async getOffer(userId, accountId, offerId) {
      const got = await run<{ offer: TradeOffer }>(userId, accountId, (s) => s.getOffer(offerId));
      return got.ok ? fromResult(got.value, (value) => value.offer) : got;
    },
    ownOffers: (userId, accountId, offerIds) =>
      deps.repo.run(userId, (_q, tx) => offerPartners(tx, userId, accountId, offerIds)),
    ownOfferAssets: (userId, accountId, offerIds) =>
      deps.repo.run(userId, (_q, tx) => offerGivenAssets(tx, userId, accountId, offerIds)),
    async listConfirmations(userId, accountId) {
      const got = await run<{ confirmations: MobileConfirmation[] }>(userId, accountId, (s) =>
        s.listConfirmations(),
      );
      return got.ok ? fromResult(got.value, (value) => value.confirmations) : got;
    },
    async answerConfirmations(userId, accountId, confirmations, accept) {
      const got = await run<{ answered: string[] }>(userId, accountId, (s) =>
        s.answerConfirmations(confirmations, accept),
      );
      return got.ok ? fromResult(got.value, (value) => value.answered) : got;
    },
    async findSentOffer(userId, accountId, reference) {
      const since = new Date(deps.now() - OFFER_EXPIRY_MS);
      const got = await run<{ offer: TradeOffer | null }>(userId, accountId, (s) =>
        s.findSentOffer(reference, since),
      );
      return got.ok ? fromResult(got.value, (value) => value.offer) : got;
    },
    async cancelOffer(userId, accountId, offerId) {
      const got = await run<{ offerId: string }>(userId, accountId, (s) => s.cancelOffer(offerId));
      return got.ok ? fromResult(got.value, (value) => ({ offerId: value.offerId })) : got;
    },
    async tradeHistory(userId, accountId, input) {
      const got = await run<{ page: TradeHistoryPage }>(userId, accountId, (s) => s.tradeHistory(input));
      return got.ok ? fromResult(got.value, (value) => value.page) : got;
    },
    async tradeStatus(userId, accountId, tradeId) {
      const got = await run<{ trade: SteamTrade }>(userId, accountId, (s) => s.tradeStatus(tradeId));
      return got.ok ? fromResult(got.value, (value) => value.trade) : got;
    },
    async webAccess(userId, accountId) {
      const got = await run<{ session: WebSession }>(userId, accountId, (s) => s.webSession());
      return got.ok
        ? fromResult(got.value, (value) => ({
            accessToken: value.session.accessToken,
            proxy: value.session.proxy ?? null,
          }))
        : got;
    },
  };
}
