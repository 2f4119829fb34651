/**
 * The one repricing path behind preview, apply and the tick: `decide` reads the lots' market (asks), references and
 * our own listings on every account and runs the sdk's `decideReprice` per lot; `write` sends the changed prices in
 * mass calls of at most `REPRICE_BATCH_LIMIT` per account and keeps the market's per-item refusals; `record` stores
 * the outcome on the lots. Preview is `decide` alone, so preview and apply agree by construction.
 */
import {
  type AskSnapshot,
  type Currency,
  decideReprice,
  type LotIssue,
  MARKET_ASKS_TTL_MS,
  type MarketAsk,
  type PriceStrategy,
  priceWriteBatches,
  type ReferencePrice,
  type ReferencePrices,
  type RepricingContext,
  type RepricingDecision,
  type RepricingLot,
  type TradingProfile,
  withWriteFailures,
} from '@tradedeck/sdk/domain';
import type { AsksCache, MarketSnapshot } from './asks-cache.ts';
import { SOLD_ELSEWHERE } from './delist-repo.ts';
import type { LotsShared } from './deps.ts';
import type { ListingGone } from './listing-check.ts';
import type { AccountMarket, MarketAccess } from './market-access.ts';
import type { PriceDbRow } from './price-repo.ts';
import type { LotQueries } from './repo.ts';
import type { OtherListing, RepriceRead } from './reprice-read.ts';
import type { LotPatch, RepriceLot } from './types.ts';
import { moneyOf, PROVIDER_PRICE_TTL_MS } from './views.ts';

export interface RepriceOverrides {
  strategy?: PriceStrategy | undefined;
  profile?: TradingProfile | undefined;
}

export interface LotDecision {
  lot: RepriceLot;
  decision: RepricingDecision;
  /** The market's detail of a refused write. */
  marketError: string | null;
  /** The lot was stored as on sale but its listing is sold or gone now (read by preview and apply). */
  listingGone?: ListingGone;
}

function lowerMedian(sorted: readonly number[]): number | null {
  return sorted.length === 0 ? null : (sorted[Math.floor((sorted.length - 1) / 2)] as number);
}

function moneyOrNull(currency: Currency, amount: number | null) {
  return amount === null ? null : moneyOf(currency, Number(amount));
}

function toRepricingLot(lot: RepriceLot, overrides: RepriceOverrides): RepricingLot {
  const currency = lot.currency as Currency;
  return {
    itemId: lot.itemId ?? `asset:${lot.assetId}`,
    marketHashName: lot.marketHashName,
    price: moneyOf(currency, Number(lot.price ?? 0)),
    min: moneyOrNull(currency, lot.minPrice),
    max: moneyOrNull(currency, lot.maxPrice),
    purchasePrice: moneyOrNull(currency, lot.purchasePrice),
    profile: overrides.profile ?? (lot.profile as TradingProfile),
    strategy: overrides.strategy ?? (lot.strategy as PriceStrategy),
    // An item sold on another market is never priced again: its listing is being taken down.
    onSale:
      lot.status === 'on_sale' &&
      lot.itemId !== null &&
      lot.price !== null &&
      !(lot.issues as string[]).includes(SOLD_ELSEWHERE),
    settlement: Number(lot.settlement),
    lastPriceWriteAt: lot.lastPriceWriteAt,
  };
}

/** The market and currency a lot is priced in: its asks, references and own listings are that market's. */
function marketKey(lot: Pick<RepriceLot, 'platform' | 'currency'>): string {
  return `${lot.platform}:${lot.currency}`;
}

function referencesOf(
  price: PriceDbRow | undefined,
  currency: string,
  foreign: number[],
  snapshot: MarketSnapshot | null,
) {
  const fetchedAt = snapshot?.fetchedAt ?? null;
  const references: ReferencePrices = {};
  if (price?.customPrice != null && price.customCurrency === currency && price.customUpdatedAt)
    references.custom = {
      price: moneyOf(currency, Number(price.customPrice)),
      observedAt: price.customUpdatedAt,
      ttlMs: null,
    };
  const provider = price?.providers.find((item) => item.source === 'provider' && item.currency === currency);
  if (provider)
    references.provider = {
      price: moneyOf(currency, provider.amount),
      observedAt: new Date(provider.observedAt),
      ttlMs: PROVIDER_PRICE_TTL_MS,
    };
  const median = lowerMedian(foreign);
  if (median !== null && fetchedAt)
    references.median = {
      price: moneyOf(currency, median),
      observedAt: fetchedAt,
      ttlMs: MARKET_ASKS_TTL_MS,
    };
  // The market's highest buy order, at the time the market said so (a price feed may lag its asks).
  if (snapshot?.bid && snapshot.bid.price.currency === currency)
    references.bid = {
      price: snapshot.bid.price,
      observedAt: snapshot.bid.observedAt,
      ttlMs: MARKET_ASKS_TTL_MS,
    };
  return references;
}

