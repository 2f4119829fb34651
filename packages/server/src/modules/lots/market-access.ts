import type { Currency } from '@tradedeck/sdk/domain';
import type { MarketCredentials, MarketFailure, MarketPort } from '../../integrations/market/port.ts';
import type { SteamProxy } from '../../integrations/steam/index.ts';
import { LOOP_CALL_SPACING_MS, openCredentials, pacedMarket } from '../seller/index.ts';
import type { LotsShared } from './deps.ts';
import type { LotAccount } from './types.ts';

/** The account's Steam session proxy is asked for again after this long (an edited proxy takes effect). */
const PROXY_KNOWN_FOR_MS = 60_000;

/** One seller account on the market: its calls are paced like the seller loop's and leave through its proxy. */
export interface AccountMarket {
  market: MarketPort;
  creds: MarketCredentials;
}

/**
 * Opens the market for a seller account the way the seller loop does: the key unsealed in memory only, the proxy
 * of the account's Steam web session on every call, calls spaced and one at a time per account. When the Steam
 * session cannot name its proxy, every call is refused rather than sent from the server's own address.
 */
export class MarketAccess {
  readonly #creds = new Map<number, { keyId: string; currency: string; creds: MarketCredentials }>();
  readonly #proxies = new Map<number, { proxy: SteamProxy | null; until: number }>();
  readonly #paced = new Map<number, MarketPort>();

  constructor(private readonly deps: Pick<LotsShared, 'secrets' | 'steamTrading' | 'market' | 'now'>) {}

  async open(account: LotAccount): Promise<AccountMarket> {
    const creds = await this.#opened(account);
    const proxy = await this.#proxy(account);
    if (!proxy.ok) return { market: refusingMarket(proxy.failure), creds: { ...creds, proxy: null } };
    return { market: this.#pacedFor(account.id), creds: { ...creds, proxy: proxy.proxy } };
  }

  async #opened(account: LotAccount): Promise<MarketCredentials> {
    const known = this.#creds.get(account.id);
    if (known && known.keyId === account.keyId && known.currency === account.currency) return known.creds;
    const creds = await openCredentials(this.deps.secrets, {
      userId: account.userId,
      steamAccountId: account.steamAccountId,
      apiKeyEnc: account.apiKeyEnc,
      keyId: account.keyId,
      currency: account.currency as Currency,
      platform: account.platform,
    });
    this.#creds.set(account.id, { keyId: account.keyId, currency: account.currency, creds });
    return creds;
  }

  async #proxy(
    account: LotAccount,
  ): Promise<{ ok: true; proxy: SteamProxy | null } | { ok: false; failure: MarketFailure }> {
    const now = this.deps.now();
    const known = this.#proxies.get(account.id);
    if (known && known.until > now) return { ok: true, proxy: known.proxy };
    const access = await this.deps.steamTrading
      .webAccess(account.userId, account.steamAccountId)
      .catch(() => ({ ok: false as const, reason: 'unknownError' as const }));
    if (!access.ok)
      return {
        ok: false,
        failure: { ok: false, reason: 'marketUnavailable', detail: `steam session: ${access.reason}` },
      };
    this.#proxies.set(account.id, { proxy: access.value.proxy, until: now + PROXY_KNOWN_FOR_MS });
    return { ok: true, proxy: access.value.proxy };
  }

  #pacedFor(accountId: number): MarketPort {
    let paced = this.#paced.get(accountId);
    if (!paced) {
      paced = pacedMarket(this.deps.market, LOOP_CALL_SPACING_MS);
      this.#paced.set(accountId, paced);
    }
    return paced;
  }
}

/** A market whose every call answers the same failure: nothing leaves the server. */
function refusingMarket(failure: MarketFailure): MarketPort {
  return new Proxy({} as MarketPort, { get: () => async () => failure });
}
