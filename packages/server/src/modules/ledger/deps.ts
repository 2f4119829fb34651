import type { Currency } from '@tradedeck/sdk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { MarketBalance, MarketResult } from '../../integrations/market/port.ts';
import type { RatesPort } from '../../integrations/rates/index.ts';
import type { LedgerRepo } from './repo.ts';

/** Reads a market account's balance fresh from the market (the seller area's), or null when it is not found. */
export type BalanceReader = (
  userId: string,
  marketAccountId: number,
) => Promise<MarketResult<{ balance: MarketBalance; currency: Currency }> | null>;

/** What the ledger's services share. */
export interface LedgerDeps {
  repo: LedgerRepo;
  rates: RatesPort;
  balances: BalanceReader;
  displayedCurrency: (userId: string) => Promise<Currency>;
  log: FastifyBaseLogger;
  now: () => number;
}