function amountsOf(asks: readonly MarketAsk[]): number[] {
  return asks.map((ask) => ask.price.amount).sort((a, b) => a - b);
}

/**
 * The lower median of the item's foreign asks on the user's other markets in this currency, as old as the oldest
 * snapshot it reads; none when no other market lists the item.
 */
function crossMarketReference(
  markets: readonly { foreign: readonly MarketAsk[]; snapshot: MarketSnapshot | null }[],
  currency: string,
): ReferencePrice | null {
  const read = markets.filter((market) => market.snapshot !== null && market.foreign.length > 0);
  const median = lowerMedian(amountsOf(read.flatMap((market) => market.foreign)));
  if (median === null) return null;
  const times = read.map((market) => (market.snapshot as MarketSnapshot).fetchedAt.getTime());
  return {
    price: moneyOf(currency, median),
    observedAt: new Date(Math.min(...times)),
    ttlMs: MARKET_ASKS_TTL_MS,
  };
}

/**
 * Our two cheapest listings of an item in this currency, cheapest first (the earlier one first on a tie). A lot
 * reads of our listings only the cheapest one other than itself, so these two decide exactly as all of them would,
 * and each lot's look at the item's asks stays short however many listings of it we have.
 */
function cheapestTwo(
  listings: readonly OtherListing[] | undefined,
  platform: string,
  currency: string,
): MarketAsk[] {
  let first: OtherListing | null = null;
  let second: OtherListing | null = null;
  for (const listing of listings ?? []) {
    if (listing.currency !== currency || listing.platform !== platform) continue;
    if (!first || listing.price < first.price) {
      second = first;
      first = listing;
    } else if (!second || listing.price < second.price) second = listing;
  }
  const ask = (listing: OtherListing): MarketAsk => ({
    itemId: listing.itemId,
    price: moneyOf(currency, listing.price),
  });
  return [first, second].filter((listing) => listing !== null).map(ask);
}

/** Told before each mass call goes out and after its answer (an apply job records both, so a crash is known). */
export interface WriteJournal {
  sending(sellerAccountId: number, itemIds: string[]): Promise<void>;
  /** `refused`: the items of this batch the market refused, with its detail. */
  answered(refused: Record<string, string>, count: number): Promise<void>;
}

/**
 * Sends the changed decisions' prices for one account in mass calls of at most `REPRICE_BATCH_LIMIT`, in order;
 * every item the market refused (in the call's answer or with the whole call) lands in `refused` with its detail.
 */
export async function writePrices(
  { market, creds }: AccountMarket,
  decisions: readonly RepricingDecision[],
  refused: Map<string, string | undefined>,
  journal?: { sending(itemIds: string[]): Promise<void>; answered: WriteJournal['answered'] },
): Promise<void> {
  for (const batch of priceWriteBatches(decisions)) {
    await journal?.sending(batch.map((write) => write.itemId));
    const answer = await market.setPrices(creds, batch);
    const ofBatch: Record<string, string> = {};
    batch.forEach((write, index) => {
      const outcome = answer.ok
        ? (answer.outcomes[index] ?? { ok: false, reason: 'unknownError', detail: 'no answer' })
        : answer;
      if (!outcome.ok) {
        refused.set(write.itemId, outcome.detail ?? outcome.reason);
        ofBatch[write.itemId] = outcome.detail ?? outcome.reason;
      }
    });
    await journal?.answered(ofBatch, batch.length);
  }
}

export class RepriceEngine {
  constructor(
    private readonly deps: Pick<LotsShared, 'repo' | 'market'>,
    private readonly access: MarketAccess,
    private readonly asks: AsksCache,
  ) {}

