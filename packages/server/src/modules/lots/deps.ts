import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { MarketPort } from '../../integrations/market/port.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import type { LedgerApi } from '../ledger/index.ts';
import type { SteamTradingApi } from '../steam-trading/index.ts';
import type { LotsRepo } from './repo.ts';

/** How often the repricing tick does each thing (tests and the benchmark shorten them). */
export interface LotsTiming {
  /** One repricing pass per account this often (repricers run every 30-60 s, notes market.md §7.3). */
  tickEveryMs: number;
  /** Listings, inventory and sales history read from the market this often by the tick. */
  syncEveryMs: number;
  /** Market asks are fetched again when older than this. */
  asksRefreshMs: number;
  /** A tick run hands its account over to a fresh job after this long (jobs expire after 23 h). */
  runForMs: number;
  /** How often a process looks for scanner accounts without a running tick. */
  superviseEveryMs: number;
}

export const DEFAULT_LOTS_TIMING: LotsTiming = {
  tickEveryMs: 45_000,
  syncEveryMs: 60_000,
  asksRefreshMs: 30_000,
  runForMs: 6 * 3600_000,
  superviseEveryMs: 15_000,
};

/** What the lots services share. */
export interface LotsShared {
  repo: LotsRepo;
  secrets: SecretBox;
  market: MarketPort;
  steamTrading: Pick<SteamTradingApi, 'webAccess'>;
  jobs: Jobs;
  eventLog: EventLog;
  log: FastifyBaseLogger;
  now: () => number;
  /** The app's clock's wait (`src/clock.ts`). */
  sleep: Clock['sleep'];
  timing: LotsTiming;
  /** This server process (`newProcessOwner()`): an apply job names the process writing its prices. */
  processId: string;
  /** The ledger, written in the transaction of each sales sync (null where a test runs the area alone). */
  ledger: LedgerApi | null;
}
