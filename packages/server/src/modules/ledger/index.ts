import type { Currency } from '@tradedeck/sdk/domain';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../db/database.ts';
import type { RatesPort } from '../../integrations/rates/index.ts';
import { UserScope } from '../../security/user-scope.ts';
import type { NotificationsApi } from '../notifications/index.ts';
import type { BalanceReader } from './deps.ts';
import { LedgerQueries, LedgerRepo } from './repo.ts';
import { ledgerRoutes } from './routes.ts';
import { LedgerService } from './service.ts';
import { LedgerWriter } from './writer.ts';

export type { ItemMove, MarketSale, SentTransfer } from './writer.ts';
export { LedgerWriter, marketSaleOf } from './writer.ts';

export interface LedgerRegistration {
  database: Database;
  rates: RatesPort;
  notifications: Pick<NotificationsApi, 'post'>;
  /** The seller area's balance read, given once the seller area is registered. */
  balances: () => BalanceReader;
  displayedCurrency: (userId: string) => Promise<Currency>;
  now: () => number;
}

/** What the owning areas use: write the ledger inside their own transaction. */
export interface LedgerApi {
  /**
   * Runs `work` with a writer bound to the caller's transaction, then posts a notification for each sale it
   * reversed, in the same transaction.
   */
  write<T>(tx: Db, userId: string, work: (writer: LedgerWriter) => Promise<T>): Promise<T>;
}

/** The ledger (docs/ledger.md): entries, sale states, cost, profit, holds and reconciliation. */
export function registerLedger(app: FastifyInstance, deps: LedgerRegistration): LedgerApi {
  const repo = new LedgerRepo(new UserScope(deps.database.db));
  const service = new LedgerService({
    repo,
    rates: deps.rates,
    balances: (userId, id) => deps.balances()(userId, id),
    displayedCurrency: deps.displayedCurrency,
    log: app.log.child({ module: 'ledger' }),
    now: deps.now,
  });
  ledgerRoutes(service).bind(app);
  return ledgerApi(deps.notifications);
}

export function ledgerApi(notifications: Pick<NotificationsApi, 'post'>): LedgerApi {
  return {
    async write(tx, userId, work) {
      const writer = new LedgerWriter(new LedgerQueries(tx, userId));
      const result = await work(writer);
      for (const { sale, buyer } of writer.reversed)
        await notifications.post(
          userId,
          {
            kind: 'saleReversed',
            params: {
              item: sale.marketHashName,
              login: sale.accountLogin,
              buyer,
              amount: { currency: sale.currency as Currency, amount: sale.amount },
            },
            link: '/panel/ledger',
          },
          tx,
        );
      return result;
    },
  };
}
