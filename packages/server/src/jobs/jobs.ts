import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';
import { LeaseKeeper, type LeaseTiming } from './lease.ts';
import { leaseConnection } from './lease-connection.ts';
import { type PgliteExecutor, pgliteExecutor } from './pglite-executor.ts';
import { newProcessOwner, ownerGone } from './process-owner.ts';
import { type EndedRun, JobLeaseRepo } from './repo.ts';
import { JOBS_SCHEMA } from './schema-name.ts';

export { JOBS_SCHEMA };

export interface JobContext<T> {
  id: string;
  data: T;
  /** 0 on the first run; the run after a failure or an interrupted shutdown counts up. */
  retryCount: number;
  /**
   * Aborted when the server shuts down, or when this run lost its lease (another worker runs the job now): stop
   * early, save what is done and throw, so the job runs again.
   */
  signal: AbortSignal;
}

export type JobHandler<T> = (job: JobContext<T>) => Promise<void>;

export interface JobSendOptions {
  /** A uuid chosen by the caller (so it can be named in the job's data); pg-boss picks one otherwise. */
  id?: string;
  /** Runs after a failure (an interrupted shutdown counts as one). */
  retryLimit?: number;
  retryDelaySeconds?: number;
}

export interface JobState {
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
}

/** Background jobs on the app's database (`app.jobs`). */
export interface Jobs {
  /** Queues a job and wakes this process's workers of the queue; resolves with the job id. */
  send<T extends object>(queue: string, data: T, options?: JobSendOptions): Promise<string>;
  /**
   * Runs `handler` for jobs of the queue in this process, up to `workers` jobs at a time; one idle worker looks for
   * jobs of other processes (and retries that came due) every `pollingIntervalSeconds` (the app's polling interval
   * by default), and each job it finds wakes the next idle worker, so a burst is taken at once. One worker starts
   * with the queue (it looks for jobs at once, so a job left by a stopped or killed process resumes at the start);
   * the others start as jobs come, when every started worker is busy.
   */
  work<T>(
    queue: string,
    handler: JobHandler<T>,
    options?: { workers?: number; pollingIntervalSeconds?: number },
  ): Promise<void>;
  /** Where a job stands (null once it is no longer kept). */
  state(queue: string, id: string): Promise<JobState | null>;
  /** Interrupts running jobs (they are retried by the next start) and stops polling; idempotent. */
  stop(): Promise<void>;
  /** Whether the queue takes and runs jobs: started and not stopping (`/readyz`). */
  running(): boolean;
}

/** A run that ended before its job did (`JobsOptions.onRunEnded`). */
export interface RunEndedEarly {
  queue: string;
  id: string;
  /** The run's number: pg-boss's retry count when it started. */
  run: number;
  ended: 'failed' | 'lease lost';
  error: unknown;
}

export interface JobsOptions {
  database: Database;
  /** The database URL on Postgres: pg-boss opens a small pool of its own there. */
  databaseUrl: string | null;
  /** Receives pg-boss's background errors (a failed poll, say); they never crash the process. */
  onError(error: Error): void;
  /**
   * Told of a run that ended before its job did while the queue runs: it failed (its job is retried after its
   * delay) or it lost its lease (its job is another run's). Runs interrupted by `stop()` are not told.
   */
  onRunEnded?(run: RunEndedEarly): void;
  /** How often idle workers look for jobs queued by other processes. */
  pollingIntervalSeconds?: number;
  /** Lease of a running job on Postgres (tests shorten it). */
  lease?: Partial<LeaseTiming> & { sweepEveryMs?: number };
  /** A run's time, the same for every kind of job (tests shorten it); `RUN_SECONDS` by default. */
  runSeconds?: number;
  /** How long `stop()` waits for interrupted runs to give their jobs back; `STOP_TIMEOUT_MS` by default. */
  stopTimeoutMs?: number;
  /** This process as its leases name it (`newProcessOwner()` by default). */
  owner?: string;
}

/**
 * On Postgres a run holds its job by a lease it renews while it works, naming its process; a job whose lease ran
 * out (its process died or hung) is retried by the sweep: taken over within lease + sweep + retry delay, about
 * 25 s. A run of a process that died on this machine is taken over at once (at a start, or at the next sweep).
 */
export const DEFAULT_LEASE: LeaseTiming & { sweepEveryMs: number } = {
  leaseSeconds: 15,
  renewEveryMs: 5_000,
  sweepEveryMs: 5_000,
};

