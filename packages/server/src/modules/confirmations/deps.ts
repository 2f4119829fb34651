import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../jobs/jobs.ts';
import type { SteamTradingApi } from '../steam-trading/index.ts';
import type { ConfirmationsRepo } from './repo.ts';

/** What the confirmations centre's services share. */
export interface ConfirmationsDeps {
  repo: ConfirmationsRepo;
  /** Every Steam call of the centre goes through the trading area's sessions (proxy, pacing, session renewal). */
  trading: Pick<SteamTradingApi, 'listConfirmations' | 'answerConfirmations' | 'ownOffers'>;
  jobs: Jobs;
  log: FastifyBaseLogger;
  now: () => number;
}
