import type { TransferRow } from '@tradedeck/sdk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { MarketPort } from '../../integrations/market/port.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import type { LedgerApi } from '../ledger/index.ts';
import type { SellerTransferApi } from '../seller/index.ts';
import type { TransferRepo } from './repo.ts';

/** Called once per transfer when its outcome becomes known (sent or not sent). */
export type TransferSettledHook = (userId: string, transfer: TransferRow) => Promise<void> | void;

/** What the transfer services share. */
export interface TransferShared {
  repo: TransferRepo;
  secrets: SecretBox;
  market: MarketPort;
  seller: SellerTransferApi;
  eventLog: EventLog;
  log: FastifyBaseLogger;
  now: () => number;
  onTransferSettled: TransferSettledHook | undefined;
  ledger: LedgerApi | null;
}
