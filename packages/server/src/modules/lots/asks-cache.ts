import type { AskSnapshot } from '@tradedeck/sdk/domain';
import { type MarketAsks, TM_BATCH_LIMIT } from '../../integrations/market/index.ts';
import type { AccountMarket } from './market-access.ts';

/** One item's asks as the market answered, with its highest buy order when the market gives one. */
export type MarketSnapshot = AskSnapshot & Pick<MarketAsks, 'bid'>;

/**
 * The market's asks per market, item and currency, fetched at most once per `refreshMs` for every user and account of the
 * process (asks are the same for everyone; each user's own listings are told apart by item id). A snapshot older
 * than the repricing rules' TTL is still answered: the stale guard refuses to act on it.
 */
export class AsksCache {
  readonly #snapshots = new Map<string, MarketSnapshot>();

  constructor(private readonly refreshMs: () => number) {}

  /** Due names are fetched through the given account (its proxy and pacing). */
  async snapshots(
    { market, creds }: AccountMarket,
    names: readonly string[],
    now: Date,
  ): Promise<Map<string, MarketSnapshot>> {
    // Each market has its own asks: a TM and a Waxpeer account in one currency never share a snapshot.
    const key = (name: string) => `${creds.platform ?? 'tm'}:${creds.currency}:${name}`;
    const due = names.filter((name) => {
      const known = this.#snapshots.get(key(name));
      return !known || now.getTime() - known.fetchedAt.getTime() >= this.refreshMs();
    });
    for (let start = 0; start < due.length; start += TM_BATCH_LIMIT) {
      const answer = await market.asks(creds, due.slice(start, start + TM_BATCH_LIMIT));
      if (!answer.ok) continue;
      for (const item of answer.asks)
        this.#snapshots.set(key(item.marketHashName), {
          asks: item.asks,
          fetchedAt: item.fetchedAt,
          bid: item.bid ?? null,
        });
    }
    const found = new Map<string, MarketSnapshot>();
    for (const name of names) {
      const snapshot = this.#snapshots.get(key(name));
      if (snapshot) found.set(name, snapshot);
    }
    return found;
  }
}
