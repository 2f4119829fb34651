import { HttpStatus } from '@tradedeck/sdk/contract';
/**
 * Live Steam trading over the community site and the Web API, every request through the account's proxy
 * (steamcommunity's confirmation helper and steam-totp's time query call Steam directly, so the field's
 * libraries are not used for these calls; notes §6, §8, §11 B5).
 */
import {
  accountIdFromSteamId,
  generateConfirmationKey,
  type MobileConfirmation,
  type TradeAsset,
} from '@tradedeck/sdk/domain';
import type { TradeHistoryInput } from '../../trade-history-port.ts';
import { failureFromSteam, tradeFailure } from '../../trading/trade-failure.ts';
import type {
  AcceptedOffer,
  ConfirmationIdentity,
  InventoryPageInput,
  ListOffersInput,
  SendOfferInput,
  SentOffer,
  SteamTradingAdapter,
  TradeFailure,
  TradeResult,
  WebAuth,
} from '../../trading-port.ts';
import { parseConfirmationList } from './confirmation-json.ts';
import { parseInventoryPage } from './inventory-json.ts';
import { parseHoldAnswer, parseOfferAnswer, parseOffersAnswer } from './offer-json.ts';
import { interpretAnswer, type SteamWebClient } from './steam-web-client.ts';
import { readTradeHistory, readTradeStatus } from './trade-history-read.ts';

/** Pages of GetTradeOffers read at most for one listing (Steam pages by cursor). */
const MAX_OFFER_PAGES = 20;

export class LiveSteamTrading implements SteamTradingAdapter {
  constructor(private readonly web: SteamWebClient) {}

  async inventoryPage(auth: WebAuth, input: InventoryPageInput) {
    const answer = await this.web.send(auth, {
      method: 'GET',
      site: 'community',
      path: `/inventory/${input.ownerSteamId}/${input.appId}/${encodeURIComponent(input.contextId)}`,
      query: { l: 'english', count: input.count, start_assetid: input.startAssetId ?? undefined },
      referer: `${this.web.communityBase}/profiles/${input.ownerSteamId}/inventory`,
    });
    if ('ok' in answer) return answer;
    const nullBody = answer.json === null || answer.text.trim() === 'null';
    if ((answer.status === 403 || answer.status === 400) && nullBody) {
      // One's own inventory is never private to oneself: 403 `null` there is Steam's answer to a signed-out
      // read (node-steamcommunity `users.js` reads 403 `null` as "private"; signed-out reads got it, and 400,
      // from 2025, steamcommunity #357). The session refreshes once and the page is read again.
      if (input.ownerSteamId === auth.steamId)
        return tradeFailure('sessionExpired', { httpStatus: answer.status });
      if (answer.status === 403)
        return tradeFailure('inventoryPrivate', { httpStatus: HttpStatus.Forbidden });
    }
    // Read errors come as `{ success: false, error: "text (N)" }` (node-steamcommunity `users.js` reads
    // `body.Error || body.error`).
    const readError = inventoryError(answer.json);
    if (readError) return failureFromSteam({ httpStatus: answer.status, text: readError });
    const checked = interpretAnswer(answer);
    if (!checked.ok) return checked;
    const parsed = parseInventoryPage(checked.json, input.appId, input.contextId);
    if (!parsed.ok) return tradeFailure('unknownError', { detail: parsed.problem });
    return { ok: true as const, page: parsed.page };
  }

  async tradeHold(auth: WebAuth, partnerSteamId: string, tradeToken: string | null) {
    const answer = await this.web.json(auth, {
      method: 'GET',
      site: 'api',
      path: '/IEconService/GetTradeHoldDurations/v1/',
      query: { steamid_target: partnerSteamId, trade_offer_access_token: tradeToken ?? undefined },
    });
    if (!answer.ok) return answer;
    const hold = parseHoldAnswer(answer.json);
    // Steam gives no durations for a partner it will not let trade.
    return hold ? { ok: true as const, hold } : tradeFailure('targetCannotTrade');
  }

  async sendOffer(
    auth: WebAuth,
    input: SendOfferInput & { message: string },
  ): Promise<TradeResult<SentOffer>> {
    const accountId = accountIdFromSteamId(input.partnerSteamId);
    const token = input.tradeToken ? `&token=${encodeURIComponent(input.tradeToken)}` : '';
    const answer = await this.web.json(auth, {
      method: 'POST',
      site: 'community',
      path: '/tradeoffer/new/send',
      referer: `${this.web.communityBase}/tradeoffer/new/?partner=${accountId}${token}`,
      form: {
        sessionid: auth.sessionId,
        serverid: 1,
        partner: input.partnerSteamId,
        tradeoffermessage: input.message,
        json_tradeoffer: JSON.stringify({
          newversion: true,
          version: input.itemsToGive.length + input.itemsToReceive.length + 1,
          me: { assets: wireAssets(input.itemsToGive), currency: [], ready: false },
          them: { assets: wireAssets(input.itemsToReceive), currency: [], ready: false },
        }),
        captcha: '',
        trade_offer_create_params: JSON.stringify(
          input.tradeToken ? { trade_offer_access_token: input.tradeToken } : {},
        ),
      },
    });
    if (!answer.ok) return answer;
    const body = answer.json as { tradeofferid?: string; needs_mobile_confirmation?: boolean };
    if (!body?.tradeofferid)
      return tradeFailure('unknownError', { detail: 'send answered without an offer id' });
    const needsConfirmation = body.needs_mobile_confirmation === true;
    return {
      ok: true,
      offerId: String(body.tradeofferid),
      state: needsConfirmation ? 9 : 2,
      needsConfirmation,
    };
  }

