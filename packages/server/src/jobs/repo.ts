import type PgBoss from 'pg-boss';
import { JOBS_SCHEMA } from './schema-name.ts';

/**
 * The statements of job leases, on pg-boss's own table (the sweep's through pg-boss's pool, renewals through the
 * lease connection: `lease-connection.ts`).
 *
 * A run's time limit is its job's `expire_in`, set from the job's kind when it is sent and never changed: pg-boss
 * copies `expire_in` into the job it re-queues after a failure, and its worker gives the next run exactly that long
 * (at least 1 s). So a lease moves the other half of pg-boss's deadline, `started_on` (a job is out of time once
 * `started_on + expire_in` has passed): renewing sets that deadline to a lease from now, and ending a lease sets it
 * in the past. The fetch of the next run sets `started_on` afresh, and its run gets the kind's full time.
 */
/** A run whose lease was ended: its job is retried on its queue after its retry delay. */
export interface EndedRun {
  queue: string;
  retryDelaySeconds: number;
}

/** One run of a job, as its lease names it: the job's queue and id, and the run's number (pg-boss's retry count). */
export interface HeldRun {
  queue: string;
  id: string;
  run: number;
}

/** A run's key in the answer of `renewAll`. */
export const runKey = (run: Pick<HeldRun, 'id' | 'run'>): string => `${run.id}/${run.run}`;

export class JobLeaseRepo {
  constructor(private readonly db: PgBoss.Db) {}

  /**
   * Extends the leases of these runs to `seconds` from now in one statement, naming the process that holds them
   * (`owner`, in each job's `output`, which pg-boss writes only when the run ends). Answers the runs still held,
   * as `runKey`: a run missing from it no longer holds its job (its lease ran out and the job was taken back, or
   * it finished, or was cancelled). Keyed by run, not job: the run that took a job over may be in this process too.
   */
  async renewAll(runs: readonly HeldRun[], seconds: number, owner: string): Promise<Set<string>> {
    const { rows } = await this.db.executeSql(
      `UPDATE ${JOBS_SCHEMA}.job AS job SET started_on = now() + $4 * interval '1 second' - job.expire_in,
         output = jsonb_build_object('leaseOwner', $5::text, 'leaseRun', held.run)
       FROM unnest($1::text[], $2::uuid[], $3::int[]) AS held(queue, id, run)
       WHERE job.name = held.queue AND job.id = held.id AND job.state = 'active' AND job.retry_count = held.run
       RETURNING job.id, job.retry_count AS run`,
      [runs.map((run) => run.queue), runs.map((run) => run.id), runs.map((run) => run.run), seconds, owner],
    );
    return new Set((rows as HeldRun[]).map(runKey));
  }

  /**
   * Ends the runs that never renewed within a lease of starting (their deadline is still the kind's time from the
   * start): their process died between taking the job and its first renewal.
   */
  async endUnrenewed(leaseSeconds: number): Promise<EndedRun[]> {
    const { rows } = await this.db.executeSql(
      `UPDATE ${JOBS_SCHEMA}.job SET started_on = now() - expire_in - interval '1 second'
       WHERE state = 'active' AND started_on < now() - $1 * interval '1 second'
         AND started_on + expire_in > now() + $1 * interval '1 second'
       RETURNING name AS queue, retry_delay AS "retryDelaySeconds"`,
      [leaseSeconds],
    );
    return rows as EndedRun[];
  }

  /**
   * The active runs held by another process than `self`, with the process named by their renewal (a run not yet
   * renewed still shows its job's earlier run, and is left out).
   */
  async leasesOfOthers(self: string): Promise<{ id: string; owner: string }[]> {
    const { rows } = await this.db.executeSql(
      `SELECT id, output->>'leaseOwner' AS owner FROM ${JOBS_SCHEMA}.job
       WHERE state = 'active' AND output->>'leaseOwner' <> $1
         AND output->>'leaseRun' = retry_count::text`,
      [self],
    );
    return rows as { id: string; owner: string }[];
  }

  /** Ends the leases of these runs (their process is gone), for pg-boss's expiry to retry the jobs. */
  async endLeases(ids: readonly string[]): Promise<EndedRun[]> {
    const { rows } = await this.db.executeSql(
      `UPDATE ${JOBS_SCHEMA}.job SET started_on = now() - expire_in - interval '1 second'
       WHERE state = 'active' AND id = ANY($1::uuid[])
       RETURNING name AS queue, retry_delay AS "retryDelaySeconds"`,
      [ids],
    );
    return rows as EndedRun[];
  }

  /**
   * Ends the lease of every active job (their process is known to be gone), for pg-boss's expiry to retry them,
   * and gives every job waiting for a run its kind's full time (a job re-queued with a dead run's lease as its
   * time, before the lease moved to `started_on`, would otherwise get that as its next run's limit).
   */
  async endAllLeases(runSeconds: number): Promise<void> {
    await this.db.executeSql(
      `UPDATE ${JOBS_SCHEMA}.job SET expire_in = $1 * interval '1 second',
         started_on = now() - $1 * interval '1 second' - interval '1 second'
       WHERE state = 'active'`,
      [runSeconds],
    );
    await this.giveFullTime(runSeconds);
  }

  /** Jobs waiting for a run get the kind's full time (see `endAllLeases`). */
  async giveFullTime(runSeconds: number): Promise<void> {
    await this.db.executeSql(
      `UPDATE ${JOBS_SCHEMA}.job SET expire_in = $1 * interval '1 second'
       WHERE state < 'active' AND expire_in <> $1 * interval '1 second'`,
      [runSeconds],
    );
  }
}
