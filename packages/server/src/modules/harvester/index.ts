import type { FastifyInstance } from 'fastify';
import { type Clock, systemClock } from '../../clock.ts';
import type { Database, Db } from '../../db/database.ts';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import { newProcessOwner } from '../../jobs/process-owner.ts';
import { UserScope } from '../../security/user-scope.ts';
import type { LedgerApi } from '../ledger/index.ts';
import type { NotificationsApi } from '../notifications/index.ts';
import type { SteamAccountsApi } from '../steam-accounts/index.ts';
import type { OwnOfferConfirmRule, SteamTradingApi } from '../steam-trading/index.ts';
import { HARVESTER_RUNNER_QUEUE, type HarvesterDeps, type RunnerJobData } from './deps.ts';
import { HarvesterEvents } from './events.ts';
import { ProfilesService } from './profiles.ts';
import { HarvesterQueries, HarvesterRepo } from './repo.ts';
import { harvesterRoutes } from './routes.ts';
import { SessionRunner } from './runner.ts';
import { SessionsService } from './sessions.ts';
import { TransactionsService } from './transactions.ts';
import { withTurns } from './turns.ts';

export { HARVESTER_RUNNER_QUEUE } from './deps.ts';
export { transactionMachine } from './transaction-machine.ts';

export interface HarvesterModuleDeps {
  database: Database;
  steamAccounts: Pick<SteamAccountsApi, 'trading'>;
  steamTrading: SteamTradingApi;
  /** The tag rule for confirming our own offers, handed in at wiring (the default confirms them). */
  ownOfferRule?: OwnOfferConfirmRule;
  jobs: Jobs;
  eventLog: EventLog;
  notifications: Pick<NotificationsApi, 'post'>;
  /** Follows `session:{id}` sources on harvester-hub: only the session's owner may. */
  guardSources(hub: 'harvester-hub', guard: (userId: string, sourceId: string) => Promise<boolean>): void;
  now: () => number;
  /** The clock the runners wait on (the app's; the system's by default). */
  clock?: Clock;
  /** The ledger, written when a transaction completes (items moved between own accounts). */
  ledger?: LedgerApi;
}

/** What other areas use of the harvester. */
export interface HarvesterApi {
  /** Announces a transaction another area moved (a reversal), with its session, in the caller's transaction. */
  announceTransaction(userId: string, sessionId: number, transactionId: number, tx: Db): Promise<void>;
}

/** Sessions run at once in one process (each by its own runner). */
const RUNNERS_PER_PROCESS = 4;

/**
 * The harvester: settings profiles, sessions moving items from source to target accounts through resumable
 * transactions (one pg-boss runner per session), their live events on harvester-hub and the session summary.
 */
export function registerHarvester(app: FastifyInstance, deps: HarvesterModuleDeps): HarvesterApi {
  const repo = new HarvesterRepo(deps.database.db, new UserScope(deps.database.db));
  const shared: HarvesterDeps = {
    repo,
    events: new HarvesterEvents(deps.eventLog, deps.now, deps.notifications),
    accounts: deps.steamAccounts.trading,
    trading: withTurns(deps.steamTrading),
    ownOfferRule: deps.ownOfferRule ?? (async () => true),
    jobs: deps.jobs,
    processId: newProcessOwner(),
    singleProcess: deps.database.kind === 'pglite',
    log: app.log.child({ module: 'harvester' }),
    now: deps.now,
    clock: deps.clock ?? systemClock,
    ledger: deps.ledger ?? null,
  };
  const sessions = new SessionsService(shared);
  harvesterRoutes({
    profiles: new ProfilesService(repo, deps.now),
    sessions,
    transactions: new TransactionsService(shared, sessions),
  }).bind(app);
  deps.guardSources('harvester-hub', async (userId, sourceId) => {
    const match = /^session:(\d+)$/.exec(sourceId);
    if (!match) return true;
    return (await repo.sessionOwner(Number(match[1]))) === userId;
  });
  const runner = new SessionRunner(shared);
  app.addHook('onReady', async () => {
    await deps.jobs.work<RunnerJobData>(HARVESTER_RUNNER_QUEUE, (job) => runner.run(job), {
      workers: RUNNERS_PER_PROCESS,
    });
  });
  return {
    async announceTransaction(userId, sessionId, transactionId, tx) {
      const q = new HarvesterQueries(tx, userId);
      const [row, session] = [await q.transaction(sessionId, transactionId), await q.session(sessionId)];
      if (row) await shared.events.transactions(userId, sessionId, [row], tx);
      if (session) await shared.events.session(userId, q, session, tx);
    },
  };
}