  async getOffer(auth: WebAuth, offerId: string) {
    const answer = await this.web.json(auth, {
      method: 'GET',
      site: 'api',
      path: '/IEconService/GetTradeOffer/v1/',
      query: { tradeofferid: offerId, language: 'english' },
    });
    if (!answer.ok) return answer;
    const offer = parseOfferAnswer(answer.json);
    return offer ? { ok: true as const, offer } : tradeFailure('offerNotFound');
  }

  async listOffers(auth: WebAuth, input: ListOffersInput) {
    const offers = [];
    let cursor = 0;
    for (let page = 0; page < MAX_OFFER_PAGES; page++) {
      const answer = await this.web.json(auth, {
        method: 'GET',
        site: 'api',
        path: '/IEconService/GetTradeOffers/v1/',
        query: {
          get_sent_offers: input.sent ? 1 : 0,
          get_received_offers: input.received ? 1 : 0,
          get_descriptions: 0,
          active_only: input.activeOnly ? 1 : 0,
          historical_only: 0,
          time_historical_cutoff: Math.floor(input.since.getTime() / 1000),
          language: 'english',
          cursor: cursor || undefined,
        },
      });
      if (!answer.ok) return answer;
      const parsed = parseOffersAnswer(answer.json);
      offers.push(...parsed.offers);
      if (!parsed.nextCursor || parsed.nextCursor === cursor) break;
      cursor = parsed.nextCursor;
    }
    const since = input.since.getTime();
    return { ok: true as const, offers: offers.filter((offer) => Date.parse(offer.updatedAt) >= since) };
  }

  async acceptOffer(
    auth: WebAuth,
    offerId: string,
    partnerSteamId: string,
  ): Promise<TradeResult<AcceptedOffer>> {
    const sent = await this.web.send(auth, {
      method: 'POST',
      site: 'community',
      path: `/tradeoffer/${offerId}/accept`,
      referer: `${this.web.communityBase}/tradeoffer/${offerId}/`,
      form: {
        sessionid: auth.sessionId,
        serverid: 1,
        tradeofferid: offerId,
        partner: partnerSteamId,
        captcha: '',
      },
    });
    if ('ok' in sent) return sent;
    // A 403 on accept is "Not Logged In" (steam-tradeoffer-manager `lib/classes/TradeOffer.js` `accept`): the
    // session is renewed and the accept asked once more, never read as a refusal.
    if (sent.status === 403) return tradeFailure('sessionExpired', { httpStatus: sent.status });
    const answer = interpretAnswer(sent);
    if (!answer.ok) return answer;
    const body = (answer.json ?? {}) as { tradeid?: string; needs_mobile_confirmation?: boolean };
    return {
      ok: true,
      offerId,
      tradeId: body.tradeid ? String(body.tradeid) : null,
      needsConfirmation: body.needs_mobile_confirmation === true,
    };
  }

  declineOffer(auth: WebAuth, offerId: string) {
    return this.offerAction(auth, offerId, 'decline');
  }

  cancelOffer(auth: WebAuth, offerId: string) {
    return this.offerAction(auth, offerId, 'cancel');
  }

  async listConfirmations(auth: WebAuth, identity: ConfirmationIdentity, time: number) {
    const key = await generateConfirmationKey(identity.identitySecret, time, 'list');
    const answer = await this.web.send(auth, {
      method: 'GET',
      site: 'community',
      path: '/mobileconf/getlist',
      mobile: true,
      query: {
        p: identity.deviceId,
        a: auth.steamId,
        k: key,
        t: time,
        m: 'react',
        tag: 'list',
        l: 'english',
      },
    });
    if ('ok' in answer) return answer;
    const checked = interpretAnswer(answer);
    if (!checked.ok) return checked;
    const list = parseConfirmationList(checked.json);
    if (!list.ok) {
      return list.needAuth
        ? tradeFailure('sessionExpired')
        : failureFromSteam({ httpStatus: answer.status, text: list.message });
    }
    return { ok: true as const, confirmations: list.confirmations };
  }

