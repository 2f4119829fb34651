/**
 * The sandbox's trade offers and mobile confirmations. An accepted offer moves all of its items at once or
 * none of them (everything is checked before anything moves); escrow holds the items until its end; offers
 * expire after 14 days. Everything is in memory and changes only through these methods, so a store can later
 * replay or persist them.
 */
import { createHash } from 'node:crypto';
import { HttpStatus } from '@tradedeck/sdk/contract';
import {
  ConfirmationType,
  type MobileConfirmation,
  OFFER_EXPIRY_MS,
  TRADE_LIMITS,
  type TradeAsset,
  type TradeHold,
  type TradeOffer,
  TradeOfferState,
} from '@tradedeck/sdk/domain';
import { tradeFailure } from '../../trading/trade-failure.ts';
import type {
  AcceptedOffer,
  InventoryPage,
  ListOffersInput,
  SendOfferInput,
  SentOffer,
  TradeResult,
} from '../../trading-port.ts';
import type { SandboxAccount, SandboxWorld } from '../sandbox-world.ts';
import { type SandboxAsset, SandboxInventories } from './sandbox-inventories.ts';
import { standingConfirmations } from './sandbox-standing-confirmations.ts';
import { SANDBOX_ESCROW_DAYS } from './sandbox-trade-cases.ts';
import { SandboxTradeHistory } from './sandbox-trade-history.ts';

interface SandboxOffer {
  id: string;
  sender: string;
  partner: string;
  give: TradeAsset[];
  receive: TradeAsset[];
  message: string;
  state: number;
  createdAt: number;
  updatedAt: number;
  expiresAt: number;
  escrowEndsAt: number | null;
  tradeId: string | null;
  confirmationMethod: number;
  /** Items taken from both sides while the trade sits in escrow. */
  held: { from: string; to: string; asset: SandboxAsset }[];
  /** The partner sees an offer only once the sender confirmed it (Steam hides state 9 from the partner). */
  shownToPartner: boolean;
}

/** A trade the sandbox made: who sent the offer, what each side gave, and when it happened. */
export interface SandboxTrade {
  tradeId: string;
  sender: string;
  partner: string;
  give: TradeAsset[];
  receive: TradeAsset[];
  at: number;
}

interface SandboxConfirmation extends MobileConfirmation {
  /** `standing`: one Tradedeck did not create (see sandbox-standing-confirmations.ts); answering it only removes it. */
  kind: 'send' | 'accept' | 'standing';
}

const DAY_MS = 24 * 60 * 60_000;
const ACTIVE = new Set<number>([TradeOfferState.Active, TradeOfferState.CreatedNeedsConfirmation]);

export class SandboxTradeBook {
  readonly inventories: SandboxInventories;
  /** The trades as GetTradeHistory shows them, and the reversals made on demand. */
  readonly history = new SandboxTradeHistory(this);
  readonly #offers = new Map<string, SandboxOffer>();
  readonly #byAccount = new Map<string, SandboxOffer[]>();
  readonly #confirmations = new Map<string, Map<string, SandboxConfirmation>>();
  readonly #acknowledged = new Set<string>();
  readonly #inEscrow = new Set<SandboxOffer>();
  #nextOffer = 7_000_000_000;
  #nextTrade = 5_000_000_000;
  #nextConfirmation = 30_000_000_000;

  constructor(private readonly world: SandboxWorld) {
    this.inventories = new SandboxInventories(world);
  }

  /** The account's trade token (the `token` of its trade URL): derived from the login like its secrets. */
  tradeToken(steamId: string): string | null {
    const account = this.world.findBySteamId(steamId);
    if (!account) return null;
    return createHash('sha1')
      .update(`${this.world.seed}:${account.login}:tradetoken`)
      .digest('base64url')
      .slice(0, 8);
  }

  hasAcknowledged(steamId: string): boolean {
    return this.#acknowledged.has(steamId);
  }

  acknowledge(steamId: string): void {
    this.#acknowledged.add(steamId);
  }

