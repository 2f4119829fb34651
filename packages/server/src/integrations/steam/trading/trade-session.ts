/**
 * One account's trading: keeps the web session alive (a new access token before `exp`, once more when Steam
 * says it expired), acknowledges Trade Protection once, rests a proxy Steam rate-limited, and refuses what Steam
 * would refuse (limits, escrow, an offer to self) before any call leaves.
 */
import {
  deriveDeviceId,
  isIndividualSteamId,
  isValidOfferReference,
  type MobileConfirmation,
  offerMessageWithReference,
  readJwtClaims,
  readOfferReference,
  TRADE_GAMES,
  TRADE_LIMITS,
  type TradeAsset,
  type TradeGame,
} from '@tradedeck/sdk/domain';
import type { PacingClass } from '../../../pacing/budgets.ts';
import type { Pacer, PacingSubject } from '../../../pacing/pacer.ts';
import type { Clock } from '../clock.ts';
import type { SteamProxy, SteamTimeResult } from '../port.ts';
import { proxyKey } from '../proxy-agent.ts';
import type { ThrottleStore } from '../throttle-store.ts';
import type { TradeHistoryInput } from '../trade-history-port.ts';
import type {
  ConfirmationIdentity,
  ConfirmOptions,
  InventoryScanOptions,
  ListOffersInput,
  SendOfferInput,
  SendOptions,
  SentOfferMatch,
  SteamTradeSession,
  SteamTradingAdapter,
  TradeAccount,
  TradeFailure,
  TradeResult,
  TradeSessionState,
  WebAuth,
  WebSession,
} from '../trading-port.ts';
import { answerConfirmations, confirmOwnOffers } from './confirm-offers.ts';
import { clampPageSize, scanInventory } from './inventory-scan.ts';
import type { OfferRunCounter } from './offer-runs.ts';
import { inRenewalTurn } from './renewal-turn.ts';
import { tradeFailure } from './trade-failure.ts';
import { pacedTradeCall, restingFailure } from './trade-pacing.ts';

/** A new access token is derived when the current one has less than this left. */
export const ACCESS_TOKEN_REFRESH_MARGIN_S = 5 * 60;

export interface TradeSessionDeps {
  adapter: SteamTradingAdapter;
  openWebSession(
    refreshToken: string,
    proxy: SteamProxy | null,
  ): Promise<TradeResult<{ session: WebSession }>>;
  steamTime(proxy: SteamProxy): Promise<SteamTimeResult>;
  runs: OfferRunCounter;
  /** Every call's slots per (account, class) and (egress, class), shared by every area and process. */
  pacer: Pacer;
  /** Where the renewal turn of an account is kept, shared by every process. */
  turns: ThrottleStore;
  clock: Clock;
  newSessionId(): string;
}

export class TradeSession implements SteamTradeSession {
  readonly steamId: string;
  #refreshToken: string;
  #session: WebSession | null = null;
  #opening: Promise<TradeResult<{ session: WebSession }>> | null = null;
  #acknowledgedAt: Date | null;
  #lastConfirmationTime = 0;

