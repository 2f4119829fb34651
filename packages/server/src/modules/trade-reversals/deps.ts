import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { sellerDeliveries } from '../../db/schema.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { LedgerApi } from '../ledger/index.ts';
import type { NotificationsApi } from '../notifications/index.ts';
import type { SteamTradingApi } from '../steam-trading/index.ts';
import type { ReversalsRepo } from './repo.ts';

export interface ReversalTiming {
  /** How often new accepted trades are picked up and a check is queued when accounts are due. */
  superviseEveryMs: number;
  /** How long an account's trades rest between two checks (one history call each). */
  checkEveryMs: number;
  /** The pause between two accounts of one check, so accounts sharing a proxy are not read back to back. */
  accountSpacingMs: number;
}

export const REVERSAL_TIMING: ReversalTiming = {
  superviseEveryMs: 5 * 60_000,
  checkEveryMs: 30 * 60_000,
  accountSpacingMs: 2_000,
};

/** How the areas whose rows a reversal moved announce them (live events), in the reversal's transaction. */
export interface ReversalAnnouncers {
  harvester?(userId: string, sessionId: number, transactionId: number, tx: Db): Promise<void>;
  delivery?(userId: string, row: typeof sellerDeliveries.$inferSelect, tx: Db): Promise<void>;
}

/** What the reversal tracking uses. */
export interface ReversalDeps {
  repo: ReversalsRepo;
  steam: Pick<SteamTradingApi, 'tradeHistory' | 'tradeStatus'>;
  notifications: Pick<NotificationsApi, 'post'>;
  announce: ReversalAnnouncers;
  jobs: Jobs;
  /** The job queue of the checks (tests give their own). */
  queue: string;
  timing: ReversalTiming;
  log: FastifyBaseLogger;
  now: () => number;
  /** The ledger (null where a test runs the area without it). */
  ledger?: LedgerApi | null;
}