  async respondToConfirmations(
    auth: WebAuth,
    identity: ConfirmationIdentity,
    time: number,
    confirmations: MobileConfirmation[],
    accept: boolean,
  ) {
    const answer = await this.web.json(auth, {
      method: 'POST',
      site: 'community',
      path: '/mobileconf/multiajaxop',
      mobile: true,
      form: {
        ...(await confirmationFields(auth, identity, time, accept)),
        'cid[]': confirmations.map((item) => item.id),
        'ck[]': confirmations.map((item) => item.nonce),
      },
    });
    return confirmationAnswer(answer);
  }

  /**
   * One confirmation answered on its own: `GET /mobileconf/ajaxop` with `op`, `cid`, `ck` beside the usual
   * `p`, `a`, `k`, `t`, `m`, `tag` (node-steamcommunity `components/confirmations.js` `respondToConfirmation`
   * with a single id; steamguard-cli `SteamGuardAccount` `SendConfirmationAjax`). ArchiSteamFarm falls back to it
   * one by one when the batch call fails.
   */
  async respondToConfirmation(
    auth: WebAuth,
    identity: ConfirmationIdentity,
    time: number,
    confirmation: MobileConfirmation,
    accept: boolean,
  ) {
    const answer = await this.web.json(auth, {
      method: 'GET',
      site: 'community',
      path: '/mobileconf/ajaxop',
      mobile: true,
      query: {
        ...(await confirmationFields(auth, identity, time, accept)),
        cid: confirmation.id,
        ck: confirmation.nonce,
      },
    });
    return confirmationAnswer(answer);
  }

  async acknowledgeTradeProtection(auth: WebAuth) {
    const answer = await this.web.json(auth, {
      method: 'POST',
      site: 'community',
      path: '/trade/new/acknowledge',
      form: { sessionid: auth.sessionId, message: 1 },
    });
    return answer.ok ? { ok: true as const } : answer;
  }

  /** The trade URL on the account's privacy page carries the token (`…/tradeoffer/new/?partner=…&token=…`). */
  async ownTradeToken(auth: WebAuth) {
    const answer = await this.web.send(auth, {
      method: 'GET',
      site: 'community',
      path: `/profiles/${auth.steamId}/tradeoffers/privacy`,
    });
    if ('ok' in answer) return answer;
    if (answer.status !== 200) {
      const checked = interpretAnswer(answer);
      return checked.ok ? tradeFailure('unknownError', { httpStatus: answer.status }) : checked;
    }
    const token = readTradeUrlToken(answer.text);
    return token
      ? { ok: true as const, token }
      : tradeFailure('unknownError', { detail: 'no trade URL on the page' });
  }

  tradeHistory(auth: WebAuth, input: TradeHistoryInput) {
    return readTradeHistory(this.web, auth, input);
  }

  tradeStatus(auth: WebAuth, tradeId: string) {
    return readTradeStatus(this.web, auth, tradeId);
  }

  private async offerAction(auth: WebAuth, offerId: string, action: 'decline' | 'cancel') {
    const answer = await this.web.json(auth, {
      method: 'POST',
      site: 'community',
      path: `/tradeoffer/${offerId}/${action}`,
      form: { sessionid: auth.sessionId },
    });
    if (!answer.ok) return answer;
    return { ok: true as const, offerId };
  }
}

/** What every confirmation answer carries: the operation, the device, the account and the key for `time`. */
async function confirmationFields(
  auth: WebAuth,
  identity: ConfirmationIdentity,
  time: number,
  accept: boolean,
) {
  const tag = accept ? 'accept' : 'reject';
  return {
    op: accept ? 'allow' : 'cancel',
    p: identity.deviceId,
    a: auth.steamId,
    k: await generateConfirmationKey(identity.identitySecret, time, tag),
    t: String(time),
    m: 'react',
    tag,
  };
}

function confirmationAnswer(
  answer: { ok: true; json: unknown } | TradeFailure,
): TradeResult<Record<never, never>> {
  if (!answer.ok) return answer;
  const body = (answer.json ?? {}) as { success?: boolean; message?: string };
  return body.success === true
    ? { ok: true as const }
    : failureFromSteam({ text: body.message ?? 'confirmation answer refused' });
}

function inventoryError(json: unknown): string | null {
  if (!json || typeof json !== 'object') return null;
  const body = json as { error?: unknown; Error?: unknown; success?: unknown };
  if (body.success === 1 || body.success === true) return null;
  const text = body.error ?? body.Error;
  return typeof text === 'string' && text.trim() ? text : null;
}

function wireAssets(items: TradeAsset[]) {
  return items.map((item) => ({
    appid: item.appId,
    contextid: item.contextId,
    assetid: item.assetId,
    amount: item.amount,
  }));
}

/** The token of the trade URL shown on the privacy page (input `trade_offer_access_url` or the URL in the text). */
export function readTradeUrlToken(html: string): string | null {
  return /tradeoffer\/new\/\?partner=\d+(?:&amp;|&)token=([A-Za-z0-9_-]{6,16})/.exec(html)?.[1] ?? null;
}
