import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { MarketPort } from '../../integrations/market/port.ts';
import { UserScope } from '../../security/user-scope.ts';
import type { AuthApi } from '../auth/index.ts';
import type { LedgerApi } from '../ledger/index.ts';
import type { SellerApi } from '../seller/index.ts';
import { TransferAccountsService } from './accounts-service.ts';
import type { TransferSettledHook, TransferShared } from './deps.ts';
import { TransferRepo } from './repo.ts';
import { transferRoutes } from './routes.ts';
import { TransferSendService } from './send-service.ts';

export type { TransferSettledHook } from './deps.ts';
export { transferSecretSlot } from './secrets.ts';

export interface TransferDeps {
  database: Database;
  auth: Pick<AuthApi, 'secrets'>;
  seller: SellerApi;
  market: MarketPort;
  eventLog: EventLog;
  now: () => number;
  /** Told each transfer's outcome once it is known (sent or not sent). */
  onTransferSettled?: TransferSettledHook;
  /** The ledger, written in the transaction that records a transfer sent. */
  ledger?: LedgerApi;
}

/**
 * Balance transfers between the user's TM accounts: the accounts with balances, the receiver's member check, the
 * send (intent first, one call, never retried, a lost answer resolved by custom id), the history, remembered keys
 * and payment passwords. Transfers left open by a crash are settled when the server is ready.
 */
export function registerTransfer(app: FastifyInstance, deps: TransferDeps): void {
  const shared: TransferShared = {
    repo: new TransferRepo(deps.database.db, new UserScope(deps.database.db)),
    secrets: deps.auth.secrets,
    market: deps.market,
    seller: deps.seller.transfer,
    eventLog: deps.eventLog,
    log: app.log.child({ module: 'transfer' }),
    now: deps.now,
    onTransferSettled: deps.onTransferSettled,
    ledger: deps.ledger ?? null,
  };
  const sends = new TransferSendService(shared);
  transferRoutes(new TransferAccountsService(shared), sends).bind(app);
  app.addHook('onReady', async () => {
    void sends
      .reconcile()
      .catch((error: unknown) => shared.log.warn({ err: error }, 'transfers not reconciled'));
  });
}
