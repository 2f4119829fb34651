/**
 * The simulated TM of sandbox mode, over the sandbox Steam world: accounts (one per API key, selling for a
 * Steam account of the world), listings of the account's real sandbox items, buyers (`sandbox-demand.ts`),
 * delivery requests whose partner is a sandbox buyer account, the buyer accepting our offer in the world's
 * trade book once it is registered (`trade-ready`), sales history with a 7-day settlement hold for CS2 (the
 * sales side is `sandbox-market-sales.ts`) and money transfers between accounts at the table's rates. Deterministic from the world seed and the clock; in
 * memory, and in a state file when one is given (`sandbox-market-persistence.ts`, `sandbox-market-state.ts`),
 * so a restarted sandbox server keeps its market.
 */

import {
  type Currency,
  type Money,
  TRADE_GAME_KEYS,
  TRADE_GAMES,
  type TradeAsset,
  type TradeGame,
} from '@tradedeck/sdk/domain';
import type { SandboxAccount, SandboxWorld } from '../../steam/sandbox/sandbox-world.ts';
import type { SandboxAsset } from '../../steam/sandbox/trading/sandbox-inventories.ts';
import type { MarketDeliveryRequest, MarketHistoryEntry, MarketListing, MoneySendRecord } from '../port.ts';
import { loginOfSandboxMarketKey, sandboxMarketKey, sandboxPaymentPassword } from './sandbox-market-keys.ts';
import type { RegisterSandboxAccountInput, SandboxMarketOptions } from './sandbox-market-options.ts';
import {
  restoreSandboxMarket,
  type SandboxMarketCollections,
  snapshotSandboxMarket,
} from './sandbox-market-persistence.ts';
import { SANDBOX_ONLINE_MS, SandboxSales } from './sandbox-market-sales.ts';
import type { SandboxMarketSnapshot, SandboxMarketStateFile } from './sandbox-market-state.ts';
import { convertAtSandboxRate } from './sandbox-rates.ts';
import { SandboxTraffic } from './sandbox-traffic.ts';

/** A seller has 5 minutes to send the offer after a sale (shown as `left`). */
const DELIVERY_WINDOW_S = 5 * 60;
/** TM changes one listing's price at most once a minute. */
export const PRICE_CHANGE_SPACING_MS = 60_000;
/** Buyers are sandbox bots far from the ones a demo or a test uses as sellers. */
export const SANDBOX_BUYER_COUNT = 12;
const FIRST_BUYER = 99_001;
/** A buyer who reverses a protected trade pays 30 %: 20 % goes to the seller (TM, July 2025). */
const REVERSAL_PENALTY_TO_SELLER_PERCENT = 20;
/** What an account opened without a chosen balance starts with: 100 USD's worth. */
const STARTING_BALANCE_USD = 100_000;

export interface SandboxMarketAccount {
  key: string;
  login: string;
  steam: SandboxAccount;
  currency: Currency;
  available: number;
  onHold: number;
  paymentPassword: string;
  lastPingAt: number | null;
  tradeToken: string | null;
  currencyChangedAt: number | null;
  /** Offers registered with trade-ready, waiting for the buyer. */
  registeredOffers: Set<string>;
  /** The account's listings by item id (on sale or sold and waiting for delivery). */
  listings: Map<string, SandboxListing>;
  sends: Map<string, MoneySendRecord>;
  history: MarketHistoryEntry[];
  /**
   * TM refuses money transfers from and to this account (a trade-banned Steam account, or set for a test).
   */
  transfersBlocked: boolean;
}

export interface SandboxListing {
  itemId: string;
  account: SandboxMarketAccount;
  asset: TradeAsset;
  game: TradeGame;
  classId: string;
  marketHashName: string;
  /** Reference price in USD units. */
  referenceUsd: number;
  price: Money;
  status: 'onSale' | 'sold';
  priceSetAt: number;
  /** Share of the way to a sale (1 = sold) and when it was last brought up to date. */
  progress: number;
  progressAt: number;
  delivery: SandboxDelivery | null;
}

export interface SandboxDelivery {
  hash: string;
  buyer: SandboxAccount;
  soldAt: number;
  items: TradeAsset[];
}

