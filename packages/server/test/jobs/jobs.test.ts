import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, IN_MEMORY, openDatabase } from '../../src/db/database.ts';
import { currentProcess, processStartTicks } from '../../src/db/lock-owner.ts';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import {
  type JobState,
  type Jobs,
  type JobsOptions,
  RUN_SECONDS,
  type RunEndedEarly,
  startJobs,
} from '../../src/jobs/jobs.ts';
import { pgliteExecutor } from '../../src/jobs/pglite-executor.ts';
import { processOwnerTag } from '../../src/jobs/process-owner.ts';
import { createTestDatabase, pgliteTemplate, type TestDatabase } from '../helpers/test-database.ts';
import { type ThrowAwayPostgres, throwAwayPostgres } from '../hubs/postgres-cluster.ts';
import { waitFor } from '../hubs/signalr-client.ts';

// pg-boss on the database the app uses (PGlite unless TEST_DATABASE_URL names a Postgres server).
const open: { db: TestDatabase; jobs: Jobs[] }[] = [];
afterEach(async () => {
  for (const { db, jobs } of open.splice(0)) {
    for (const j of jobs) await j.stop();
    await db.drop();
  }
});

async function fresh(): Promise<{
  db: TestDatabase;
  /** The runs that ended before their job, as the queue told them. */
  ended: RunEndedEarly[];
  start: (lease?: JobsOptions['lease'], runSeconds?: number) => Promise<Jobs>;
}> {
  const db = await createTestDatabase();
  const entry = { db, jobs: [] as Jobs[] };
  open.push(entry);
  const ended: RunEndedEarly[] = [];
  return {
    db,
    ended,
    async start(lease, runSeconds) {
      const jobs = await startJobs({
        database: db.database,
        databaseUrl: db.url,
        onError: () => {},
        onRunEnded: (run) => ended.push(run),
        pollingIntervalSeconds: 0.5,
        // Runs that never end stand for a killed process here: stopping need not wait for them.
        stopTimeoutMs: 500,
        ...(lease ? { lease } : {}),
        ...(runSeconds ? { runSeconds } : {}),
      });
      entry.jobs.push(jobs);
      return jobs;
    },
  };
}

const until = async (jobs: Jobs, id: string, state: string) => {
  let current = await jobs.state('q', id);
  const deadline = Date.now() + 15_000;
  while (current?.state !== state && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    current = await jobs.state('q', id);
  }
  return current;
};

