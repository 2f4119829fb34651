/**
 * The sales side of the sandbox TM: demand accruing on a listing while its seller is online until it sells,
 * the delivery requests a sold listing shows, the buyer accepting our registered offer in the world's trade
 * book, and the completed sale's history row with its 7-day settlement hold for CS2.
 */
import { createHash } from 'node:crypto';
import type { TradeAsset } from '@tradedeck/sdk/domain';
import type { SandboxAccount, SandboxWorld } from '../../steam/sandbox/sandbox-world.ts';
import type { MarketDeliveryRequest, MarketHistoryEntry } from '../port.ts';
import { saleTimeMs } from './sandbox-demand.ts';
import type { Hold, SandboxListing, SandboxMarketAccount } from './sandbox-market.ts';

const DAY_MS = 24 * 60 * 60_000;
/** TM keeps an account online for 3 minutes after a ping; listings of an offline account do not sell. */
export const SANDBOX_ONLINE_MS = 3 * 60_000;
/** CS2 sales are held 7 days (Trade Protection); other games settle at once. */
const HOLD_DAYS = 7;

export interface SandboxSalesRules {
  requireOnline: boolean;
  feePercent: number;
}

export class SandboxSales {
  constructor(
    private readonly world: SandboxWorld,
    private readonly rules: SandboxSalesRules,
    /** The market's settlement holds, shared with it (released and reversed there). */
    private readonly holds: Hold[],
    private readonly buyers: () => SandboxAccount[],
    /** Takes a listing off the market (a completed sale leaves it). */
    private readonly unlist: (listing: SandboxListing) => void,
  ) {}

  /** Demand accrues while the seller is online; crossing 1 is a sale at that moment. */
  progress(listing: SandboxListing, now: number): void {
    const account = listing.account;
    const from = listing.progressAt;
    listing.progressAt = now;
    if (now <= from) return;
    let start = from;
    let end = now;
    if (this.rules.requireOnline) {
      if (account.lastPingAt === null) return;
      start = Math.max(from, account.lastPingAt);
      end = Math.min(now, account.lastPingAt + SANDBOX_ONLINE_MS);
      if (end <= start) return;
    }
    const needs = saleTimeMs(this.world.seed, listing.itemId, listing.price, listing.referenceUsd);
    const gained = (end - start) / needs;
    if (listing.progress + gained < 1) {
      listing.progress += gained;
      return;
    }
    const soldAt = start + (1 - listing.progress) * needs;
    listing.progress = 1;
    this.sell(listing, Math.ceil(soldAt));
  }

  sell(listing: SandboxListing, soldAt: number): void {
    const buyers = this.buyers();
    const hash = createHash('sha1').update(`${this.world.seed}:sale:${listing.itemId}`).digest('hex');
    const buyer = buyers[Number.parseInt(hash.slice(0, 8), 16) % buyers.length]!;
    listing.status = 'sold';
    listing.delivery = { hash, buyer, soldAt, items: [{ ...listing.asset }] };
  }

  deliveries(account: SandboxMarketAccount): MarketDeliveryRequest[] {
    return [...account.listings.values()]
      .filter((listing) => listing.delivery)
      .map((listing) => {
        const delivery = listing.delivery!;
        return {
          hash: delivery.hash,
          partnerSteamId: delivery.buyer.steamId,
          tradeToken: this.world.trading.tradeToken(delivery.buyer.steamId)!,
          message: `market.csgo.com sale ${delivery.hash.slice(0, 8)}`,
          items: delivery.items.map((item) => ({ ...item })),
        };
      });
  }

  /**
   * Each registered offer that a buyer can see and that carries exactly a sale's items is accepted by the
   * buyer.
   */
  deliverRegistered(account: SandboxMarketAccount, now: number): void {
    if (account.registeredOffers.size === 0) return;
    // Offers other processes sent on one shared simulated Steam are seen too.
    this.world.catchUp();
    const book = this.world.trading;
    for (const offerId of [...account.registeredOffers]) {
      for (const listing of [...account.listings.values()]) {
        const delivery = listing.delivery;
        if (!delivery) continue;
        const seen = book.get(delivery.buyer.steamId, offerId, now);
        if (!seen.ok || seen.offer.isOurOffer || !sameItems(seen.offer.itemsToReceive, delivery.items))
          continue;
        const accepted = this.world.change(() => {
          book.acknowledge(delivery.buyer.steamId);
          this.world.record({ op: 'ack', steamId: delivery.buyer.steamId });
          this.world.record({ op: 'accept', steamId: delivery.buyer.steamId, offerId, now });
          return book.accept(delivery.buyer, offerId, now);
        });
        if (!accepted.ok || accepted.tradeId === null) continue;
        account.registeredOffers.delete(offerId);
        this.complete(listing, now);
        break;
      }
    }
  }

  /** The sale leaves the market: a history row, the money held 7 days for CS2 or available at once. */
  complete(listing: SandboxListing, now: number): void {
    const account = listing.account;
    this.unlist(listing);
    const received = Math.floor((listing.price.amount * (100 - this.rules.feePercent)) / 100);
    const held = listing.game === 'cs2';
    const releaseAt = now + HOLD_DAYS * DAY_MS;
    const entry: MarketHistoryEntry = {
      itemId: listing.itemId,
      marketHashName: listing.marketHashName,
      game: listing.game,
      event: 'sell',
      stage: held ? 'active' : 'given',
      received: { currency: listing.price.currency, amount: received },
      paid: { ...listing.price },
      time: new Date(now),
      settlement: held ? Math.floor(releaseAt / 1000) : 0,
      customId: null,
    };
    account.history.push(entry);
    if (held) {
      account.onHold += received;
      const buyer = listing.delivery!.buyer;
      this.holds.push({
        account,
        amount: received,
        releaseAt,
        entry,
        price: listing.price,
        buyer,
        classId: listing.classId,
      });
    } else {
      account.available += received;
    }
  }
}

function sameItems(offered: readonly TradeAsset[], sold: readonly TradeAsset[]): boolean {
  const key = (item: TradeAsset) => `${item.appId}/${item.contextId}/${item.assetId}`;
  const wanted = new Set(sold.map(key));
  return offered.length === sold.length && offered.every((item) => wanted.has(key(item)));
}
