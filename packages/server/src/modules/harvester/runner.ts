/**
 * The runner of a session: one pg-boss job per start, holding the session by a lease of its own (renewed while it
 * works), so one process runs a session at a time. It plans the session on its first run, then moves the open
 * transactions on, run by run (Steam's five offers to one partner a run), a few at a time. It stops at a step
 * boundary when the session is paused, and throws on shutdown so the job runs again on the next process; a runner
 * whose process died leaves its lease to run out (the session reads as unknown meanwhile) and the job's retry
 * takes it over, resuming every transaction from its persisted step. A job that finds the session held by another
 * runner waits for it rather than ending: only a session that no longer runs ends a job.
 */
import { HARVESTER_ENDS } from '@tradedeck/sdk/domain';
import type { JobContext } from '../../jobs/jobs.ts';
import { ownerGone } from '../../jobs/process-owner.ts';
import type { HarvesterDeps, RunnerJobData, SessionAccount } from './deps.ts';
import { planSession } from './planner.ts';
import type { SessionRow, TransactionRow } from './repo.ts';
import { StepBusy, type StepContext, TransactionSteps } from './steps.ts';
import { moveTransaction, type Transition } from './transitions.ts';

/** A session's lease: a runner that has not renewed it for this long is presumed dead. */
export const RUNNER_LEASE_MS = 15_000;
/** How long a step Steam could not be asked for yet waits before it is made again. */
const BUSY_RETRY_MS = 3_000;
/** How often a job whose session another runner holds looks again (that runner may end or die). */
const HELD_RETRY_MS = 1_000;
/** How often a runner renews its lease and looks for a pause. */
const TICK_MS = 500;
/** The session row (counts, status) is announced at most this often while transactions move. */
const SESSION_EVENT_EVERY_MS = 1_000;
/** Transactions moved at once by one runner. */
const WORKERS = 16;

export class RunnerInterrupted extends Error {
  override name = 'RunnerInterrupted';
}

const isEnd = (status: string) => (HARVESTER_ENDS as readonly string[]).includes(status);

type Stop = 'paused' | 'leaseLost' | 'interrupted';

export class SessionRunner {
  readonly #steps: TransactionSteps;

  constructor(private readonly deps: HarvesterDeps) {
    this.#steps = new TransactionSteps(deps);
  }

  /**
   * Runs the session of the job until every transaction ends. Another runner holding the session (a live one, or
   * one whose process died and whose lease has not run out yet) is waited for, never taken as "done": the job
   * ends only when the session no longer runs, so a session is never left running without a job.
   */
  async run(job: JobContext<RunnerJobData>): Promise<void> {
    const { userId, sessionId } = job.data;
    const owner = `${this.deps.processId}:${job.id}`;
    const claimed = await this.claimWhenFree(userId, sessionId, owner, job.signal);
    if (!claimed) return;
    const stop = new AbortController();
    let stopReason: Stop | null = null;
    const halt = (reason: Stop) => {
      stopReason ??= reason;
      stop.abort();
    };
    job.signal.addEventListener('abort', () => halt('interrupted'), { once: true });
    if (job.signal.aborted) halt('interrupted');
    let dirty = false;
    let lastAnnounced = 0;
    const tick = async () => {
      try {
        const held = await this.renew(userId, sessionId, owner);
        if (held === 'paused') halt('paused');
        else if (held === 'lost') halt('leaseLost');
        else if (dirty && this.deps.now() - lastAnnounced >= SESSION_EVENT_EVERY_MS) {
          dirty = false;
          lastAnnounced = this.deps.now();
          await this.announce(userId, sessionId);
        }
      } catch (error) {
        this.deps.log.warn({ err: error, sessionId }, 'harvester lease not renewed');
      }
    };
    // The lease is renewed on the app's clock, one tick after the other: a slow renewal never overlaps the next.
    const ticks = new AbortController();
    const ticking = (async () => {
      for (;;) {
        await this.deps.clock.sleep(TICK_MS, ticks.signal);
        if (ticks.signal.aborted || stop.signal.aborted) return;
        await tick();
      }
    })();
    try {
      if (claimed.plan === null) {
        const planned = await planSession(this.deps, userId, claimed, stop.signal);
        if (!planned && !stop.signal.aborted) return;
      }
      const ctx: StepContext = {
        userId,
        accounts: new Map(
          [...(claimed.sources as SessionAccount[]), ...(claimed.targets as SessionAccount[])].map((a) => [
            a.id,
            a,
          ]),
        ),
        tradeTokens: new Map(),
        cachedKeys: new Map(),
        fresh: new Set(),
        signal: stop.signal,
      };
      while (!stop.signal.aborted) {
        const batch = await this.openRun(userId, sessionId);
        if (batch.length === 0) break;
        const run = batch[0]!.run;
        if (claimed.currentRun !== run) {
          claimed.currentRun = run;
          await this.deps.repo.run(userId, (q) => q.updateSession(sessionId, { currentRun: run }));
          dirty = true;
        }
        let next = 0;
        const worker = async () => {
          while (next < batch.length && !stop.signal.aborted) {
            await this.advance(batch[next++]!, ctx, stop.signal, () => {
              dirty = true;
            });
          }
        };
        await Promise.all(Array.from({ length: Math.min(WORKERS, batch.length) }, worker));
      }
      if (!stop.signal.aborted) await this.finish(userId, sessionId, owner);
    } finally {
      ticks.abort();
      await ticking;
    }
    if (stopReason === 'paused') await this.release(userId, sessionId, owner);
    if (stopReason === 'interrupted') {
      throw new RunnerInterrupted('The server stopped during the session; it resumes on the next start');
    }
  }