  /**
   * The decision for every lot, nothing written. The lots are grouped by currency and item once; the asks and
   * references are read once per item, our own listings come with the read, and each lot costs one
   * `decideReprice` call.
   */
  async decide(
    userId: string,
    read: RepriceRead,
    overrides: RepriceOverrides,
    now: Date,
  ): Promise<LotDecision[]> {
    const { lots } = read;
    // Each market prices its own lots from its own asks: one context per market and currency.
    const namesByMarket = new Map<string, Set<string>>();
    // Our listings on every account: the picked lots on sale and the user's other listings.
    const ownItemIds = new Set<string>();
    // The picked lots on sale: they move in this pass, so they hold each other back only at their new prices.
    const picked: { index: number; listing: OtherListing }[] = [];
    lots.forEach((lot, index) => {
      if (lot.status !== 'on_sale') return;
      let names = namesByMarket.get(marketKey(lot));
      if (!names) {
        names = new Set();
        namesByMarket.set(marketKey(lot), names);
      }
      names.add(lot.marketHashName);
      if (lot.itemId === null) return;
      ownItemIds.add(lot.itemId);
      picked.push({
        index,
        listing: {
          platform: lot.platform,
          itemId: lot.itemId,
          marketHashName: lot.marketHashName,
          price: lot.price ?? 0,
          currency: lot.currency,
        },
      });
    });
    for (const listing of read.otherListings) ownItemIds.add(listing.itemId);
    const allNames = new Set<string>();
    for (const names of namesByMarket.values()) for (const name of names) allNames.add(name);
    const { accounts, prices } = await this.deps.repo.run(userId, async (q) => ({
      accounts: await q.accounts(),
      prices: await q.prices.byNames([...allNames]),
    }));
    const priceByName = new Map(prices.map((row) => [row.marketHashName, row]));
    // Every market of the user in a lot's currency reads the asks of every name on sale in that currency: a lot's
    // own market prices it, the others check its references (the outlier guard's `crossMarket`).
    const namesByCurrency = new Map<string, Set<string>>();
    for (const [key, names] of namesByMarket) {
      const currency = key.split(':')[1] as string;
      const all = namesByCurrency.get(currency) ?? new Set<string>();
      for (const name of names) all.add(name);
      namesByCurrency.set(currency, all);
    }
    const foreignByMarket = new Map<string, Map<string, MarketAsk[]>>();
    const snapshotsByMarket = new Map<string, Map<string, MarketSnapshot>>();
    for (const key of new Set([...lots.map(marketKey), ...accounts.map(marketKey)])) {
      const [platform, currency] = key.split(':') as [string, string];
      const wanted = [...(namesByCurrency.get(currency) ?? [])];
      const fetcher = accounts.find(
        (account) => account.platform === platform && account.currency === currency,
      );
      const market =
        fetcher && wanted.length > 0
          ? await this.asks.snapshots(await this.access.open(fetcher), wanted, now)
          : new Map<string, MarketSnapshot>();
      snapshotsByMarket.set(key, market);
      const foreign = new Map<string, MarketAsk[]>();
      for (const [name, snapshot] of market)
        foreign.set(
          name,
          snapshot.asks.filter((ask) => !ownItemIds.has(ask.itemId)),
        );
      foreignByMarket.set(key, foreign);
    }
    // What does not depend on our own listings, per market: the foreign asks and the references of each item.
    const markets = new Map<
      string,
      { platform: string; currency: string; wanted: string[]; referencesByName: Map<string, ReferencePrices> }
    >();
    for (const key of new Set(lots.map(marketKey))) {
      const [platform, currency] = key.split(':') as [string, string];
      const wanted = [...(namesByMarket.get(key) ?? [])];
      const market = snapshotsByMarket.get(key) ?? new Map<string, MarketSnapshot>();
      const others = [...foreignByMarket].filter(
        ([other]) => other !== key && other.endsWith(`:${currency}`),
      );
      const referencesByName = new Map<string, ReferencePrices>();
      for (const name of wanted) {
        const snapshot = market.get(name);
        const foreign = foreignByMarket.get(key)?.get(name) ?? [];
        const references = referencesOf(
          priceByName.get(name),
          currency,
          amountsOf(foreign),
          snapshot ?? null,
        );
        const elsewhere = crossMarketReference(
          others.map(([other, byName]) => ({
            foreign: byName.get(name) ?? [],
            snapshot: snapshotsByMarket.get(other)?.get(name) ?? null,
          })),
          currency,
        );
        if (elsewhere) references.crossMarket = elsewhere;
        referencesByName.set(name, references);
      }
      markets.set(key, { platform, currency, wanted, referencesByName });
    }
    // The cooldown after a price write follows the market's own spacing (the sandbox's can be shortened).
    const spacing = this.deps.market.priceChangeSpacingMs;
    /** Each market's context with these own listings of ours (at the prices they have or are about to get). */
    const contextsWith = (own: readonly OtherListing[]) => {
      const ownByName = new Map<string, OtherListing[]>();
      for (const listing of own) {
        const list = ownByName.get(listing.marketHashName);
        if (list) list.push(listing);
        else ownByName.set(listing.marketHashName, [listing]);
      }
      const contexts = new Map<string, RepricingContext>();
      for (const [key, { platform, currency, wanted, referencesByName }] of markets) {
        const market = snapshotsByMarket.get(key) ?? new Map<string, MarketSnapshot>();
        const asksByName = new Map<string, AskSnapshot>();
        for (const name of wanted) {
          const snapshot = market.get(name);
          if (!snapshot) continue;
          const foreign = foreignByMarket.get(key)?.get(name) ?? [];
          const ours = cheapestTwo(ownByName.get(name), platform, currency);
          asksByName.set(name, { asks: [...foreign, ...ours], fetchedAt: snapshot.fetchedAt });
        }
        contexts.set(key, {
          now,
          asksByName,
          ownItemIds,
          referencesByName,
          ...(spacing !== undefined ? { priceWriteCooldownMs: spacing } : {}),
        });
      }
      return contexts;
    };
    const decideAll = (contexts: Map<string, RepricingContext>) =>
      lots.map((lot) =>
        decideReprice(toRepricingLot(lot, overrides), contexts.get(marketKey(lot)) as RepricingContext),
      );
    // First each lot against our listings outside the pass only, so lots picked together (a group on several
    // accounts) can all follow the strategy; then against those and the picked lots at the prices the first round
    // gives them, so no lot lands under one of ours that leads at its new price (never undercut ourselves).
    const first = decideAll(contextsWith(read.otherListings));
    const moved = picked.map(({ index, listing }) => {
      const newPrice = (first[index] as RepricingDecision).newPrice;
      return newPrice ? { ...listing, price: newPrice.amount } : listing;
    });
    const decisions = decideAll(contextsWith([...read.otherListings, ...moved]));
    const decided: LotDecision[] = new Array(lots.length);
    for (let index = 0; index < lots.length; index++) {
      const lot = lots[index] as RepriceLot;
      decided[index] = {
        lot,
        decision: decisions[index] as RepricingDecision,
        marketError: null,
      };
    }
    return decided;
  }

