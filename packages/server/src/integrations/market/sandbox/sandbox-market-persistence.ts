/**
 * The sandbox market's persistence: its whole state as a snapshot written to the state file after each change
 * (`sandbox-market-state.ts`), and the market rebuilt from that snapshot at start, so a restarted sandbox server
 * keeps its balances, listings, sales, holds and sends.
 */
import type { SandboxAccount, SandboxWorld } from '../../steam/sandbox/sandbox-world.ts';
import type { Hold, SandboxListing, SandboxMarketAccount } from './sandbox-market.ts';
import type { SandboxMarketSnapshot } from './sandbox-market-state.ts';

/** The market's collections the state file holds (besides its two counters). */
export interface SandboxMarketCollections {
  accounts: Map<string, SandboxMarketAccount>;
  listings: Map<string, SandboxListing>;
  holds: Hold[];
  stuck: Set<string>;
  competitors: Map<string, number[]>;
}

export function snapshotSandboxMarket(
  market: SandboxMarketCollections & { nextItem: number; advancedTo: number },
): SandboxMarketSnapshot {
  const accounts = [...market.accounts.values()];
  return {
    version: 1,
    nextItem: market.nextItem,
    advancedTo: market.advancedTo,
    accounts: accounts.map((account) => ({
      key: account.key,
      login: account.login,
      currency: account.currency,
      available: account.available,
      onHold: account.onHold,
      paymentPassword: account.paymentPassword,
      lastPingAt: account.lastPingAt,
      tradeToken: account.tradeToken,
      currencyChangedAt: account.currencyChangedAt,
      registeredOffers: [...account.registeredOffers],
      sends: [...account.sends.values()].map((send) => ({
        customId: send.customId,
        amount: send.amount,
        status: send.status,
        time: send.time ? send.time.getTime() : null,
        received: send.received ?? null,
      })),
      history: account.history.map((entry) => ({ ...entry, time: entry.time.getTime() })),
      transfersBlocked: account.transfersBlocked,
    })),
    listings: [...market.listings.values()].map((listing) => ({
      itemId: listing.itemId,
      accountKey: listing.account.key,
      asset: listing.asset,
      game: listing.game,
      classId: listing.classId,
      marketHashName: listing.marketHashName,
      referenceUsd: listing.referenceUsd,
      price: listing.price,
      status: listing.status,
      priceSetAt: listing.priceSetAt,
      progress: listing.progress,
      progressAt: listing.progressAt,
      delivery: listing.delivery && {
        hash: listing.delivery.hash,
        buyerSteamId: listing.delivery.buyer.steamId,
        soldAt: listing.delivery.soldAt,
        items: listing.delivery.items,
      },
    })),
    holds: market.holds.map((hold) => ({
      accountKey: hold.account.key,
      amount: hold.amount,
      releaseAt: hold.releaseAt,
      entryIndex: hold.account.history.indexOf(hold.entry),
      price: hold.price,
      buyerSteamId: hold.buyer.steamId,
      classId: hold.classId,
    })),
    stuck: [...market.stuck],
    competitors: [...market.competitors],
  };
}

/** Fills the collections of a market from a stored snapshot, replacing what they held. */
export function restoreSandboxMarket(
  stored: SandboxMarketSnapshot,
  world: SandboxWorld,
  into: SandboxMarketCollections,
): void {
  // What the collections held before (another process's writes are read over this one's) goes first.
  into.accounts.clear();
  into.listings.clear();
  into.holds.length = 0;
  into.stuck.clear();
  into.competitors.clear();
  const steamOf = (find: SandboxAccount | null, what: string) => {
    if (!find)
      throw new Error(`the sandbox market state names ${what}, which the sandbox world does not have`);
    return find;
  };
  for (const item of stored.accounts) {
    into.accounts.set(item.key, {
      ...item,
      steam: steamOf(world.find(item.login), item.login),
      registeredOffers: new Set(item.registeredOffers),
      sends: new Map(
        item.sends.map((send) => [
          send.customId,
          { ...send, time: send.time === null ? null : new Date(send.time) },
        ]),
      ),
      history: item.history.map((entry) => ({ ...entry, time: new Date(entry.time) })),
      listings: new Map(),
    });
  }
  for (const item of stored.listings) {
    const account = into.accounts.get(item.accountKey)!;
    const { accountKey: _, delivery, ...rest } = item;
    const listing: SandboxListing = {
      ...rest,
      account,
      delivery: delivery && {
        hash: delivery.hash,
        buyer: steamOf(world.findBySteamId(delivery.buyerSteamId), delivery.buyerSteamId),
        soldAt: delivery.soldAt,
        items: delivery.items,
      },
    };
    into.listings.set(listing.itemId, listing);
    account.listings.set(listing.itemId, listing);
  }
  for (const item of stored.holds) {
    const account = into.accounts.get(item.accountKey)!;
    into.holds.push({
      account,
      amount: item.amount,
      releaseAt: item.releaseAt,
      entry: account.history[item.entryIndex]!,
      price: item.price,
      buyer: steamOf(world.findBySteamId(item.buyerSteamId), item.buyerSteamId),
      classId: item.classId,
    });
  }
  for (const itemId of stored.stuck) into.stuck.add(itemId);
  for (const [name, prices] of stored.competitors) into.competitors.set(name, prices);
}
