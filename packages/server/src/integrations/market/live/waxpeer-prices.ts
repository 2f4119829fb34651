/**
 * Waxpeer's bulk price feed (`GET prices?game=&highest_offer=1`, DarkGL/waxpeer `src/waxpeer.ts` `getPrices`): per
 * item name the lowest ask (`min`), the listing count and, when asked for, the highest buy order. The feed is the
 * same for every seller, so one process reads it at most once a minute (the client keeps itself to 60 calls a
 * minute; a third-party page says 10: once a minute is under both), through whichever account asks first. A read
 * that fails keeps the last feed with its own time: repricing drops it once it is older than its window.
 */
import type { Money } from '@tradedeck/sdk/domain';
import type { TmAnswer } from './tm-client.ts';
import { list } from './waxpeer-json.ts';

export const WAXPEER_PRICES_REFRESH_MS = 60_000;

export interface WaxpeerBid {
  price: Money;
  observedAt: Date;
}

function mils(value: unknown): number | null {
  const amount = Number(value);
  return Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}

/**
 * The highest buy order per name from the feed's `items`. `highest_offer` is named by the request's parameter
 * only (the client's sample omits it) and noted as inexact, as buyers' balances are not checked: it is read only
 * as a floor, where an overstated order can keep a price higher but never lower.
 */
export function bidsOfPrices(items: unknown, at: Date): Map<string, WaxpeerBid> {
  const bids = new Map<string, WaxpeerBid>();
  for (const item of list(items)) {
    const amount = mils(item.highest_offer);
    if (typeof item.name === 'string' && amount !== null)
      bids.set(item.name, { price: { currency: 'USD', amount }, observedAt: at });
  }
  return bids;
}

export class WaxpeerPriceFeed {
  #bids = new Map<string, WaxpeerBid>();
  #triedAt = Number.NEGATIVE_INFINITY;
  #reading: Promise<void> | null = null;

  constructor(private readonly now: () => number) {}

  /** The bids as last read; read again first when the last try is a minute old (one read at a time). */
  async bids(read: () => Promise<TmAnswer>) {
    const now = this.now();
    if (!this.#reading && now - this.#triedAt >= WAXPEER_PRICES_REFRESH_MS) {
      this.#triedAt = now;
      this.#reading = read()
        .then((answer) => {
          if (answer.ok) this.#bids = bidsOfPrices(answer.body.items, new Date(now));
        })
        .finally(() => {
          this.#reading = null;
        });
    }
    await this.#reading;
    return this.#bids;
  }
}