describe('jobs', () => {
  it('runs a job with its data and retries a failed one, telling of the failed run', async () => {
    const { start, ended } = await fresh();
    const jobs = await start();
    const seen: { n: number; retry: number }[] = [];
    await jobs.work<{ n: number }>('q', async (job) => {
      seen.push({ n: job.data.n, retry: job.retryCount });
      if (job.data.n === 2 && job.retryCount === 0) throw new Error('first run fails');
    });
    const ok = await jobs.send('q', { n: 1 });
    const flaky = await jobs.send('q', { n: 2 }, { retryDelaySeconds: 0 });
    expect(await until(jobs, ok, 'completed')).toMatchObject({ state: 'completed', retryCount: 0 });
    expect(await until(jobs, flaky, 'completed')).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(seen).toEqual(
      expect.arrayContaining([
        { n: 1, retry: 0 },
        { n: 2, retry: 0 },
        { n: 2, retry: 1 },
      ]),
    );
    expect(ended).toEqual([
      { queue: 'q', id: flaky, run: 0, ended: 'failed', error: new Error('first run fails') },
    ]);
    // A fresh database and a pg-boss start come first: room for a loaded machine.
  }, 90_000);

  it('interrupts a running job on stop and runs it again on the next start', async () => {
    const { start } = await fresh();
    const first = await start();
    let sawAbort = false;
    await first.work('q', async (job) => {
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
      sawAbort = true;
      throw new Error('interrupted');
    });
    const id = await first.send('q', { n: 1 }, { retryDelaySeconds: 0 });
    await until(first, id, 'active');
    await first.stop();
    expect(sawAbort).toBe(true);

    const second = await start();
    const reruns: number[] = [];
    await second.work('q', async (job) => {
      reruns.push(job.retryCount);
    });
    expect(await until(second, id, 'completed')).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(reruns).toEqual([1]);
  });

  it('takes turns with the app’s own transactions on one database connection', async () => {
    const { db, start } = await fresh();
    const jobs = await start();
    let ran = 0;
    await jobs.work('q', async () => {
      ran++;
    });
    // A transaction that holds the connection while the worker polls and a job is sent from outside it.
    const holding = db.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await tx.execute(sql`select 2`);
    });
    const id = await jobs.send('q', {});
    await holding;
    expect(await until(jobs, id, 'completed')).toMatchObject({ state: 'completed' });
    await waitFor(() => ran === 1, 'the job to run');
  });

  it('lets the idle workers of a queue share one poll, and a burst queued elsewhere wakes them all', async () => {
    const { db, start } = await fresh();
    const jobs = await start();
    const counted = countFetches(db);
    try {
      const { running, release } = await holdingWorkers(jobs, 24);
      // The queue's first fetch, at its start, is over by now.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      // A queue of 24 idle workers for 6 polling intervals (0.5 s): about one fetch an interval, not one per worker.
      const before = counted.fetches;
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(counted.fetches - before).toBeLessThanOrEqual(12);
      // Jobs another process queued (its send wakes none of these workers) are found by one poll and taken at once.
      const elsewhere = await start();
      for (let n = 1; n <= 12; n++) await elsewhere.send('q', { n });
      await waitFor(() => running.size === 12, 'every queued job to run at the same time', 15_000);
      release();
    } finally {
      counted.restore();
    }
  }, 90_000);

  it('starts a queue with one fetch, and jobs queued before the start run at once, side by side', async () => {
    const { db, start } = await fresh();
    // Queued by a process that stopped before running them (as a killed server leaves its jobs).
    const before = await start();
    for (let n = 1; n <= 3; n++) await before.send('q', { n });
    await before.stop();
    const jobs = await start();
    const counted = countFetches(db);
    try {
      // A queue with nothing to run: its first worker looks once, the other 23 start only when jobs come.
      await jobs.work('idle', async () => {}, { workers: 24 });
      const { running, release } = await holdingWorkers(jobs, 24);
      await waitFor(() => running.size === 3, 'the three queued jobs to run at the same time', 15_000);
      // One fetch per job found and one that found none, beside the idle queue's one: 48 when every worker
      // fetched as it started.
      expect(counted.fetches).toBeLessThanOrEqual(8);
      release();
    } finally {
      counted.restore();
    }
  }, 90_000);
});

/** Works queue `q` with `workers` workers whose runs hold their job (noting its `n`) until `release()`. */
async function holdingWorkers(jobs: Jobs, workers: number) {
  const running = new Set<number>();
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await jobs.work<{ n: number }>(
    'q',
    async (job) => {
      running.add(job.data.n);
      await released;
    },
    { workers },
  );
  return { running, release };
}

/** Counts pg-boss's job fetches on the test's database (embedded or Postgres) until `restore()`. */
function countFetches(db: TestDatabase): { readonly fetches: number; restore(): void } {
  let fetches = 0;
  const counting = <T extends { query: (...args: never[]) => unknown }>(target: T) => {
    const query = target.query;
    target.query = function (this: unknown, ...args: never[]) {
      if (/SKIP LOCKED/.test(String(args[0]))) fetches++;
      return query.apply(this, args);
    } as T['query'];
    return () => {
      target.query = query;
    };
  };
  const undo = [
    counting(pg.Client.prototype),
    ...(db.database.kind === 'pglite'
      ? [counting((db.database.db as unknown as { $client: PGlite }).$client)]
      : []),
  ];
  return {
    get fetches() {
      return fetches;
    },
    restore() {
      for (const step of undo) step();
    },
  };
}

describe('job leases', () => {
  const SHORT = { leaseSeconds: 2, renewEveryMs: 300, sweepEveryMs: 300 };

  it('keeps a job that runs longer than its lease with the worker that renews it', async () => {
    const { start } = await fresh();
    const a = await start(SHORT);
    const b = await start(SHORT);
    const runs: string[] = [];
    const handler = (name: string) => async () => {
      runs.push(name);
      await new Promise((resolve) => setTimeout(resolve, 5000));
    };
    await a.work('q', handler('a'));
    const id = await a.send('q', {});
    await until(a, id, 'active');
    await b.work('q', handler('b'));
    expect(await until(a, id, 'completed')).toMatchObject({ state: 'completed', retryCount: 0 });
    expect(runs).toEqual(['a']);
  });

  it('hands the job of a worker that died to another within the lease', async () => {
    const { db, start } = await fresh();
    // A worker that renews only when it takes the job stands for a process killed while it ran it.
    const dead = await start({ ...SHORT, renewEveryMs: 3_600_000 });
    await dead.work('q', () => new Promise<void>(() => {}));
    const id = await dead.send('q', {}, { retryDelaySeconds: 0 });
    await until(dead, id, 'active');

    const reruns: number[] = [];
    const started = Date.now();
    // On Postgres a live worker takes the job over once its lease runs out; on PGlite the process owns the
    // database, so the next start takes over every job left active.
    const next = await start(SHORT);
    await next.work('q', async (job) => {
      reruns.push(job.retryCount);
    });
    expect(await until(next, id, 'completed')).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(reruns).toEqual([1]);
    if (db.database.kind === 'postgres') expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });
});

