import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, IN_MEMORY, openDatabase } from '../../src/db/database.ts';
import { currentProcess, processStartTicks } from '../../src/db/lock-owner.ts';
import { rowsOf } from '../../src/db/sql-fragments.ts';
import { type Jobs, type JobsOptions, type RunEndedEarly, startJobs } from '../../src/jobs/jobs.ts';
import { processOwnerTag } from '../../src/jobs/process-owner.ts';
import { type ThrowAwayPostgres, throwAwayPostgres } from '../hubs/postgres-cluster.ts';
import { waitFor } from '../hubs/signalr-client.ts';
import { pollState } from './poll-state.ts';

// Leases on Postgres: a run whose lease ran out, or whose process died, and the run that took its job over.

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

  /** Skips the test where no Postgres could be had. */
  const onPostgres = (context: { skip: () => void }) => {
    if (!unavailable) return;
    console.warn(`lease test not run: ${unavailable}`);
    context.skip();
  };
  /** Jobs on the test's Postgres, stopped after the test. */
  const leased = async (options: Partial<JobsOptions> & Pick<JobsOptions, 'lease'>) => {
    const jobs = await startJobs({
      database: database!,
      databaseUrl: postgres!.url,
      onError: () => {},
      pollingIntervalSeconds: 0.5,
      ...options,
    });
    started.push(jobs);
    return jobs;
  };

  it('neither completes nor fails the job of the run that took it over', async (context) => {
    onPostgres(context);
    const ended: RunEndedEarly[] = [];
    const begin = (lease: JobsOptions['lease']) => leased({ lease, onRunEnded: (run) => ended.push(run) });
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
    onPostgres(context);
    // Renewals further apart than the lease: the first run's lease runs out, this process's sweep ends it and its
    // own idle worker takes the job again, so both runs of one job are renewed by one keeper.
    const jobs = await leased({ lease: { leaseSeconds: 2, renewEveryMs: 3_000, sweepEveryMs: 300 } });
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
    onPostgres(context);
    const jobs = await leased({ lease: { leaseSeconds: 3, renewEveryMs: 300, sweepEveryMs: 300 } });
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
    onPostgres(context);
    // A lease no sweep ends within the test: only the death of the process it names lets another take the job.
    const long = { leaseSeconds: 3600, renewEveryMs: 300, sweepEveryMs: 300 };
    const begin = (owner?: string) =>
      leased({ lease: long, stopTimeoutMs: 500, ...(owner ? { owner } : {}) });
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