  /** Sends the changed prices per account in mass calls of at most 50; refused writes become failed. */
  async write(
    userId: string,
    decided: readonly LotDecision[],
    journal?: WriteJournal,
  ): Promise<LotDecision[]> {
    const accounts = await this.deps.repo.run(userId, (q) => q.accounts());
    const refused = new Map<string, string | undefined>();
    for (const account of accounts) {
      const ofAccount = decided.filter(
        (item) => item.lot.sellerAccountId === account.id && item.decision.outcome === 'changed',
      );
      if (ofAccount.length === 0) continue;
      await writePrices(
        await this.access.open(account),
        ofAccount.map((item) => item.decision),
        refused,
        journal && {
          sending: (itemIds) => journal.sending(account.id, itemIds),
          answered: (ofBatch, count) => journal.answered(ofBatch, count),
        },
      );
    }
    const decisions = withWriteFailures(
      decided.map((item) => item.decision),
      refused,
    );
    return decided.map((item, index) => ({
      ...item,
      decision: decisions[index] as RepricingDecision,
      marketError: refused.has(item.decision.itemId) ? (refused.get(item.decision.itemId) ?? null) : null,
    }));
  }

  /** Stores the outcomes on the lots (only what changed); answers the changed rows. */
  async record(q: LotQueries, decided: readonly LotDecision[], now: Date, remember: RepriceOverrides | null) {
    const patches: LotPatch[] = [];
    for (const { lot, decision } of decided) {
      const patch: LotPatch = { id: lot.id };
      let issues = lot.issues as LotIssue[];
      if (decision.outcome === 'changed' && decision.newPrice) {
        Object.assign(patch, {
          price: decision.newPrice.amount,
          lastPriceWriteAt: now,
          lastWrittenPrice: decision.newPrice.amount,
          priceUpdatedAt: now,
        });
        issues = issues.filter((issue) => issue !== 'out_of_range' && issue !== 'price_mismatch');
      } else if (decision.reason === 'out_of_range') {
        if (!issues.includes('out_of_range')) issues = [...issues, 'out_of_range'];
      } else if (decision.reason === 'no_change') {
        issues = issues.filter((issue) => issue !== 'out_of_range');
      }
      if (issues.join() !== (lot.issues as string[]).join()) patch.issues = issues;
      if (decision.reason !== lot.lastRepriceReason) patch.lastRepriceReason = decision.reason;
      if (remember?.strategy) patch.strategy = remember.strategy;
      if (remember?.profile) patch.profile = remember.profile;
      if (Object.keys(patch).length > 1) patches.push(patch);
    }
    return q.patch(patches, now);
  }
}