  inventoryPage(
    reader: string,
    owner: string,
    appId: number,
    contextId: string,
    count: number,
    startAssetId: string | null,
    now: number,
  ): TradeResult<{ page: InventoryPage }> {
    const account = this.world.findBySteamId(owner);
    if (!account) return tradeFailure('inventoryPrivate', { httpStatus: HttpStatus.Forbidden });
    if (account.trading === 'privateInventory' && reader !== owner) {
      return tradeFailure('inventoryPrivate', { httpStatus: HttpStatus.Forbidden });
    }
    this.settleEscrow(now);
    const assets = [...this.inventories.context(owner, appId, contextId, now).values()];
    let from = 0;
    if (startAssetId) from = assets.findIndex((asset) => asset.assetId === startAssetId) + 1;
    const slice = assets.slice(from, from + count);
    const moreItems = from + count < assets.length;
    return {
      ok: true,
      page: {
        state: assets.length === 0 ? 'empty' : 'listed',
        items: slice.map((asset) => this.inventories.toItem(asset, now)),
        totalCount: assets.length,
        moreItems,
        lastAssetId: moreItems ? (slice.at(-1)?.assetId ?? null) : null,
      },
    };
  }

  hold(
    from: SandboxAccount,
    partnerSteamId: string,
    tradeToken: string | null,
  ): TradeResult<{ hold: TradeHold }> {
    const partner = this.world.findBySteamId(partnerSteamId);
    if (!partner) return tradeFailure('accessDenied', { eresult: 15 });
    if (from.trading === 'tradeBan') return tradeFailure('tradeBan', { eresult: 17 });
    if (partner.trading === 'tradeBan') return tradeFailure('targetCannotTrade');
    if (tradeToken !== this.tradeToken(partnerSteamId)) return tradeFailure('accessDenied', { eresult: 15 });
    return {
      ok: true,
      hold: {
        myEscrowDays: from.trading === 'escrowHold' ? SANDBOX_ESCROW_DAYS : 0,
        theirEscrowDays: partner.trading === 'escrowHold' ? SANDBOX_ESCROW_DAYS : 0,
      },
    };
  }

