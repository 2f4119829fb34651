import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { LedgerApi } from '../ledger/index.ts';
import type { SteamAccountsApi } from '../steam-accounts/index.ts';
import type { OwnOfferConfirmRule, SteamTradingApi } from '../steam-trading/index.ts';
import type { HarvesterEvents } from './events.ts';
import type { HarvesterRepo } from './repo.ts';

/** What the harvester's services share. */
export interface HarvesterDeps {
  repo: HarvesterRepo;
  events: HarvesterEvents;
  accounts: Pick<SteamAccountsApi['trading'], 'select'>;
  trading: SteamTradingApi;
  /** Whether the account's tag rules let Tradedeck confirm its own offers (the confirmations area decides). */
  ownOfferRule: OwnOfferConfirmRule;
  jobs: Jobs;
  /** This server process (`newProcessOwner()`; a runner's lease names it). */
  processId: string;
  /** Whether one process owns the database (PGlite): a lease held by another process is a dead one. */
  singleProcess: boolean;
  log: FastifyBaseLogger;
  now: () => number;
  /** The app's clock (`src/clock.ts`): the runner's lease tick and the waits between a step's tries. */
  clock: Clock;
  /** The ledger (null where a test runs the area alone). */
  ledger?: LedgerApi | null;
}

/** A session's account as stored: its id and login as shown, and the SteamID offers name. */
export interface SessionAccount {
  id: number;
  login: string;
  steamId: string | null;
  /** The only asset ids this source moves (a session made from picked items); absent: every eligible item. */
  assets?: string[];
}

/** The job queue of session runners: one job runs one session until it finishes, pauses or its process stops. */
export const HARVESTER_RUNNER_QUEUE = 'harvester-session-runner';

export interface RunnerJobData {
  userId: string;
  sessionId: number;
}