  constructor(
    private readonly account: TradeAccount,
    private readonly deps: TradeSessionDeps,
  ) {
    this.steamId = account.steamId;
    this.#refreshToken = account.refreshToken;
    this.#acknowledgedAt = account.saved?.tradeProtectionAcknowledgedAt ?? null;
    const saved = account.saved?.accessToken;
    const exp = saved ? readJwtClaims(saved)?.exp : null;
    if (saved && exp && account.proxy && readJwtClaims(saved)?.sub === account.steamId) {
      this.#session = {
        steamId: account.steamId,
        accessToken: saved,
        accessTokenExpiresAt: new Date(exp * 1000),
        sessionId: deps.newSessionId(),
        proxy: account.proxy,
        refreshToken: account.refreshToken,
        refreshTokenRenewed: false,
      };
    }
  }

  state(): TradeSessionState {
    return {
      steamId: this.steamId,
      refreshToken: this.#refreshToken,
      accessToken: this.#session?.accessToken ?? null,
      accessTokenExpiresAt: this.#session?.accessTokenExpiresAt ?? null,
      tradeProtectionAcknowledgedAt: this.#acknowledgedAt,
    };
  }

  async webSession(options: { force?: boolean } = {}): Promise<TradeResult<{ session: WebSession }>> {
    const current = this.#session;
    const nowS = this.deps.clock.now() / 1000;
    if (
      !options.force &&
      current &&
      current.accessTokenExpiresAt.getTime() / 1000 - nowS > ACCESS_TOKEN_REFRESH_MARGIN_S
    ) {
      return { ok: true, session: current };
    }
    // Concurrent calls share one refresh: a rotated refresh token must not be rotated twice.
    this.#opening ??= this.open().finally(() => {
      this.#opening = null;
    });
    return this.#opening;
  }

  inventoryPage(
    game: TradeGame,
    options: { ownerSteamId?: string; contextId?: string; count?: number; startAssetId?: string | null } = {},
  ) {
    const info = TRADE_GAMES[game];
    return this.call('inventory', (auth) =>
      this.deps.adapter.inventoryPage(auth, {
        ownerSteamId: options.ownerSteamId ?? this.steamId,
        appId: info.appId,
        contextId: options.contextId ?? info.contextId,
        count: clampPageSize(options.count),
        startAssetId: options.startAssetId ?? null,
      }),
    );
  }

  inventory(game: TradeGame, options: InventoryScanOptions = {}) {
    const owner = options.ownerSteamId ?? this.steamId;
    return scanInventory(
      (contextId, startAssetId) =>
        this.inventoryPage(game, { ownerSteamId: owner, contextId, count: options.pageSize, startAssetId }),
      owner,
      game,
      owner === this.steamId,
      () => new Date(this.deps.clock.now()),
      options.tradableOnly ?? false,
    );
  }

  tradeHold(partnerSteamId: string, tradeToken: string | null) {
    if (!isIndividualSteamId(partnerSteamId)) return Promise.resolve(tradeFailure('invalidRequest'));
    return this.call('offers-read', (auth) => this.deps.adapter.tradeHold(auth, partnerSteamId, tradeToken));
  }

  async sendOffer(input: SendOfferInput, options: SendOptions = {}) {
    const refused = this.refuseOffer(input, options);
    if (refused) return refused;
    const hold = await this.tradeHold(input.partnerSteamId, input.tradeToken);
    if (!hold.ok) return hold;
    const { myEscrowDays, theirEscrowDays } = hold.hold;
    if ((myEscrowDays > 0 || theirEscrowDays > 0) && !options.allowEscrow) {
      return tradeFailure('escrowHold', {
        detail: `held ${Math.max(myEscrowDays, theirEscrowDays)} days (ours ${myEscrowDays}, theirs ${theirEscrowDays})`,
      });
    }
    const message = offerMessageWithReference(input.reference, input.message);
    const sent = await this.tradeCall('offers-send', (auth) =>
      this.deps.adapter.sendOffer(auth, { ...input, message }),
    );
    // A send that timed out may exist on Steam: it counts towards the run like a sent one.
    if (options.runId && (sent.ok || sent.retry === 'reconcile')) {
      this.deps.runs.record(options.runId, this.steamId, input.partnerSteamId, this.deps.clock.now());
    }
    return sent.ok ? { ...sent, hold: hold.hold } : sent;
  }

  getOffer(offerId: string) {
    return this.call('offers-read', (auth) => this.deps.adapter.getOffer(auth, offerId));
  }

  listOffers(input: ListOffersInput) {
    return this.call('offers-read', (auth) => this.deps.adapter.listOffers(auth, input));
  }

  async findSentOffer(reference: string, since: Date, match?: SentOfferMatch) {
    const listed = await this.listOffers({ sent: true, received: false, since });
    if (!listed.ok) return listed;
    const tagged = listed.offers.find((item) => readOfferReference(item.message) === reference);
    // A message too long to carry the tag (a marketplace's, sent whole): the untagged offer to the same partner
    // with exactly the same items is ours.
    const untagged = match
      ? listed.offers.find(
          (item) =>
            readOfferReference(item.message) === null &&
            item.partnerSteamId === match.partnerSteamId &&
            sameAssets(item.itemsToGive, match.itemsToGive) &&
            sameAssets(item.itemsToReceive, match.itemsToReceive),
        )
      : undefined;
    return { ok: true as const, offer: tagged ?? untagged ?? null };
  }

  async acceptOffer(offerId: string) {
    const found = await this.getOffer(offerId);
    if (!found.ok) return found;
    const { offer } = found;
    if (offer.isOurOffer)
      return tradeFailure('invalidRequest', { detail: 'an offer we sent cannot be accepted by us' });
    if (offer.state === 5 || new Date(offer.expiresAt).getTime() <= this.deps.clock.now()) {
      return tradeFailure('offerExpired');
    }
    if (offer.state !== 2) return tradeFailure('offerNotActive', { detail: `offer state ${offer.state}` });
    return this.tradeCall('offers-send', (auth) =>
      this.deps.adapter.acceptOffer(auth, offerId, offer.partnerSteamId),
    );
  }

  declineOffer(offerId: string) {
    return this.call('offers-read', (auth) => this.deps.adapter.declineOffer(auth, offerId));
  }

  cancelOffer(offerId: string) {
    return this.call('offers-read', (auth) => this.deps.adapter.cancelOffer(auth, offerId));
  }

  async listConfirmations() {
    const identity = await this.identity();
    if (!identity) return tradeFailure('noIdentitySecret');
    return this.confirmationCall((auth, time) => this.deps.adapter.listConfirmations(auth, identity, time));
  }

  async confirmOffers(offerIds: string[], options: ConfirmOptions = {}) {
    const identity = await this.identity();
    if (!identity) return tradeFailure('noIdentitySecret');
    const acknowledged = await this.ensureAcknowledged();
    if (!acknowledged.ok) return acknowledged;
    return confirmOwnOffers(
      {
        list: () => this.listConfirmations(),
        ...this.responder(identity),
        offerState: async (offerId) => {
          const got = await this.getOffer(offerId);
          return got.ok ? { ok: true as const, state: got.offer.state } : got;
        },
      },
      offerIds,
      this.deps.clock,
      options,
    );
  }

  async answerConfirmations(confirmations: MobileConfirmation[], accept: boolean) {
    const identity = await this.identity();
    if (!identity) return tradeFailure('noIdentitySecret');
    if (confirmations.length === 0) return { ok: true as const, answered: [] };
    const acknowledged = await this.ensureAcknowledged();
    if (!acknowledged.ok) return acknowledged;
    const done = await answerConfirmations(this.responder(identity), confirmations, accept);
    return done.ok ? { ok: true as const, answered: done.answered.map((item) => item.id) } : done;
  }

  /** The batch and single mobileconf answers, each in the account's confirmation turn. */
  private responder(identity: ConfirmationIdentity) {
    return {
      respond: (confirmations: MobileConfirmation[], accept: boolean) =>
        this.confirmationCall((auth, time) =>
          this.deps.adapter.respondToConfirmations(auth, identity, time, confirmations, accept),
        ),
      respondOne: (confirmation: MobileConfirmation, accept: boolean) =>
        this.confirmationCall((auth, time) =>
          this.deps.adapter.respondToConfirmation(auth, identity, time, confirmation, accept),
        ),
    };
  }

  async acknowledgeTradeProtection() {
    const result = await this.call('web-api', (auth) => this.deps.adapter.acknowledgeTradeProtection(auth));
    if (result.ok) {
      this.#acknowledgedAt = new Date(this.deps.clock.now());
      await this.account.onChange?.(this.state());
    }
    return result;
  }

  ownTradeToken() {
    return this.call('web-api', (auth) => this.deps.adapter.ownTradeToken(auth));
  }

  tradeHistory(input: TradeHistoryInput) {
    return this.call('web-api', (auth) => this.deps.adapter.tradeHistory(auth, input));
  }

  tradeStatus(tradeId: string) {
    return this.call('web-api', (auth) => this.deps.adapter.tradeStatus(auth, tradeId));
  }

  private refuseOffer(input: SendOfferInput, options: SendOptions) {
    if (!isValidOfferReference(input.reference)) return tradeFailure('invalidReference');
    if (!isIndividualSteamId(input.partnerSteamId)) return tradeFailure('invalidRequest');
    if (input.partnerSteamId === this.steamId) return tradeFailure('offerToSelf');
    const count = input.itemsToGive.length + input.itemsToReceive.length;
    if (count === 0) return tradeFailure('emptyOffer');
    if (count > TRADE_LIMITS.maxItemsPerOffer) {
      return tradeFailure('tooManyItems', {
        detail: `${count} items, at most ${TRADE_LIMITS.maxItemsPerOffer}`,
      });
    }
    if (options.runId && !this.deps.runs.allows(options.runId, this.steamId, input.partnerSteamId)) {
      return tradeFailure('tooManyOffersToPartner', {
        detail: `at most ${TRADE_LIMITS.maxOffersPerPartnerPerRun} offers to one partner in a run`,
      });
    }
    return null;
  }

  /** A call that moves items: Trade Protection is acknowledged first, and once more if Steam says it is not. */
  private async tradeCall<T>(
    cls: PacingClass,
    op: (auth: WebAuth) => Promise<TradeResult<T>>,
  ): Promise<TradeResult<T>> {
    const acknowledged = await this.ensureAcknowledged();
    if (!acknowledged.ok) return acknowledged;
    const result = await this.call(cls, op);
    if (result.ok || result.reason !== 'tradeProtectionNotAcknowledged') return result;
    this.#acknowledgedAt = null;
    const again = await this.ensureAcknowledged();
    return again.ok ? this.call(cls, op) : again;
  }

  private async ensureAcknowledged(): Promise<TradeResult<Record<never, never>>> {
    if (this.#acknowledgedAt) return { ok: true };
    return this.acknowledgeTradeProtection();
  }

  /**
   * The shared path of every call: proxy, rest, fresh session, the call in its pacing slots of its class, one retry
   * (in a slot of its own) after an expired session. `before` runs once the session is open and before the slot is
   * taken (Steam's clock for a confirmation), so only the call itself goes out in the slot.
   */
  private async call<T>(
    cls: PacingClass,
    op: (auth: WebAuth) => Promise<TradeResult<T>>,
    before?: (auth: WebAuth) => Promise<TradeFailure | null>,
  ): Promise<TradeResult<T>> {
    const proxy = this.account.proxy;
    if (!proxy) return tradeFailure('noProxy');
    const { pacer } = this.deps;
    const who: PacingSubject = { proxy: proxyKey(proxy), account: this.steamId };
    const resting = await restingFailure(pacer, cls, who);
    if (resting) return resting;
    const session = await this.webSession();
    if (!session.ok) return session;
    const refused = await before?.(session.session);
    if (refused) return refused;
    const paced = (auth: WebAuth) => pacedTradeCall(pacer, cls, who, () => op(auth));
    let result = await paced(session.session);
    if (!result.ok && result.reason === 'sessionExpired') {
      const renewed = await this.webSession({ force: true });
      if (!renewed.ok) return renewed;
      result = await paced(renewed.session);
      // A token derived a moment ago and refused: the session is gone until the account signs in again.
      if (!result.ok && result.reason === 'sessionExpired') {
        return tradeFailure('sessionRevoked', { detail: 'Steam refused a freshly derived access token' });
      }
    }
    return result;
  }

  /** A mobileconf call: Steam's clock is read first, then the call waits for the account's confirmation slot. */
  private confirmationCall<T>(
    op: (auth: WebAuth, time: number) => Promise<TradeResult<T>>,
  ): Promise<TradeResult<T>> {
    let offsetSeconds = 0;
    return this.call(
      'confirmations',
      (auth) => op(auth, this.confirmationTime(offsetSeconds)),
      async (auth) => {
        const reading = await this.deps.steamTime(auth.proxy);
        if (!reading.ok) {
          return tradeFailure(reading.failure.kind === 'proxy' ? 'proxyError' : 'serviceUnavailable');
        }
        offsetSeconds = reading.offsetSeconds;
        return null;
      },
    );
  }

  /**
   * A new access token, in the account's renewal turn: the token is read again from the store first (another
   * process may have rotated the one held here), and the owner persists what Steam answered before the turn ends.
   */
  private open(): Promise<TradeResult<{ session: WebSession }>> {
    return inRenewalTurn(this.deps.turns, this.deps.clock, this.steamId, async () => {
      const stored = await this.account.storedRefreshToken?.();
      if (stored) this.#refreshToken = stored;
      const opened = await this.deps.openWebSession(this.#refreshToken, this.account.proxy);
      if (!opened.ok) {
        this.#session = null;
        return opened;
      }
      this.#session = opened.session;
      this.#refreshToken = opened.session.refreshToken;
      // The owner persists the new state (a rotated refresh token above all) before anything else happens.
      await this.account.onChange?.(this.state());
      return opened;
    });
  }

  private async identity(): Promise<ConfirmationIdentity | null> {
    const secret = this.account.identitySecret;
    if (!secret) return null;
    return {
      identitySecret: secret,
      deviceId: this.account.deviceId || (await deriveDeviceId(this.steamId)),
    };
  }

  /** Steam's time now (the local clock plus Steam's offset); never the same second twice, so no key is reused. */
  private confirmationTime(offsetSeconds: number): number {
    const time = Math.max(
      Math.floor(this.deps.clock.now() / 1000) + offsetSeconds,
      this.#lastConfirmationTime + 1,
    );
    this.#lastConfirmationTime = time;
    return time;
  }
}

function sameAssets(a: readonly TradeAsset[], b: readonly TradeAsset[]): boolean {
  const key = (item: TradeAsset) => `${item.appId}/${item.contextId}/${item.assetId}`;
  if (a.length !== b.length) return false;
  const wanted = new Set(b.map(key));
  return a.every((item) => wanted.has(key(item)));
}
