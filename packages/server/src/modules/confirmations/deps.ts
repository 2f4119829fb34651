import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { SteamTradingApi } from '../steam-trading/index.ts';
import type { ConfirmationsRepo } from './repo.ts';
import type { SnapshotRepo } from './snapshot-repo.ts';
import type { ItemPrices } from './types.ts';

/** The background refresh of the centre's lists (docs/confirmations.md, Background refresh). */
export interface RefreshTiming {
  /** How old a watched account's kept list may grow before it is read again; 0 turns the refresh off. */
  refreshEveryMs: number;
  /** How often a process looks for accounts due a read. */
  tickEveryMs: number;
  /** How long the centre watches an account after it was last listed there. */
  watchMs: number;
  /** How long a process holds an account it is reading before another may take it over. */
  leaseMs: number;
  /** Accounts one look takes at most. */
  batch: number;
}

export const REFRESH_TIMING: RefreshTiming = {
  refreshEveryMs: 60_000,
  tickEveryMs: 5_000,
  watchMs: 24 * 3600_000,
  leaseMs: 2 * 60_000,
  batch: 50,
};

/** What the centre uses of the trading area. */
export type CentreTrading = Pick<
  SteamTradingApi,
  'listConfirmations' | 'answerConfirmations' | 'ownOffers' | 'ownOfferAssets' | 'cachedItems'
>;

/** What the confirmations centre's services share. */
export interface ConfirmationsDeps {
  repo: ConfirmationsRepo;
  snapshots: SnapshotRepo;
  /** Every Steam call of the centre goes through the trading area's sessions (proxy, pacing, session renewal). */
  trading: CentreTrading;
  /** Values our own offers' items from the portfolio's price source. */
  prices: ItemPrices;
  jobs: Jobs;
  log: FastifyBaseLogger;
  now: () => number;
  clock: Clock;
  refresh: RefreshTiming;
}