  send(
    from: SandboxAccount,
    input: SendOfferInput & { message: string },
    now: number,
  ): TradeResult<SentOffer> {
    const hold = this.hold(from, input.partnerSteamId, input.tradeToken);
    if (!hold.ok) return hold;
    if (!this.#acknowledged.has(from.steamId)) return tradeFailure('tradeProtectionNotAcknowledged');
    const count = input.itemsToGive.length + input.itemsToReceive.length;
    if (count === 0) return tradeFailure('emptyOffer');
    if (count > TRADE_LIMITS.maxItemsPerOffer) return tradeFailure('tooManyItems');
    const mine = this.offersOf(from.steamId, now).filter(
      (offer) => offer.sender === from.steamId && ACTIVE.has(offer.state),
    );
    if (
      mine.filter((offer) => offer.partner === input.partnerSteamId).length >=
      TRADE_LIMITS.maxOffersPerPartnerPerRun
    ) {
      return tradeFailure('tooManyOffersToPartner', { eresult: 50 });
    }
    if (mine.length >= TRADE_LIMITS.maxActiveSentOffers)
      return tradeFailure('offerLimitExceeded', { eresult: 25 });
    const available =
      this.holdsAll(from.steamId, input.itemsToGive, now) &&
      this.holdsAll(input.partnerSteamId, input.itemsToReceive, now);
    if (!available) return tradeFailure('itemsUnavailable', { eresult: 26 });
    const needsConfirmation = input.itemsToGive.length > 0;
    const offer: SandboxOffer = {
      id: String(++this.#nextOffer),
      sender: from.steamId,
      partner: input.partnerSteamId,
      give: input.itemsToGive.map((item) => ({ ...item })),
      receive: input.itemsToReceive.map((item) => ({ ...item })),
      message: input.message,
      state: needsConfirmation ? TradeOfferState.CreatedNeedsConfirmation : TradeOfferState.Active,
      createdAt: now,
      updatedAt: now,
      expiresAt: now + OFFER_EXPIRY_MS,
      escrowEndsAt: null,
      tradeId: null,
      confirmationMethod: needsConfirmation ? 2 : 0,
      held: [],
      shownToPartner: !needsConfirmation,
    };
    this.#offers.set(offer.id, offer);
    this.index(offer.sender, offer);
    this.index(offer.partner, offer);
    // The confirmation-missing account's confirmations never reach its list.
    if (needsConfirmation && from.trading !== 'confirmationMissing') {
      this.addConfirmation(from.steamId, offer, 'send', now);
    }
    return { ok: true, offerId: offer.id, state: offer.state, needsConfirmation };
  }

  get(viewer: string, offerId: string, now: number): TradeResult<{ offer: TradeOffer }> {
    const offer = this.#offers.get(offerId);
    if (!offer || !this.visible(offer, viewer)) return tradeFailure('offerNotFound');
    this.settleEscrow(now);
    this.expire(offer, now);
    return { ok: true, offer: this.view(offer, viewer) };
  }

  list(viewer: string, input: ListOffersInput, now: number): TradeResult<{ offers: TradeOffer[] }> {
    this.settleEscrow(now);
    const since = input.since.getTime();
    const offers = this.offersOf(viewer, now)
      .filter((offer) => this.visible(offer, viewer))
      .filter((offer) => (offer.sender === viewer ? input.sent : input.received))
      .filter((offer) => offer.updatedAt >= since && (!input.activeOnly || ACTIVE.has(offer.state)))
      .map((offer) => this.view(offer, viewer));
    return { ok: true, offers };
  }

  accept(by: SandboxAccount, offerId: string, now: number): TradeResult<AcceptedOffer> {
    const offer = this.#offers.get(offerId);
    if (!offer || offer.partner !== by.steamId || !offer.shownToPartner) {
      return tradeFailure('offerNotFound', { eresult: 42 });
    }
    if (by.trading === 'tradeBan') return tradeFailure('tradeBan', { eresult: 17 });
    if (!this.#acknowledged.has(by.steamId)) return tradeFailure('tradeProtectionNotAcknowledged');
    this.expire(offer, now);
    if (offer.state === TradeOfferState.Expired) return tradeFailure('offerExpired', { eresult: 27 });
    if (offer.state !== TradeOfferState.Active) return tradeFailure('offerNotActive', { eresult: 11 });
    // Giving items back needs the accepter's own confirmation before the trade happens.
    if (offer.receive.length > 0) {
      const pending = [...this.own(by.steamId, now).values()].some((item) => item.creatorId === offer.id);
      if (!pending) this.addConfirmation(by.steamId, offer, 'accept', now);
      return { ok: true, offerId, tradeId: null, needsConfirmation: true };
    }
    const traded = this.execute(offer, now);
    if (!traded.ok) return traded;
    return { ok: true, offerId, tradeId: offer.tradeId, needsConfirmation: false };
  }

  decline(by: string, offerId: string, now: number): TradeResult<{ offerId: string }> {
    const offer = this.#offers.get(offerId);
    if (!offer || offer.partner !== by || !offer.shownToPartner) {
      return tradeFailure('offerNotFound', { eresult: 42 });
    }
    return this.close(offer, TradeOfferState.Declined, now);
  }

  cancel(by: string, offerId: string, now: number): TradeResult<{ offerId: string }> {
    const offer = this.#offers.get(offerId);
    if (!offer || offer.sender !== by) return tradeFailure('offerNotFound', { eresult: 42 });
    return this.close(offer, TradeOfferState.Canceled, now);
  }

  /** Gives every offer the account sent that waits for its confirmation one, when it has none listed. */
  restoreConfirmations(steamId: string, now: number): void {
    const listed = new Set([...this.own(steamId, now).values()].map((item) => item.creatorId));
    for (const offer of this.#byAccount.get(steamId) ?? []) {
      if (offer.sender !== steamId || offer.state !== TradeOfferState.CreatedNeedsConfirmation) continue;
      if (!listed.has(offer.id)) this.addConfirmation(steamId, offer, 'send', now);
    }
  }

  /** The trades the account took part in (every trade without one), as the parties' histories show them. */
  tradesOf(steamId?: string): SandboxTrade[] {
    const offers = steamId === undefined ? [...this.#offers.values()] : (this.#byAccount.get(steamId) ?? []);
    return offers
      .filter((offer) => offer.tradeId !== null)
      .map((offer) => ({
        tradeId: offer.tradeId!,
        sender: offer.sender,
        partner: offer.partner,
        give: offer.give.map((item) => ({ ...item })),
        receive: offer.receive.map((item) => ({ ...item })),
        at: offer.updatedAt,
      }));
  }

  /** Offers whose message carries this text (the journal and tests count offers per reference with it). */
  offersWithMessage(text: string): TradeOffer[] {
    return [...this.#offers.values()]
      .filter((offer) => offer.message.includes(text))
      .map((offer) => this.view(offer, offer.sender));
  }

  confirmations(steamId: string, now = Date.now()): MobileConfirmation[] {
    return [...this.own(steamId, now).values()].map(({ kind: _kind, ...item }) => item);
  }

  /** The account's listed confirmations; the first look adds the standing ones when the world has them. */
  private own(steamId: string, now: number): Map<string, SandboxConfirmation> {
    let own = this.#confirmations.get(steamId);
    if (!own) {
      own = new Map();
      if (this.world.standingConfirmations) {
        for (const item of standingConfirmations(this.world.seed, steamId, now)) {
          own.set(item.id, { ...item, kind: 'standing' });
        }
      }
      this.#confirmations.set(steamId, own);
    }
    return own;
  }

  respond(
    by: SandboxAccount,
    ids: readonly string[],
    accept: boolean,
    now: number,
  ): TradeResult<Record<never, never>> {
    if (!this.#acknowledged.has(by.steamId)) return tradeFailure('tradeProtectionNotAcknowledged');
    const own = this.own(by.steamId, now);
    for (const id of ids) {
      const confirmation = own.get(id);
      if (!confirmation) continue;
      own.delete(id);
      if (confirmation.kind === 'standing') continue;
      const offer = this.#offers.get(confirmation.creatorId);
      if (!offer) continue;
      if (confirmation.kind === 'send') {
        if (offer.state !== TradeOfferState.CreatedNeedsConfirmation) continue;
        offer.state = accept ? TradeOfferState.Active : TradeOfferState.CanceledBySecondFactor;
        offer.shownToPartner = accept;
        offer.updatedAt = now;
      } else if (accept && offer.state === TradeOfferState.Active) {
        this.execute(offer, now);
      }
    }
    return { ok: true };
  }

  private close(offer: SandboxOffer, state: number, now: number): TradeResult<{ offerId: string }> {
    this.expire(offer, now);
    if (!ACTIVE.has(offer.state)) return tradeFailure('offerNotActive', { eresult: 11 });
    offer.state = state;
    offer.updatedAt = now;
    for (const confirmations of this.#confirmations.values()) {
      for (const [id, item] of confirmations) if (item.creatorId === offer.id) confirmations.delete(id);
    }
    return { ok: true, offerId: offer.id };
  }

  /** Moves every item of the offer, or none: all are checked before the first one moves. */
  private execute(offer: SandboxOffer, now: number): TradeResult<Record<never, never>> {
    const give = this.resolve(offer.sender, offer.give, now);
    const receive = this.resolve(offer.partner, offer.receive, now);
    if (!give || !receive) {
      offer.state = TradeOfferState.InvalidItems;
      offer.updatedAt = now;
      return tradeFailure('itemsUnavailable', { eresult: 26 });
    }
    const moves = [
      ...give.map((asset) => ({ from: offer.sender, to: offer.partner, asset })),
      ...receive.map((asset) => ({ from: offer.partner, to: offer.sender, asset })),
    ];
    for (const move of moves) this.inventories.remove(move.from, move.asset);
    offer.tradeId = String(++this.#nextTrade);
    offer.updatedAt = now;
    const escrow = [offer.sender, offer.partner].some(
      (steamId) => this.world.findBySteamId(steamId)?.trading === 'escrowHold',
    );
    if (escrow) {
      offer.state = TradeOfferState.InEscrow;
      offer.escrowEndsAt = now + SANDBOX_ESCROW_DAYS * DAY_MS;
      offer.held = moves;
      this.#inEscrow.add(offer);
    } else {
      for (const move of moves) this.inventories.receive(move.to, move.asset, now);
      offer.state = TradeOfferState.Accepted;
    }
    return { ok: true };
  }

  private settleEscrow(now: number): void {
    for (const offer of this.#inEscrow) {
      if ((offer.escrowEndsAt ?? 0) > now) continue;
      this.#inEscrow.delete(offer);
      for (const move of offer.held) this.inventories.receive(move.to, move.asset, now);
      offer.held = [];
      offer.state = TradeOfferState.Accepted;
      offer.updatedAt = now;
    }
  }

  private resolve(owner: string, items: readonly TradeAsset[], now: number): SandboxAsset[] | null {
    if (this.world.findBySteamId(owner)?.trading === 'itemsGone' && items.length > 0) return null;
    const seen = new Set<string>();
    const assets: SandboxAsset[] = [];
    for (const item of items) {
      const asset = this.inventories.find(owner, item.appId, item.contextId, item.assetId, now);
      const key = `${item.appId}/${item.contextId}/${item.assetId}`;
      if (!asset || seen.has(key) || !this.inventories.isTradable(asset, now) || item.amount > asset.amount) {
        return null;
      }
      seen.add(key);
      assets.push(asset);
    }
    return assets;
  }

  private holdsAll(owner: string, items: readonly TradeAsset[], now: number): boolean {
    return this.resolve(owner, items, now) !== null;
  }

  private visible(offer: SandboxOffer, viewer: string): boolean {
    return offer.sender === viewer || (offer.partner === viewer && offer.shownToPartner);
  }

  private expire(offer: SandboxOffer, now: number): void {
    if (ACTIVE.has(offer.state) && now >= offer.expiresAt) {
      offer.state = TradeOfferState.Expired;
      offer.updatedAt = offer.expiresAt;
    }
  }

  private offersOf(steamId: string, now: number): SandboxOffer[] {
    const offers = this.#byAccount.get(steamId) ?? [];
    for (const offer of offers) this.expire(offer, now);
    return offers;
  }

  private index(steamId: string, offer: SandboxOffer): void {
    const list = this.#byAccount.get(steamId);
    if (list) list.push(offer);
    else this.#byAccount.set(steamId, [offer]);
  }

  private addConfirmation(steamId: string, offer: SandboxOffer, kind: 'send' | 'accept', now: number): void {
    const id = String(++this.#nextConfirmation);
    this.own(steamId, now).set(id, {
      id,
      nonce: createHash('sha1').update(`${this.world.seed}:nonce:${id}`).digest('hex').slice(0, 16),
      type: ConfirmationType.Trade,
      creatorId: offer.id,
      headline: kind === 'send' ? 'Trade offer' : 'Accept trade offer',
      createdAt: new Date(now).toISOString(),
      kind,
    });
  }

  private view(offer: SandboxOffer, viewer: string): TradeOffer {
    const ours = offer.sender === viewer;
    return {
      id: offer.id,
      partnerSteamId: ours ? offer.partner : offer.sender,
      isOurOffer: ours,
      state: offer.state,
      message: offer.message,
      itemsToGive: (ours ? offer.give : offer.receive).map((item) => ({ ...item })),
      itemsToReceive: (ours ? offer.receive : offer.give).map((item) => ({ ...item })),
      createdAt: new Date(offer.createdAt).toISOString(),
      updatedAt: new Date(offer.updatedAt).toISOString(),
      expiresAt: new Date(offer.expiresAt).toISOString(),
      escrowEndsAt: offer.escrowEndsAt === null ? null : new Date(offer.escrowEndsAt).toISOString(),
      tradeId: offer.tradeId,
      confirmationMethod: offer.confirmationMethod,
    };
  }
}
