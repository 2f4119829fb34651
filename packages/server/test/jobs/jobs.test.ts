import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import {
  type Jobs,
  type JobsOptions,
  RUN_SECONDS,
  type RunEndedEarly,
  startJobs,
} from '../../src/jobs/jobs.ts';
import { pgliteExecutor } from '../../src/jobs/pglite-executor.ts';
import { createTestDatabase, pgliteTemplate, type TestDatabase } from '../helpers/test-database.ts';
import { waitFor } from '../hubs/signalr-client.ts';
import { pollState } from './poll-state.ts';

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
    // A lease of 5 s renewed every 300 ms: only a renewal held up for over 4.7 s (not a busy machine's odd
    // second, as with a 2 s lease) lets the other worker take the job, which runs 1.6 leases.
    const renewed = { ...SHORT, leaseSeconds: 5 };
    const a = await start(renewed);
    const b = await start(renewed);
    const runs: string[] = [];
    const handler = (name: string) => async () => {
      runs.push(name);
      await new Promise((resolve) => setTimeout(resolve, 8000));
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
