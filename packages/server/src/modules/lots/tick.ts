/**
 * The repricing tick: a job per seller account whose market scanner module is on and which is running, so one
 * process reprices an account and another takes over when it dies (`lot_repricers` names the job that owns it;
 * a run of another job id ends itself). Each pass syncs the lots when due, then runs the same decide-write-record
 * path as apply over the account's lots on sale with their own strategies and profiles.
 */
import { randomUUID } from 'node:crypto';
import { lotFiltersSchema } from '@tradedeck/sdk/contract';
import type { JobContext } from '../../jobs/jobs.ts';
import type { LotsShared } from './deps.ts';
import type { RepricerRepo } from './repo.ts';
import type { RepriceEngine } from './reprice-engine.ts';
import type { RepriceService } from './reprice-service.ts';
import type { LotSync } from './sync.ts';
import type { LotAccount } from './types.ts';

export const LOTS_TICK_QUEUE = 'lots-reprice';

export interface LotTickJobData {
  userId: string;
  accountId: number;
}

export interface TickParts {
  deps: LotsShared;
  repricers: RepricerRepo;
  sync: LotSync;
  engine: RepriceEngine;
  reprice: RepriceService;
}

/** One pass over one account: sync when due, then reprice its lots on sale. */
export async function tickAccount(parts: TickParts, account: LotAccount, sync: boolean) {
  const { deps, engine, reprice } = parts;
  if (sync) {
    const synced = await parts.sync.account(account.userId, account);
    if (!synced.ok)
      deps.log.info({ sellerAccountId: account.id, reason: synced.failure.reason }, 'lots sync failed');
  }
  const filters = lotFiltersSchema.parse({ accountIds: [account.id], withStatus: ['on_sale'] });
  const read = await deps.repo.run(account.userId, (q) => q.repriceRead({ filters }));
  if (read.lots.length === 0) return null;
  const decided = await engine.decide(account.userId, read, {}, new Date(deps.now()));
  return reprice.applyDecided(account.userId, decided, null, 'en', null);
}

/** A tick cut by a shutdown or a lost lease: thrown so its job runs again, never completed unfinished. */
export class LotTickInterrupted extends Error {
  override name = 'LotTickInterrupted';
}

export class LotTick {
  constructor(
    private readonly parts: TickParts,
    private readonly job: JobContext<LotTickJobData>,
  ) {}

  async run(): Promise<void> {
    const { deps, repricers } = this.parts;
    const { userId, accountId } = this.job.data;
    const startedAt = deps.now();
    let nextSync = 0;
    for (;;) {
      this.stopIfInterrupted();
      if ((await repricers.jobOf(accountId)) !== this.job.id) return;
      const [account] = await deps.repo.run(userId, (q) => q.accounts([accountId]));
      const scanning = account?.status === 'running' && account.modules.includes('marketScanner');
      if (!account || !scanning) {
        await repricers.release(accountId, this.job.id);
        return;
      }
      const now = deps.now();
      const syncDue = now >= nextSync;
      if (syncDue) nextSync = now + deps.timing.syncEveryMs;
      await tickAccount(this.parts, account, syncDue).catch((error: unknown) =>
        deps.log.warn({ err: error, sellerAccountId: accountId }, 'repricing tick failed'),
      );
      // A pass cut by the shutdown may have ended early: the job runs again rather than counting as done.
      this.stopIfInterrupted();
      if (deps.now() - startedAt > deps.timing.runForMs) {
        await handOver(this.parts, { userId, accountId }, this.job.id);
        return;
      }
      await deps.sleep(deps.timing.tickEveryMs, this.job.signal);
    }
  }

  private stopIfInterrupted(): void {
    if (this.job.signal.aborted)
      throw new LotTickInterrupted(
        'The server stopped during a repricing tick; it resumes on the next start',
      );
  }
}

async function handOver(parts: TickParts, data: LotTickJobData, previous: string | null): Promise<void> {
  const next = randomUUID();
  if (!(await parts.repricers.claim(data.userId, data.accountId, previous, next))) return;
  await parts.deps.jobs.send(LOTS_TICK_QUEUE, data, {
    id: next,
    retryLimit: 1_000_000,
    retryDelaySeconds: 2,
  });
}

/** Gives every scanner account without a live tick job one (a lost job, a process that died, a new account). */
export async function superviseTicks(parts: TickParts): Promise<void> {
  for (const account of await parts.deps.repo.scannerAccounts()) {
    const owner = await parts.repricers.jobOf(account.id);
    if (owner) {
      const state = await parts.deps.jobs.state(LOTS_TICK_QUEUE, owner);
      if (state && !['completed', 'failed', 'cancelled'].includes(state.state)) continue;
    }
    await handOver(parts, { userId: account.userId, accountId: account.id }, owner);
  }
}