/**
 * A run's time: every kind of job is sent with it, and pg-boss's worker gives each run of the job that long (then
 * fails the job, and the run's `signal` is aborted). It is the job's kind's, never a run's: leases move the job's
 * start instead (`repo.ts`), so a job re-queued after a crash or a failure gets the full time again. Long because
 * the leases, not this, find a dead run: on Postgres the run's first renewal brings its deadline to a lease away
 * (a run still at its full time a lease after it started never renewed: its process died, and the sweep ends it).
 * On PGlite one process owns the database (the data directory lock), so a run keeps the full time until it ends,
 * and a start gives back every job left active by the process before it.
 */
export const RUN_SECONDS = 23 * 3600;

/** How long shutdown waits for interrupted jobs to save their progress and give their job back. */
const STOP_TIMEOUT_MS = 15_000;

/**
 * An idle worker's own polling interval: a safety net only. Every worker of a queue polling on its own made the
 * embedded database answer hundreds of empty fetches a second (64 and 256 workers on some queues), and a fetch
 * that waited its turn longer than the interval was followed by the next one at once, so the polls crowded out
 * the work. The queue's poller wakes one idle worker per polling interval instead.
 */
const IDLE_WORKER_POLLING_SECONDS = 300;

/** A started worker of a queue (its pg-boss id once registered, '' while it registers). */
interface PoolWorker {
  id: string;
  busy: boolean;
  wokenAt: number;
}

interface WorkerPool {
  workers: PoolWorker[];
  /** Starts one more worker unless the queue has its number or the queue is stopping; whether it did. */
  grow(): boolean;
}

/**
 * Starts pg-boss on the app's database: with its own pool on Postgres, through the PGlite executor on the embedded
 * database. Migrates the `pgboss` schema on first start.
 */