  /**
   * The open transactions of the lowest run that has any, read page by page (a run of a large session carries
   * 100,000 items: one read would hold the event loop).
   */
  private async openRun(userId: string, sessionId: number): Promise<TransactionRow[]> {
    const rows: TransactionRow[] = [];
    for (;;) {
      const last = rows.at(-1);
      const page = await this.deps.repo.run(userId, (q) =>
        q.openTransactions(sessionId, last ? { run: last.run, id: last.id } : null),
      );
      const run = rows[0]?.run ?? page[0]?.run;
      const same = page.filter((row) => row.run === run);
      rows.push(...same);
      if (same.length < page.length || page.length === 0) return rows;
    }
  }

  /** Moves one transaction step by step until it ends or the runner stops. */
  private async advance(first: TransactionRow, ctx: StepContext, signal: AbortSignal, moved: () => void) {
    let row: TransactionRow | null = first;
    while (row && !isEnd(row.status) && !signal.aborted) {
      let transition: Transition;
      try {
        transition = await this.#steps.step(row, ctx);
      } catch (error) {
        if (!(error instanceof StepBusy)) throw error;
        await this.deps.clock.sleep(BUSY_RETRY_MS, signal);
        continue;
      }
      // A failure seen while stopping may be the stop itself (a wait cut short): the step is made again on resume.
      if (signal.aborted && transition.to === 'error') return;
      row = await moveTransaction(this.deps, ctx.userId, row, transition);
      if (row) ctx.fresh.add(row.id);
      moved();
    }
    ctx.fresh.delete(first.id);
  }

  /**
   * Takes the session once no other runner holds it; null when it no longer needs a runner (it ended, or it was
   * paused or deleted meanwhile).
   */
  private async claimWhenFree(
    userId: string,
    sessionId: number,
    owner: string,
    signal: AbortSignal,
  ): Promise<SessionRow | null> {
    for (;;) {
      if (signal.aborted)
        throw new RunnerInterrupted('The server stopped while the session waited for its runner');
      const claimed = await this.claim(userId, sessionId, owner);
      if (claimed !== 'held') return claimed;
      await this.deps.clock.sleep(HELD_RETRY_MS, signal);
    }
  }

  /** Takes the session for this runner: it must be running, and no live runner may hold it. */
  private claim(userId: string, sessionId: number, owner: string): Promise<SessionRow | 'held' | null> {
    const now = this.deps.now();
    return this.deps.repo.run(userId, async (q, tx) => {
      const session = await q.session(sessionId, true);
      if (!session || session.completedAt !== null || session.status !== 'running') return null;
      const held =
        session.runnerOwner !== null &&
        session.leaseUntil !== null &&
        session.leaseUntil.getTime() > now &&
        // One process owns an embedded database: a lease of another process is that of a dead one. On Postgres a
        // lease of a process that died on this machine is taken at once.
        !(this.deps.singleProcess && !session.runnerOwner.startsWith(`${this.deps.processId}:`)) &&
        !ownerGone(session.runnerOwner, this.deps.processId);
      if (held && session.runnerOwner !== owner) return 'held';
      const updated = await q.updateSession(sessionId, {
        runnerOwner: owner,
        leaseUntil: new Date(now + RUNNER_LEASE_MS),
      });
      await this.deps.events.session(userId, q, updated!, tx);
      return updated;
    });
  }

  /** Renews the lease; answers whether the session was paused meanwhile or taken by another runner. */
  private renew(userId: string, sessionId: number, owner: string): Promise<'held' | 'paused' | 'lost'> {
    return this.deps.repo.run(userId, async (q) => {
      const session = await q.session(sessionId);
      if (!session || session.runnerOwner !== owner) return 'lost';
      if (session.status !== 'running') return 'paused';
      await q.updateSession(sessionId, { leaseUntil: new Date(this.deps.now() + RUNNER_LEASE_MS) });
      return 'held';
    });
  }

  private release(userId: string, sessionId: number, owner: string): Promise<void> {
    return this.deps.repo.run(userId, async (q, tx) => {
      const session = await q.session(sessionId, true);
      if (session?.runnerOwner !== owner) return;
      const updated = await q.updateSession(sessionId, { runnerOwner: null, leaseUntil: null });
      await this.deps.events.session(userId, q, updated!, tx);
    });
  }

  /** Every transaction reached an end: the session goes idle with its finish time. */
  private finish(userId: string, sessionId: number, owner: string): Promise<void> {
    return this.deps.repo.run(userId, async (q, tx) => {
      const session = await q.session(sessionId, true);
      if (session?.runnerOwner !== owner) return;
      const open = await q.openTransactions(sessionId, null, 1);
      if (open.length > 0) return;
      const at = new Date(this.deps.now());
      const updated = await q.updateSession(sessionId, {
        status: session.status === 'running' ? 'idle' : session.status,
        runnerOwner: null,
        leaseUntil: null,
        finishedAt: at,
        updatedAt: at,
      });
      await this.deps.events.session(userId, q, updated!, tx);
      await this.deps.events.sessionEnded(userId, q, sessionId, tx);
    });
  }

  private announce(userId: string, sessionId: number): Promise<void> {
    return this.deps.repo.run(userId, async (q, tx) => {
      const session = await q.session(sessionId);
      if (session) await this.deps.events.session(userId, q, session, tx);
    });
  }
}
