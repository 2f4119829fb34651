import type { TradeIntent } from '@tradedeck/sdk/contract';
import type { TradeAsset, TradeOffer } from '@tradedeck/sdk/domain';
import type { SteamProxy, TradeResult } from '../../integrations/steam/index.ts';
import type { OfferService } from './offer-service.ts';
import type { TradeSessions } from './sessions.ts';

/** What another area sends through an account (the seller's deliveries): our reference makes it idempotent. */
export interface OwnOfferInput {
  partnerSteamId: string;
  tradeToken: string | null;
  itemsToGive: TradeAsset[];
  message: string;
  /** The caller's idempotency key: a second send with it answers the first one's recorded outcome. */
  reference: string;
}

/**
 * What other areas may do with an account's trading: send an offer through the intent and reconciliation path,
 * confirm and cancel offers Tradedeck sent, read an offer, and hand the account's Steam web access token (with
 * the proxy its session uses) to a market that wants it.
 */
export interface SteamTradingApi {
  /** Sends (intent first, reconciled by reference after a crash) and confirms it on the mobile authenticator. */
  sendOwnOffer(userId: string, accountId: number, input: OwnOfferInput): Promise<TradeIntent>;
  confirmOwnOffers(userId: string, accountId: number, offerIds: string[]): Promise<{ answered: string[] }>;
  getOffer(userId: string, accountId: number, offerId: string): Promise<TradeResult<{ offer: TradeOffer }>>;
  cancelOffer(userId: string, accountId: number, offerId: string): Promise<TradeResult<{ offerId: string }>>;
  webAccess(
    userId: string,
    accountId: number,
  ): Promise<TradeResult<{ accessToken: string; proxy: SteamProxy | null }>>;
}

export function steamTradingApi(offers: OfferService, sessions: TradeSessions): SteamTradingApi {
  return {
    sendOwnOffer: (userId, accountId, input) =>
      offers.send(
        userId,
        {
          id: accountId,
          partnerSteamId: input.partnerSteamId,
          tradeToken: input.tradeToken,
          itemsToGive: input.itemsToGive,
          itemsToReceive: [],
          message: input.message,
          reference: input.reference,
          allowEscrow: false,
          confirm: true,
        },
        'en',
      ),
    confirmOwnOffers: async (userId, accountId, offerIds) => {
      const done = await offers.confirm(userId, { id: accountId, offerIds, accept: true });
      return { answered: done.answered };
    },
    getOffer: (userId, accountId, offerId) => sessions.run(userId, accountId, (s) => s.getOffer(offerId)),
    cancelOffer: (userId, accountId, offerId) =>
      sessions.run(userId, accountId, (s) => s.cancelOffer(offerId)),
    webAccess: async (userId, accountId) => {
      const opened = await sessions.run(userId, accountId, (s) => s.webSession());
      if (!opened.ok) return opened;
      return { ok: true, accessToken: opened.session.accessToken, proxy: opened.session.proxy ?? null };
    },
  };
}