export interface Hold {
  account: SandboxMarketAccount;
  amount: number;
  releaseAt: number;
  entry: MarketHistoryEntry;
  /** The sale's price and what was delivered to whom, for a reversal. */
  price: Money;
  buyer: SandboxAccount;
  classId: string;
}

export type { RegisterSandboxAccountInput, SandboxMarketOptions };

export class SandboxMarket {
  readonly #accounts = new Map<string, SandboxMarketAccount>();
  readonly #listings = new Map<string, SandboxListing>();
  readonly #holds: Hold[] = [];
  readonly requireOnline: boolean;
  readonly feePercent: number;
  readonly priceChangeSpacingMs: number;
  /** Every call per key and accepted price write per item, as the live market counts them. */
  readonly traffic: SandboxTraffic;
  #nextItem = 4_100_000_000;
  #advancedTo = 0;
  /** Listings whose price writes and delisting the market refuses (a failure case for demos and tests). */
  readonly #stuck = new Set<string>();
  /** Keys of accounts banned from selling (a failure case for tests: the market's `test` says so). */
  readonly #sellingBans = new Set<string>();
  /** Competitor asks set by hand per item (USD units), replacing the simulated ones until cleared. */
  readonly #competitors = new Map<string, number[]>();
  readonly #stateFile: SandboxMarketStateFile | null;
  readonly #sales: SandboxSales;