describe('a job resumed after a crash', () => {
  const SHORT = { leaseSeconds: 2, renewEveryMs: 300, sweepEveryMs: 300 };

  /** The time pg-boss gives the job's current run (its `expire_in`), in seconds. */
  const runTime = async (db: TestDatabase, id: string) => {
    const result = await db.database.db.execute(
      sql`select extract(epoch from expire_in)::int as seconds from pgboss.job where id = ${id}::uuid`,
    );
    return rowsOf<{ seconds: number }>(result)[0]!.seconds;
  };

  it('gets its kind’s full time, not the lease of the run that died', async () => {
    const { db, start } = await fresh();
    // A worker that renews only when it takes the job stands for a process killed while it ran it.
    const dead = await start({ ...SHORT, renewEveryMs: 3_600_000 });
    await dead.work('q', () => new Promise<void>(() => {}));
    const id = await dead.send('q', {}, { retryDelaySeconds: 0 });
    await until(dead, id, 'active');

    // The next process (on PGlite: the next start, which gives back every job left active).
    const next = await start(SHORT);
    const runs: { retry: number; aborted: boolean }[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await next.work('q', async (job) => {
      await released;
      runs.push({ retry: job.retryCount, aborted: job.signal.aborted });
    });
    const resumed = await pollState(next, id, (state) => state.retryCount === 1 && state.state === 'active');
    expect(resumed).toBe(true);
    // The dead run's lease (none left on PGlite, 2 s on Postgres) is no limit for the run that took over.
    expect(await runTime(db, id)).toBe(RUN_SECONDS);
    release();
    expect(await until(next, id, 'completed')).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(runs).toEqual([{ retry: 1, aborted: false }]);
  });

  it('runs again only after the run still working in this process has ended', async () => {
    const { start } = await fresh();
    // Runs of 1 s: pg-boss fails the first at its time and the retry is fetched here while that run still works.
    const jobs = await start(SHORT, 1);
    const events: string[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstAborted = false;
    await jobs.work(
      'q',
      async (job) => {
        events.push(`start ${job.retryCount}`);
        if (job.retryCount === 0) {
          await released;
          firstAborted = job.signal.aborted;
        }
        events.push(`end ${job.retryCount}`);
      },
      { workers: 2 },
    );
    const id = await jobs.send('q', {}, { retryDelaySeconds: 0 });
    await waitFor(() => events.length > 0, 'the first run to start');
    const retried = await pollState(jobs, id, (state) => state.retryCount === 1 && state.state === 'active');
    expect(retried).toBe(true);
    // The retry waits for the first run however long that takes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toEqual(['start 0']);
    release();
    await waitFor(() => events.length === 4, 'both runs to end');
    expect(events).toEqual(['start 0', 'end 0', 'start 1', 'end 1']);
    // The first run was told its time was up.
    expect(firstAborted).toBe(true);
  });
});

async function pollState(
  jobs: Jobs,
  id: string,
  holds: (state: JobState) => boolean,
  queue = 'q',
): Promise<boolean> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const state = await jobs.state(queue, id);
    if (state && holds(state)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('a run that lost its lease', () => {
  // Leases exist on Postgres only (one process owns a PGlite database): a Postgres of the suite's, or one started
  // here from the installed binaries.
  let postgres: ThrowAwayPostgres | null = null;
  let unavailable: string | null = null;
  const started: Jobs[] = [];
  let database: Database | null = null;
  beforeAll(async () => {
    const found = await throwAwayPostgres();
    if ('unavailable' in found) unavailable = found.unavailable;
    else {
      postgres = found;
      database = await openDatabase({ databaseUrl: found.url, dataDir: IN_MEMORY });
    }
  }, 120_000);
  // Each test's workers end with it, so none sweeps or polls into the next one.
  afterEach(async () => {
    for (const jobs of started.splice(0)) await jobs.stop();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await postgres?.stop();
  }, 120_000);

  it('neither completes nor fails the job of the run that took it over', async (context) => {
    if (unavailable) {
      console.warn(`lease test not run: ${unavailable}`);
      context.skip();
    }
    const ended: RunEndedEarly[] = [];
    const begin = (lease: JobsOptions['lease']) =>
      startJobs({
        database: database!,
        databaseUrl: postgres!.url,
        onError: () => {},
        onRunEnded: (run) => ended.push(run),
        pollingIntervalSeconds: 0.5,
        lease,
      }).then((jobs) => {
        started.push(jobs);
        return jobs;
      });
    // Renewals further apart than the lease stand for a process that stalls: its lease runs out between two.
    const stalling = await begin({ leaseSeconds: 2, renewEveryMs: 3_000, sweepEveryMs: 300 });
    const events: string[] = [];
    await stalling.work('q', async (job) => {
      events.push('first run');
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
      // It saved its progress and ends as a stopped run does; the job is not its own any more.
      events.push('first run lost its lease');
    });
    const id = await stalling.send('q', {}, { retryDelaySeconds: 0 });
    const other = await begin({ leaseSeconds: 2, renewEveryMs: 300, sweepEveryMs: 300 });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let secondAborted = false;
    await other.work('q', async (job) => {
      events.push('second run');
      await released;
      secondAborted = job.signal.aborted;
    });
    await waitFor(
      () => events.includes('second run') && events.includes('first run lost its lease'),
      'the job to be taken over and the first run to notice',
      30_000,
    );
    // What pg-boss does when the first run ends (complete by id) would end the second run's job at once.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await other.state('q', id)).toMatchObject({ state: 'active', retryCount: 1 });
    release();
    expect(await pollState(other, id, (state) => state.state === 'completed')).toBe(true);
    expect(await other.state('q', id)).toMatchObject({ state: 'completed', retryCount: 1 });
    expect(secondAborted).toBe(false);
    expect(ended.map(({ id: endedId, run, ended: how }) => ({ endedId, run, how }))).toEqual([
      { endedId: id, run: 0, how: 'lease lost' },
    ]);
  }, 120_000);

  it('tells a run it lost its lease when the run that took its job over is in the same process', async (context) => {
    if (unavailable) {
      console.warn(`lease test not run: ${unavailable}`);
      context.skip();
    }
    // Renewals further apart than the lease: the first run's lease runs out, this process's sweep ends it and its
    // own idle worker takes the job again, so both runs of one job are renewed by one keeper.
    const jobs = await startJobs({
      database: database!,
      databaseUrl: postgres!.url,
      onError: () => {},
      pollingIntervalSeconds: 0.5,
      lease: { leaseSeconds: 2, renewEveryMs: 3_000, sweepEveryMs: 300 },
    });
    started.push(jobs);
    const events: string[] = [];
    await jobs.work(
      'same',
      async (job) => {
        events.push(`run ${job.retryCount}`);
        if (job.retryCount > 0) return;
        await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
        events.push('run 0 lost its lease');
      },
      { workers: 2 },
    );
    const id = await jobs.send('same', {}, { retryDelaySeconds: 0 });
    expect(await pollState(jobs, id, (state) => state.state === 'completed', 'same')).toBe(true);
    // The second run waits for the first to end (afterEarlierRun): it ends only once told.
    expect(events).toEqual(['run 0', 'run 0 lost its lease', 'run 1']);
    expect(await jobs.state('same', id)).toMatchObject({ state: 'completed', retryCount: 1 });
  }, 120_000);

  it('renews the leases of all its runs in one statement a tick', async (context) => {
    if (unavailable) {
      console.warn(`lease test not run: ${unavailable}`);
      context.skip();
    }
    const jobs = await startJobs({
      database: database!,
      databaseUrl: postgres!.url,
      onError: () => {},
      pollingIntervalSeconds: 0.5,
      lease: { leaseSeconds: 3, renewEveryMs: 300, sweepEveryMs: 300 },
    });
    started.push(jobs);
    const RUNS = 12;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let running = 0;
    await jobs.work(
      'many',
      async () => {
        running += 1;
        await released;
      },
      { workers: RUNS },
    );
    const ids = await Promise.all(Array.from({ length: RUNS }, () => jobs.send('many', {})));
    await waitFor(() => running === RUNS, 'every run to start', 30_000);
    // Two ticks after the last start: every run's lease was renewed by the same statements since.
    await new Promise((resolve) => setTimeout(resolve, 700));
    const deadlines = rowsOf<{ deadline: string; owners: number }>(
      await database!.db.execute(
        sql`select (started_on + expire_in)::text as deadline, count(distinct output->>'leaseOwner')::int as owners
              from pgboss.job where id = any(${`{${ids.join(',')}}`}::uuid[]) and state = 'active' group by 1`,
      ),
    );
    release();
    // One statement's now() for all: runs renewed one by one would each have their own deadline.
    expect(deadlines).toHaveLength(1);
    expect(deadlines[0]!.owners).toBe(1);
  }, 120_000);

  it('hands the job of a process that died on this machine over at once, however long its lease', async (context) => {
    if (unavailable) {
      console.warn(`lease test not run: ${unavailable}`);
      context.skip();
    }
    // A lease no sweep ends within the test: only the death of the process it names lets another take the job.
    const long = { leaseSeconds: 3600, renewEveryMs: 300, sweepEveryMs: 300 };
    const begin = (owner?: string) =>
      startJobs({
        database: database!,
        databaseUrl: postgres!.url,
        onError: () => {},
        pollingIntervalSeconds: 0.5,
        lease: long,
        stopTimeoutMs: 500,
        ...(owner ? { owner } : {}),
      }).then((jobs) => {
        started.push(jobs);
        return jobs;
      });
    // The first worker's leases name a process of this machine that the test then kills.
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    await once(child, 'spawn');
    const dying = await begin(
      processOwnerTag('killed', {
        ...currentProcess(),
        pid: child.pid!,
        startTicks: processStartTicks(child.pid!) ?? undefined,
      }),
    );
    const runs: number[] = [];
    // The worker stays busy once its run is taken from it, as a dead process takes nothing more: were it free, it
    // could fetch the handed-over run under the dead process's name, and that run would be handed over again.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await dying.work('owned', async (job) => {
      runs.push(job.retryCount);
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
      await released;
    });
    const id = await dying.send('owned', {}, { retryDelaySeconds: 0 });
    const leaseOwner = async () =>
      rowsOf<{ owner: string | null }>(
        await database!.db.execute(
          sql`select output->>'leaseOwner' as owner from pgboss.job where id = ${id}::uuid`,
        ),
      )[0]?.owner ?? null;
    const until = async (probe: () => Promise<boolean>, what: string) => {
      const deadline = Date.now() + 30_000;
      while (!(await probe())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await until(async () => (await leaseOwner())?.startsWith('killed@') === true, 'the first run’s lease');
    child.kill('SIGKILL');
    await once(child, 'exit');

    const other = await begin();
    await other.work('owned', async (job) => {
      runs.push(job.retryCount);
    });
    await until(
      async () => (await other.state('owned', id))?.state === 'completed',
      'the job to be taken over and completed',
    );
    release();
    expect(runs).toEqual([0, 1]);
    expect(await other.state('owned', id)).toMatchObject({ state: 'completed', retryCount: 1 });
  }, 120_000);
});

describe('the PGlite executor', () => {
  it('rolls back a failing BEGIN … COMMIT text and leaves the connection usable', async () => {
    // From the run's migrated data directory: an empty cluster's initdb took most of this test. A run on
    // TEST_DATABASE_URL has no embedded template, and the initdb alone took 30-40 s under load (hence the timeout).
    const template = await pgliteTemplate();
    const client = new PGlite(template ? { loadDataDir: template } : {});
    const executor = pgliteExecutor(client);
    await executor.executeSql('create table t (v int)');
    await expect(
      executor.executeSql('BEGIN;\n insert into t values (1);\n select 1/0;\n COMMIT;'),
    ).rejects.toThrow(/division by zero/);
    const { rows } = await executor.executeSql('select count(*)::int as n from t', []);
    expect(rows).toEqual([{ n: 0 }]);
    const inserted = await executor.executeSql('insert into t values ($1) returning v', [7]);
    expect(inserted).toEqual({ rows: [{ v: 7 }], rowCount: 1 });
    await executor.close();
    await expect(executor.executeSql('select 1')).rejects.toThrow(/stopped/);
    await client.close();
  }, 120_000);
});
