import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { MarketHistoryEntry, MarketPort } from '../../integrations/market/port.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import type { NotificationsApi } from '../notifications/index.ts';
import type { OwnOfferConfirmRule, SteamTradingApi } from '../steam-trading/index.ts';
import type { SellerRepo } from './repo.ts';

/** How often the loop does each thing (tests and the benchmark shorten them). */
export interface SellerTiming {
  /** ping-new: the market wants one at least every 3 minutes; 90 s keeps a margin for a loaded process. */
  pingEveryMs: number;
  /** Sold items waiting for our offer (they must be offered within 60 s of the sale). */
  deliveryPollMs: number;
  /** Balance, account checks, listings and inventory. */
  syncEveryMs: number;
  /** A loop run hands its account over to a fresh job after this long (jobs expire after 23 h). */
  runForMs: number;
}

export const DEFAULT_SELLER_TIMING: SellerTiming = {
  pingEveryMs: 90_000,
  deliveryPollMs: 4_000,
  syncEveryMs: 60_000,
  runForMs: 6 * 3600_000,
};

/** What the seller services share. */
export interface SellerShared {
  repo: SellerRepo;
  secrets: SecretBox;
  market: MarketPort;
  steamTrading: SteamTradingApi;
  /** Whether the account's tag rules let Tradedeck confirm its own offers (the confirmations area decides). */
  ownOfferRule: OwnOfferConfirmRule;
  jobs: Jobs;
  eventLog: EventLog;
  notifications: Pick<NotificationsApi, 'post'>;
  log: FastifyBaseLogger;
  now: () => number;
  /** The app's clock (`src/clock.ts`): the loops' waits between passes. */
  clock: Clock;
  timing: SellerTiming;
  /** Sandbox mode: the simulate-sales control is available. */
  sandbox: boolean;
  /** Told of the assets of each new sale (a delivery request), so its lots show as sold at once. */
  onSold?: (userId: string, sellerAccountId: number, assetIds: string[]) => Promise<unknown>;
  /**
   * Records a completed delivery's sales (the market's history rows read once it took our offer) in the sales
   * history, in the transaction `tx` that marks the delivery done.
   */
  onDelivered?: (delivered: DeliveredSale, tx: Db) => Promise<unknown>;
}

/** A delivery the market took: its seller account, the assets it gave and the market's history around it. */
export interface DeliveredSale {
  userId: string;
  sellerAccountId: number;
  assetIds: string[];
  history: MarketHistoryEntry[];
  now: number;
}
