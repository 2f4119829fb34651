import type { Currency } from '@tradedeck/sdk/domain';
import type { MarketCredentials } from '../../integrations/market/port.ts';
import type { SteamProxy } from '../../integrations/steam/index.ts';
import { openCredentials } from '../seller/index.ts';
import type { LotsShared } from './deps.ts';
import type { LotAccount } from './repo.ts';

/**
 * The market credentials of seller accounts, the key unsealed in memory only, with the proxy of the account's
 * Steam session (every market call of the account leaves through it). Kept per account while its key is the same.
 */
export class MarketAccess {
  readonly #creds = new Map<number, { keyId: string; currency: string; creds: MarketCredentials }>();
  readonly #proxies = new Map<number, SteamProxy | null>();

  constructor(private readonly deps: Pick<LotsShared, 'secrets' | 'steamTrading'>) {}

  async creds(account: LotAccount): Promise<MarketCredentials> {
    const known = this.#creds.get(account.id);
    if (known && known.keyId === account.keyId && known.currency === account.currency) return known.creds;
    const opened = await openCredentials(this.deps.secrets, {
      userId: account.userId,
      steamAccountId: account.steamAccountId,
      apiKeyEnc: account.apiKeyEnc,
      keyId: account.keyId,
      currency: account.currency as Currency,
    });
    if (!this.#proxies.has(account.id)) {
      const access = await this.deps.steamTrading
        .webAccess(account.userId, account.steamAccountId)
        .catch(() => null);
      if (access?.ok) this.#proxies.set(account.id, access.value.proxy);
    }
    const creds = { ...opened, proxy: this.#proxies.get(account.id) ?? null };
    this.#creds.set(account.id, { keyId: account.keyId, currency: account.currency, creds });
    return creds;
  }
}
