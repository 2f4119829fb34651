import type { Database } from '../db/database.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { OpsRepo } from './repo.ts';

/** How long `/readyz` waits for the database before calling it unreachable (a supervisor's probe is short). */
const PROBE_TIMEOUT_MS = 2_000;

export interface Readiness {
  ready: boolean;
  database: boolean;
  migrations: boolean;
  jobs: boolean;
}

/**
 * Ready to take traffic: the database answers, every migration the server ships has run, and the job queue runs.
 * A database the server already knows is unreachable is not asked again (its own probe notices the return).
 */
export async function readiness(
  database: Database,
  repo: OpsRepo,
  shipped: number,
  jobs: Pick<Jobs, 'running'>,
): Promise<Readiness> {
  const applied = database.health.reachable ? await withTimeout(repo.appliedMigrations()) : null;
  const checks = {
    database: applied !== null,
    migrations: applied !== null && applied >= shipped,
    jobs: jobs.running(),
  };
  return { ready: checks.database && checks.migrations && checks.jobs, ...checks };

  async function withTimeout(query: Promise<number>): Promise<number | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), PROBE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([
        query.catch((error: unknown) => {
          // A cut connection marks the database unreachable: requests answer 503 until its probe succeeds.
          database.health.observe(error);
          return null;
        }),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
