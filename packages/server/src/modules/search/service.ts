import type { GlobalSearchResult, ProxySearchHit, SteamAccountSearchHit } from '@tradedeck/sdk/contract';

/** At most this many hits per kind: the palette shows a short list and the screens do the rest. */
const SEARCH_HITS_PER_KIND = 8;

/** One area's part of the global search (proxies, Steam accounts), always within the caller's own rows. */
export interface SearchSource<Hit> {
  search(userId: string, text: string, limit: number): Promise<Hit[]>;
}

/**
 * Global search across the areas that registered a source. An area registers its source when it lands, so
 * the operation answers with empty lists, not an error, for kinds that have no rows to search yet.
 */
export class SearchService {
  readonly #proxies: SearchSource<ProxySearchHit>[] = [];
  readonly #steamAccounts: SearchSource<SteamAccountSearchHit>[] = [];

  addProxySource(source: SearchSource<ProxySearchHit>): void {
    this.#proxies.push(source);
  }

  addSteamAccountSource(source: SearchSource<SteamAccountSearchHit>): void {
    this.#steamAccounts.push(source);
  }

  async search(userId: string, text: string): Promise<GlobalSearchResult> {
    const [proxies, steamAccounts] = await Promise.all([
      collect(this.#proxies, userId, text),
      collect(this.#steamAccounts, userId, text),
    ]);
    return { proxies, steamAccounts };
  }
}

async function collect<Hit>(sources: SearchSource<Hit>[], userId: string, text: string): Promise<Hit[]> {
  const parts = await Promise.all(sources.map((source) => source.search(userId, text, SEARCH_HITS_PER_KIND)));
  return parts.flat().slice(0, SEARCH_HITS_PER_KIND);
}
