/**
 * What the balance transfer area uses of the seller accounts: they are the user's TM accounts. The transfer area
 * reads them, opens their market credentials in memory and has their balances read again after a transfer.
 */
import type { Currency, Money } from '@tradedeck/sdk/domain';
import type { MarketBalance, MarketCredentials, MarketResult } from '../../integrations/market/port.ts';
import { announceAccount } from './announce.ts';
import { openCredentials } from './credentials.ts';
import type { SellerShared } from './deps.ts';
import type { SellerAccountView } from './repo.ts';

/** One TM account as the transfer area sees it. */
export interface TmAccountFacts {
  id: number;
  login: string;
  steamId: string | null;
  currency: Currency;
  /** The last balance read, in the market's currency; null before the first read. */
  available: Money | null;
  balanceUpdatedAt: Date | null;
}

export interface SellerTransferApi {
  tmAccounts(userId: string): Promise<TmAccountFacts[]>;
  tmAccount(userId: string, id: number): Promise<TmAccountFacts | null>;
  /** The account's market credentials (key unsealed in memory, the Steam session's proxy), or null. */
  credentials(userId: string, id: number): Promise<MarketCredentials | null>;
  /** Reads the balance from the market, stores it and announces the account (SellerAccountUpdated). */
  refreshBalance(
    userId: string,
    id: number,
  ): Promise<MarketResult<{ balance: MarketBalance; currency: Currency }> | null>;
}

function factsOf(view: SellerAccountView): TmAccountFacts {
  const currency = (view.balanceCurrency ?? view.currency) as Currency;
  return {
    id: view.id,
    login: view.login,
    steamId: view.steamId,
    currency: view.currency as Currency,
    available: view.balanceAvailable === null ? null : { currency, amount: view.balanceAvailable },
    balanceUpdatedAt: view.balanceUpdatedAt,
  };
}

const ALL_ACCOUNTS = 10_000;

export function sellerTransferApi(shared: SellerShared): SellerTransferApi {
  const { repo } = shared;
  const api: SellerTransferApi = {
    async tmAccounts(userId) {
      const { rows } = await repo.run(userId, (q) =>
        q.page(
          { withStatus: [], withPlatformStatus: [], withModules: [] },
          [{ propertyName: 'login', isDescending: false }],
          1,
          ALL_ACCOUNTS,
        ),
      );
      return rows.map(factsOf);
    },
    async tmAccount(userId, id) {
      const view = await repo.run(userId, (q) => q.view(id));
      return view ? factsOf(view) : null;
    },
    async credentials(userId, id) {
      const row = await repo.run(userId, (q) => q.account(id));
      if (!row) return null;
      const creds = await openCredentials(shared.secrets, row);
      const access = await shared.steamTrading.webAccess(userId, row.steamAccountId).catch(() => null);
      return { ...creds, proxy: access?.ok ? access.value.proxy : null };
    },
    async refreshBalance(userId, id) {
      const creds = await api.credentials(userId, id);
      if (!creds) return null;
      const balance = await shared.market.balance(creds);
      if (!balance.ok) return balance;
      await repo.record(userId, async (q) => {
        await q.update(id, {
          balanceAvailable: balance.balance.available.amount,
          balanceOnHold: balance.balance.onHold.amount,
          balanceCurrency: balance.currency,
          balanceUpdatedAt: new Date(shared.now()),
        });
        await announceAccount(shared.eventLog, userId, q, id);
      });
      return balance;
    },
  };
  return api;
}
