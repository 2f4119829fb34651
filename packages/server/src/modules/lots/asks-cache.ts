import type { AskSnapshot } from '@tradedeck/sdk/domain';
import { TM_BATCH_LIMIT } from '../../integrations/market/index.ts';
import type { AccountMarket } from './market-access.ts';

/**
 * The market's asks per item and currency, fetched at most once per `refreshMs` for every user and account of the
 * process (asks are the same for everyone; each user's own listings are told apart by item id). A snapshot older
 * than the repricing rules' TTL is still answered: the stale guard refuses to act on it.
 */
export class AsksCache {
  readonly #snapshots = new Map<string, AskSnapshot>();

  constructor(private readonly refreshMs: () => number) {}

  /** Due names are fetched through the given account (its proxy and pacing). */
  async snapshots(
    { market, creds }: AccountMarket,
    names: readonly string[],
    now: Date,
  ): Promise<Map<string, AskSnapshot>> {
    const key = (name: string) => `${creds.currency}:${name}`;
    const due = names.filter((name) => {
      const known = this.#snapshots.get(key(name));
      return !known || now.getTime() - known.fetchedAt.getTime() >= this.refreshMs();
    });
    for (let start = 0; start < due.length; start += TM_BATCH_LIMIT) {
      const answer = await market.asks(creds, due.slice(start, start + TM_BATCH_LIMIT));
      if (!answer.ok) continue;
      for (const item of answer.asks)
        this.#snapshots.set(key(item.marketHashName), { asks: item.asks, fetchedAt: item.fetchedAt });
    }
    const found = new Map<string, AskSnapshot>();
    for (const name of names) {
      const snapshot = this.#snapshots.get(key(name));
      if (snapshot) found.set(name, snapshot);
    }
    return found;
  }
}
