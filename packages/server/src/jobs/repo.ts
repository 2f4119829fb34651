import type PgBoss from 'pg-boss';
import { JOBS_SCHEMA } from './schema-name.ts';

/** The statements of job leases, on pg-boss's own table (run through pg-boss's connection). */
export class JobLeaseRepo {
  constructor(private readonly db: PgBoss.Db) {}

  /**
   * Extends the lease of one run of a job to `seconds` from now. False when the run no longer holds the job:
   * its lease ran out and the job was taken back (or finished, or was cancelled).
   */
  async renew(queue: string, id: string, run: number, seconds: number): Promise<boolean> {
    const { rows } = await this.db.executeSql(
      `UPDATE ${JOBS_SCHEMA}.job SET expire_in = (now() - started_on) + $4 * interval '1 second'
       WHERE name = $1 AND id = $2::uuid AND state = 'active' AND retry_count = $3
       RETURNING id`,
      [queue, id, run, seconds],
    );
    return rows.length > 0;
  }

  /**
   * Ends the runs that never renewed within a lease of starting (still at the hold they were sent with): their
   * process died between taking the job and its first renewal.
   */
  async endUnrenewed(leaseSeconds: number, holdSeconds: number): Promise<void> {
    await this.db.executeSql(
      `UPDATE ${JOBS_SCHEMA}.job SET expire_in = interval '0'
       WHERE state = 'active' AND expire_in = $1 * interval '1 second'
         AND started_on < now() - $2 * interval '1 second'`,
      [holdSeconds, leaseSeconds],
    );
  }

  /** Marks every active job as out of lease (their process is known to be gone); pg-boss's expiry retries them. */
  async endAllLeases(): Promise<void> {
    await this.db.executeSql(
      `UPDATE ${JOBS_SCHEMA}.job SET expire_in = interval '0' WHERE state = 'active'`,
      [],
    );
  }
}