export async function startJobs(options: JobsOptions): Promise<Jobs> {
  let executor: PgliteExecutor | null = null;
  let boss: PgBoss;
  const common = {
    schema: JOBS_SCHEMA,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 30,
  } as const;
  if (options.database.kind === 'pglite') {
    const client = (options.database.db as unknown as { $client: PGlite }).$client;
    executor = pgliteExecutor(client);
    boss = new PgBoss({ ...common, db: executor as PgBoss.Db });
  } else {
    if (!options.databaseUrl) throw new Error('Jobs on Postgres need the database URL');
    boss = new PgBoss({ ...common, connectionString: options.databaseUrl, max: 4 });
  }
  const stopping = new AbortController();
  // While stopping, a worker may still poll once and find the queue closed: not worth a warning.
  boss.on('error', (error) => {
    if (!stopping.signal.aborted) options.onError(error);
  });
  await boss.start();
  const leases = new JobLeaseRepo(boss.getDb());
  const lease = { ...DEFAULT_LEASE, ...options.lease };
  const leased = options.database.kind === 'postgres';
  const runSeconds = options.runSeconds ?? RUN_SECONDS;
  const owner = options.owner ?? newProcessOwner();
  const renewals = leased
    ? leaseConnection(options.databaseUrl!, lease.leaseSeconds * 1000, options.onError)
    : null;
  const keeper = renewals
    ? new LeaseKeeper(new JobLeaseRepo(renewals.db), lease, owner, options.onError)
    : null;
  /**
   * The started workers of each queue, whether each runs a job now and when a send last woke it (a send wakes one
   * idle worker not woken in the last 2 s: it may still be fetching the job it was woken for, so a burst of sends
   * wakes as many workers as it has jobs instead of every worker for every job), and how to start one more.
   */
  const poolsOf = new Map<string, WorkerPool[]>();
  const workersOf = (queue: string) => (poolsOf.get(queue) ?? []).flatMap((pool) => pool.workers);
  /** Starts one more worker of the queue, if it has fewer than asked for; whether one starts. */
  const grow = (queue: string) => (poolsOf.get(queue) ?? []).some((pool) => pool.grow());
  /**
   * Wakes an idle worker of the queue, or starts one (it looks for a job as it starts) if all are busy and none is
   * starting.
   */
  const wakeIdle = (queue: string) => {
    const workers = workersOf(queue);
    const idle = workers.find((worker) => !worker.busy && worker.id !== '');
    if (idle) boss.notifyWorker(idle.id);
    else if (!workers.some((worker) => worker.id === '')) grow(queue);
  };
  /**
   * A job whose lease was ended is retried after its retry delay: an idle worker of its queue looks then, not at
   * the queue's next poll (15 s for seller loops). Workers registered meanwhile (a start) are woken too.
   */
  const wakeWhenDue = (ended: readonly EndedRun[]) => {
    for (const run of ended) {
      const timer = setTimeout(
        () => {
          if (!stopping.signal.aborted) wakeIdle(run.queue);
        },
        run.retryDelaySeconds * 1000 + 250,
      );
      timer.unref();
    }
  };
  /** Ends the leases of runs whose process is gone (or never renewed), for pg-boss to retry their jobs. */
  const takeOver = async () => {
    const others = await leases.leasesOfOthers(owner);
    const gone = others.filter((run) => ownerGone(run.owner, owner)).map((run) => run.id);
    const ended = [
      ...(await leases.endUnrenewed(lease.leaseSeconds)),
      ...(gone.length > 0 ? await leases.endLeases(gone) : []),
    ];
    if (ended.length === 0) return;
    await boss.expire();
    wakeWhenDue(ended);
  };
  let sweep: NodeJS.Timeout | null = null;
  if (leased) {
    // pg-boss's own expiry runs with its maintenance (every 30 s); leases need a shorter look.
    sweep = setInterval(() => {
      if (stopping.signal.aborted) return;
      takeOver()
        // Runs that outlived their time end too (pg-boss's own expiry waits for its maintenance).
        .then(() => boss.expire())
        .catch((error: Error) => options.onError(error));
    }, lease.sweepEveryMs);
    sweep.unref();
    await leases.giveFullTime(runSeconds);
    await takeOver();
  } else {
    await leases.endAllLeases(runSeconds);
    await boss.expire();
  }

  const polling = options.pollingIntervalSeconds ?? 2;
  const queues = new Map<string, Promise<void>>();
  // The queues made by an earlier start are read in one statement rather than each made again (one statement each).
  for (const made of await boss.getQueues()) queues.set(made.name, Promise.resolve());
  const ensureQueue = (queue: string) => {
    let ready = queues.get(queue);
    if (!ready) {
      ready = boss.createQueue(queue);
      ready.catch(() => queues.delete(queue));
      queues.set(queue, ready);
    }
    return ready;
  };
  const pollers: NodeJS.Timeout[] = [];
  /**
   * The run of each job under way in this process. A job can be fetched again while an earlier run of it still
   * works here (that run lost its lease in a stall, or outlived its time, and is stopping): the new run starts when
   * the earlier one has ended, so two runs of one job never work at once in a process, and a run never finds its
   * own job's work "already under way" and ends as if it were done.
   */
  const runsUnderWay = new Map<string, Promise<unknown>>();
  const afterEarlierRun = (key: string, start: () => Promise<void>): Promise<void> => {
    const earlier = runsUnderWay.get(key);
    const run = earlier ? earlier.then(start, start) : start();
    const settled = run.then(
      () => {},
      () => {},
    );
    runsUnderWay.set(key, settled);
    void settled.then(() => {
      if (runsUnderWay.get(key) === settled) runsUnderWay.delete(key);
    });
    return run;
  };
  let stopped: Promise<void> | null = null;
  /**
   * Resolves once the job is not active (the run that took it over finished it or gave it back). A shutdown ends
   * the wait with a failure: pg-boss would fail the job at its stop anyway, and that run then runs again.
   */
  const untilNotActive = async (queue: string, id: string) => {
    for (;;) {
      if (stopping.signal.aborted) throw new Error('The server is shutting down');
      const job = await boss.getJobById(queue, id).catch(() => undefined);
      if (job !== undefined && job?.state !== 'active') return;
      await new Promise((resolve) => setTimeout(resolve, lease.renewEveryMs));
    }
  };

  return {
    async send(queue, data, sendOptions = {}) {
      await ensureQueue(queue);
      const id = await boss.send(queue, data, {
        ...(sendOptions.id ? { id: sendOptions.id } : {}),
        retryLimit: sendOptions.retryLimit ?? 5,
        retryDelay: sendOptions.retryDelaySeconds ?? 1,
        expireInSeconds: runSeconds,
      });
      if (!id) throw new Error(`The job was not queued on ${queue}`);
      const workers = workersOf(queue);
      const now = Date.now();
      const idle = workers.find((worker) => !worker.busy && worker.id !== '' && now - worker.wokenAt > 2_000);
      if (idle) {
        idle.wokenAt = now;
        boss.notifyWorker(idle.id);
      } else if (!grow(queue)) for (const worker of workers) boss.notifyWorker(worker.id);
      return id;
    },

    async work<T>(
      queue: string,
      handler: JobHandler<T>,
      workOptions: { workers?: number; pollingIntervalSeconds?: number } = {},
    ) {
      await ensureQueue(queue);
      const max = workOptions.workers ?? 1;
      const workers: PoolWorker[] = [];
      const startWorker = async (worker: PoolWorker) => {
        worker.id = await boss.work<T>(
          queue,
          {
            batchSize: 1,
            includeMetadata: true,
            pollingIntervalSeconds: IDLE_WORKER_POLLING_SECONDS,
          },
          async ([job]) => {
            if (!job) return;
            worker.busy = true;
            // More may be waiting: the next idle worker looks now rather than at the next poll.
            wakeIdle(queue);
            // A job fetched while stopping goes straight back to the queue.
            if (stopping.signal.aborted) throw new Error('The server is shutting down');
            const held = keeper?.hold({ queue, id: job.id, run: job.retryCount }) ?? null;
            // pg-boss fails a run at its time (the kind's, see RUN_SECONDS) without stopping it: stop it then.
            const timeUp = AbortSignal.timeout(Math.max(1, job.expireInSeconds) * 1000);
            const signal = AbortSignal.any([stopping.signal, timeUp, ...(held ? [held.lost] : [])]);
            const key = `${queue}\u0000${job.id}`;
            const run = afterEarlierRun(key, () =>
              handler({ id: job.id, data: job.data, retryCount: job.retryCount, signal }),
            );
            let failure: { error: unknown } | null = null;
            try {
              await run;
            } catch (error) {
              failure = { error };
            } finally {
              held?.end();
              worker.busy = false;
            }
            const lost = held?.lost.aborted === true;
            if ((lost || failure) && !stopping.signal.aborted) {
              const ended = lost ? 'lease lost' : 'failed';
              const error = lost ? held?.lost.reason : failure?.error;
              options.onRunEnded?.({ queue, id: job.id, run: job.retryCount, ended, error });
            }
            // The job is another run's now, and pg-boss completes (on return) or fails (on throw) by job id: either
            // would end that run's job. Settle once that run has let the job go (finished it, or given it back).
            if (lost) await untilNotActive(queue, job.id);
            else if (failure) throw failure.error;
          },
        );
      };
      const pool: WorkerPool = {
        workers,
        grow() {
          if (workers.length >= max || stopping.signal.aborted) return false;
          const worker: PoolWorker = { id: '', busy: false, wokenAt: Date.now() };
          workers.push(worker);
          // Each pg-boss worker fetches once as it starts: hundreds at a start (a seller loop's 256) were most of a
          // start's statements, on queues that mostly had nothing to run.
          startWorker(worker).catch((error: Error) => {
            workers.splice(workers.indexOf(worker), 1);
            if (!stopping.signal.aborted) options.onError(error);
          });
          return true;
        },
      };
      poolsOf.set(queue, [...(poolsOf.get(queue) ?? []), pool]);
      const first: PoolWorker = { id: '', busy: false, wokenAt: 0 };
      workers.push(first);
      await startWorker(first);
      const poller = setInterval(
        () => {
          if (!stopping.signal.aborted) wakeIdle(queue);
        },
        (workOptions.pollingIntervalSeconds ?? polling) * 1000,
      );
      poller.unref();
      pollers.push(poller);
    },

    async state(queue, id) {
      const job = await boss.getJobById(queue, id);
      return job ? { state: job.state, retryCount: job.retryCount } : null;
    },

    running: () => !stopping.signal.aborted,

    stop() {
      stopped ??= (async () => {
        stopping.abort();
        if (sweep) clearInterval(sweep);
        for (const poller of pollers) clearInterval(poller);
        await boss.stop({
          graceful: true,
          wait: true,
          timeout: options.stopTimeoutMs ?? STOP_TIMEOUT_MS,
          close: true,
        });
        // Runs interrupted by the stop kept their leases while they gave their jobs back.
        keeper?.stop();
        await renewals?.close();
        await executor?.close();
      })();
      return stopped;
    },
  };
}