  constructor(
    readonly world: SandboxWorld,
    options: SandboxMarketOptions = {},
  ) {
    this.requireOnline = options.requireOnline ?? true;
    this.feePercent = options.feePercent ?? 5;
    this.priceChangeSpacingMs = options.priceChangeSpacingMs ?? PRICE_CHANGE_SPACING_MS;
    this.#stateFile = options.stateFile ?? null;
    this.traffic = new SandboxTraffic(undefined, undefined, options.keyCallLimit ?? null);
    this.#sales = new SandboxSales(
      world,
      this,
      this.#holds,
      () => this.buyers(),
      (listing) => this.unlist(listing),
    );
    const stored = this.#stateFile?.read();
    if (stored) this.#restore(stored);
  }

  /**
   * Runs one market call on the state every server process sharing the state file sees (one simulated market for
   * a multi-process farm): under the Steam journal's lock, after reading what another process wrote since.
   */
  shared<T>(work: () => T): T {
    return this.world.change(() => {
      const stored = this.#stateFile?.readIfChanged();
      if (stored) this.#restore(stored);
      return work();
    });
  }

  #restore(stored: SandboxMarketSnapshot): void {
    restoreSandboxMarket(stored, this.world, this.#collections());
    this.#nextItem = stored.nextItem;
    this.#advancedTo = stored.advancedTo;
  }

  /**
   * Opens an account for a Steam login of the world and returns its API key; the same login keeps its
   * account.
   */
  registerAccount(input: RegisterSandboxAccountInput): string {
    const key = sandboxMarketKey(input.login);
    const existing = this.#accounts.get(key);
    if (existing) {
      if (input.available !== undefined) existing.available = input.available;
      if (input.paymentPassword !== undefined) existing.paymentPassword = input.paymentPassword;
      if (input.transfersBlocked !== undefined) existing.transfersBlocked = input.transfersBlocked;
      this.save();
      return key;
    }
    const opened = this.open(key, input.currency ?? 'USD', input.available, input.paymentPassword);
    if (!opened) throw new Error(`the sandbox Steam world has no account "${input.login}"`);
    if (input.transfersBlocked !== undefined) opened.transfersBlocked = input.transfersBlocked;
    this.save();
    return key;
  }

  /**
   * The account of a key; an unknown key of the sandbox's form opens one in `currency` (the first caller's).
   */
  account(key: string, currency: Currency): SandboxMarketAccount | null {
    return this.#accounts.get(key) ?? this.open(key, currency);
  }

  /** An account that exists already (money transfers never open the receiver). */
  existing(key: string): SandboxMarketAccount | null {
    return this.#accounts.get(key) ?? null;
  }

  buyers(): SandboxAccount[] {
    return this.world.healthyAccounts(SANDBOX_BUYER_COUNT, FIRST_BUYER);
  }

  /** Brings buyers, deliveries and settlements up to `now`. */
  advance(now: number): void {
    if (now < this.#advancedTo) return;
    this.#advancedTo = now;
    for (const listing of this.#listings.values()) {
      if (listing.status === 'onSale') this.#sales.progress(listing, now);
    }
    for (const account of this.#accounts.values()) this.#sales.deliverRegistered(account, now);
    for (const hold of [...this.#holds]) {
      if (hold.releaseAt > now) continue;
      this.#holds.splice(this.#holds.indexOf(hold), 1);
      hold.account.onHold -= hold.amount;
      hold.account.available += hold.amount;
      hold.entry.stage = 'given';
    }
    this.save();
  }

  isOnline(account: SandboxMarketAccount, now: number): boolean {
    return (
      !this.requireOnline || (account.lastPingAt !== null && now - account.lastPingAt <= SANDBOX_ONLINE_MS)
    );
  }

  ping(account: SandboxMarketAccount, now: number): void {
    account.lastPingAt = now;
    this.save();
  }

  goOffline(account: SandboxMarketAccount): void {
    account.lastPingAt = null;
    this.save();
  }

  /**
   * TM bans an account from selling after undelivered sales, and `test` then answers `site_notmpban: false`
   * until the ban is lifted (notes market.md §2 `test` and §8). Tests ban and lift it by hand.
   */
  setSellingBan(key: string, banned: boolean): void {
    if (banned) this.#sellingBans.add(key);
    else this.#sellingBans.delete(key);
  }

  sellingBanned(account: SandboxMarketAccount): boolean {
    return this.#sellingBans.has(account.key);
  }

  setTradeToken(account: SandboxMarketAccount, token: string): void {
    account.tradeToken = token;
    this.save();
  }

  listingsOf(account: SandboxMarketAccount): SandboxListing[] {
    return [...account.listings.values()];
  }

  listingView(listing: SandboxListing, now: number): MarketListing {
    const left = listing.delivery
      ? Math.max(0, DELIVERY_WINDOW_S - Math.floor((now - listing.delivery.soldAt) / 1000))
      : null;
    return {
      itemId: listing.itemId,
      assetId: listing.asset.assetId,
      classId: listing.classId,
      instanceId: '0',
      marketHashName: listing.marketHashName,
      game: listing.game,
      price: { ...listing.price },
      status: listing.status,
      settlement: 0,
      left,
    };
  }

  /** Onsale listings of every account for one item (ours included, as TM's search shows them). */
  onSaleByName(marketHashName: string): SandboxListing[] {
    return [...this.#listings.values()].filter(
      (listing) => listing.status === 'onSale' && listing.marketHashName === marketHashName,
    );
  }

  /** The account's tradable Steam items of every game, with the asset behind each. */
  steamItems(account: SandboxMarketAccount, now: number): { asset: SandboxAsset; game: TradeGame }[] {
    const items: { asset: SandboxAsset; game: TradeGame }[] = [];
    const inventories = this.world.trading.inventories;
    for (const game of TRADE_GAME_KEYS) {
      const info = TRADE_GAMES[game];
      for (const asset of inventories
        .context(account.steam.steamId, info.appId, info.contextId, now)
        .values()) {
        if (inventories.isTradable(asset, now)) items.push({ asset, game });
      }
    }
    return items;
  }

  /** The asset ids the account has listed. */
  listedAssets(account: SandboxMarketAccount): Set<string> {
    return new Set(this.listingsOf(account).map((listing) => listing.asset.assetId));
  }

  list(
    account: SandboxMarketAccount,
    asset: SandboxAsset,
    game: TradeGame,
    price: Money,
    now: number,
  ): string {
    const item = this.world.trading.inventories.toItem(asset, now);
    const itemId = String(++this.#nextItem);
    const listing: SandboxListing = {
      itemId,
      account,
      asset: { appId: asset.appId, contextId: asset.contextId, assetId: asset.assetId, amount: 1 },
      game,
      classId: item.classId,
      marketHashName: item.marketHashName,
      referenceUsd: item.referencePrice?.amount ?? 0,
      price,
      status: 'onSale',
      priceSetAt: now,
      progress: 0,
      progressAt: now,
      delivery: null,
    };
    this.#listings.set(itemId, listing);
    account.listings.set(itemId, listing);
    this.save();
    return itemId;
  }

  listing(account: SandboxMarketAccount, itemId: string): SandboxListing | null {
    return account.listings.get(itemId) ?? null;
  }

  /**
   * Demo seeding only: price changes made before `at` are dated `at`, so the world the demo writes "before it
   * started" does not leave every listing inside the market's one-minute spacing when the user arrives.
   */
  datePriceChangesBefore(at: number): void {
    for (const account of this.#accounts.values())
      for (const listing of this.listingsOf(account)) if (listing.priceSetAt > at) listing.priceSetAt = at;
    this.save();
  }

  /** A new price (zero delists); the caller checked it is on sale and not changed within the last minute. */
  reprice(listing: SandboxListing, price: Money, now: number): void {
    this.#sales.progress(listing, now);
    if (price.amount === 0) this.unlist(listing);
    else {
      listing.price = price;
      listing.priceSetAt = now;
      this.traffic.write(listing.itemId, now);
    }
    this.save();
  }

  deliveries(account: SandboxMarketAccount): MarketDeliveryRequest[] {
    return this.#sales.deliveries(account);
  }

  /** When the sale behind a delivery request happened (0 when the account has no such sale). */
  soldAt(account: SandboxMarketAccount, hash: string): number {
    for (const listing of account.listings.values())
      if (listing.delivery?.hash === hash) return listing.delivery.soldAt;
    return 0;
  }

  /**
   * A buyer takes the listing now: it turns sold and waits for our offer. For tests and demos of a sale at a
   * chosen moment (two markets selling one item at once); false when the listing is not on sale.
   */
  sellNow(itemId: string, now: number): boolean {
    const listing = this.#listings.get(itemId);
    if (listing?.status !== 'onSale') return false;
    this.#sales.sell(listing, now);
    this.save();
    return true;
  }

  /**
   * Registers our offer for a delivery; the buyer accepts it as soon as it is confirmed and matches a sale.
   */
  tradeReady(account: SandboxMarketAccount, offerId: string, now: number): void {
    account.registeredOffers.add(offerId);
    this.#sales.deliverRegistered(account, now);
    this.save();
  }

  /** Moves `amount` (in the sender's currency) to the receiver at the table's rate, recorded by custom id. */
  transfer(
    from: SandboxMarketAccount,
    to: SandboxMarketAccount,
    amount: Money,
    customId: string,
    now: number,
  ): MoneySendRecord {
    const received = convertAtSandboxRate(amount, to.currency);
    from.available -= amount.amount;
    to.available += received.amount;
    const record: MoneySendRecord = {
      customId,
      amount: { ...amount },
      status: 'done',
      time: new Date(now),
      received,
    };
    from.sends.set(customId, record);
    this.save();
    return record;
  }

  /** Converts the balance to the new currency (the caller checked nothing is on sale or in flight). */
  changeCurrency(account: SandboxMarketAccount, to: Currency, now: number): void {
    account.available = convertAtSandboxRate(
      { currency: account.currency, amount: account.available },
      to,
    ).amount;
    account.currency = to;
    account.currencyChangedAt = now;
    this.save();
  }

  hasActivity(account: SandboxMarketAccount): boolean {
    return account.listings.size > 0 || account.onHold > 0;
  }

  /**
   * The buyer reverses a delivered CS2 sale still on hold (Trade Protection): the held money is gone, the
   * sale shows as cancelled, the seller gets the buyer's penalty (a history row of its own) and the item back
   * (in Trade Protection, as any received CS2 item). False when the sale is not on hold.
   */
  reverseSale(apiKey: string, itemId: string, now: number): boolean {
    this.advance(now);
    const hold = this.#holds.find((item) => item.account.key === apiKey && item.entry.itemId === itemId);
    if (!hold) return false;
    this.#holds.splice(this.#holds.indexOf(hold), 1);
    const account = hold.account;
    account.onHold -= hold.amount;
    hold.entry.stage = 'cancelled';
    const penalty = Math.floor((hold.price.amount * REVERSAL_PENALTY_TO_SELLER_PERCENT) / 100);
    account.available += penalty;
    account.history.push({
      ...hold.entry,
      event: 'other',
      stage: 'given',
      received: { currency: hold.price.currency, amount: penalty },
      time: new Date(now),
      settlement: 0,
    });
    const inventories = this.world.trading.inventories;
    const cs2 = TRADE_GAMES.cs2;
    for (const contextId of [cs2.protectedContextId, cs2.contextId]) {
      if (!contextId) continue;
      const held = [...inventories.context(hold.buyer.steamId, cs2.appId, contextId, now).values()];
      const asset = held.find((item) => inventories.toItem(item, now).classId === hold.classId);
      if (!asset) continue;
      this.world.moveAsset(hold.buyer.steamId, account.steam.steamId, asset, now);
      break;
    }
    this.save();
    return true;
  }

  /**
   * Every later price write or delisting of this listing is refused (`bad_item`), as TM does for a stuck lot.
   */
  refuseWrites(itemId: string): void {
    this.#stuck.add(itemId);
    this.save();
  }

  refusesWrites(itemId: string): boolean {
    return this.#stuck.has(itemId);
  }

  /**
   * Competitors move: the item's foreign asks become these USD prices (null goes back to the simulated ones).
   */
  setCompetitorAsks(marketHashName: string, pricesUsd: number[] | null): void {
    if (pricesUsd === null) this.#competitors.delete(marketHashName);
    else this.#competitors.set(marketHashName, [...pricesUsd]);
    this.save();
  }

  competitorOverride(marketHashName: string): number[] | null {
    return this.#competitors.get(marketHashName) ?? null;
  }

  /**
   * A buyer takes the listing and the sale completes at once (as if delivered): a history row with the 7-day
   * hold for CS2. For demos and tests of the sales history; false when the listing is not on sale.
   */
  completeSaleNow(itemId: string, now: number): boolean {
    const listing = this.#listings.get(itemId);
    if (listing?.status !== 'onSale') return false;
    this.#sales.sell(listing, now);
    this.#sales.complete(listing, now);
    this.save();
    return true;
  }

  /**
   * A sale that ended before now, for the demo's history: the item was listed at `listedAt`, bought at
   * `soldAt` and delivered to the buyer, with its history row and (CS2) its 7-day hold counted from `soldAt`.
   */
  pastSale(
    account: SandboxMarketAccount,
    asset: SandboxAsset,
    game: TradeGame,
    price: Money,
    listedAt: number,
    soldAt: number,
  ): string {
    const itemId = this.list(account, asset, game, price, listedAt);
    const listing = this.#listings.get(itemId)!;
    this.#sales.sell(listing, soldAt);
    this.world.moveAsset(account.steam.steamId, listing.delivery!.buyer.steamId, asset, soldAt);
    this.#sales.complete(listing, soldAt);
    this.save();
    return itemId;
  }

  private save(): void {
    this.#stateFile?.write(
      snapshotSandboxMarket({
        ...this.#collections(),
        nextItem: this.#nextItem,
        advancedTo: this.#advancedTo,
      }),
    );
  }

  /** The market's collections, for its state file. */
  #collections(): SandboxMarketCollections {
    return {
      accounts: this.#accounts,
      listings: this.#listings,
      holds: this.#holds,
      stuck: this.#stuck,
      competitors: this.#competitors,
    };
  }

  private unlist(listing: SandboxListing): void {
    this.#listings.delete(listing.itemId);
    listing.account.listings.delete(listing.itemId);
  }

  private open(
    key: string,
    currency: Currency,
    available?: number,
    paymentPassword?: string,
  ): SandboxMarketAccount | null {
    const login = loginOfSandboxMarketKey(key);
    const steam = login ? this.world.find(login) : null;
    if (!login || !steam) return null;
    const account: SandboxMarketAccount = {
      key,
      login: steam.login,
      steam,
      currency,
      available:
        available ?? convertAtSandboxRate({ currency: 'USD', amount: STARTING_BALANCE_USD }, currency).amount,
      onHold: 0,
      paymentPassword: paymentPassword ?? sandboxPaymentPassword(steam.login, this.world.seed),
      lastPingAt: null,
      tradeToken: null,
      currencyChangedAt: null,
      registeredOffers: new Set(),
      listings: new Map(),
      sends: new Map(),
      history: [],
      transfersBlocked: steam.trading === 'tradeBan',
    };
    this.#accounts.set(key, account);
    return account;
  }
}
