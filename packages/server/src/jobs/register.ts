import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import { type Jobs, startJobs } from './jobs.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** Starts the job queue with the app (`app.jobs`) and stops it when the app closes, before the database does. */
export async function registerJobs(
  app: FastifyInstance,
  options: { config: ServerConfig; database: Database },
): Promise<Jobs> {
  const jobs = await startJobs({
    database: options.database,
    databaseUrl: options.config.databaseUrl,
    onError: (error) => app.log.warn({ err: error }, 'job queue error'),
    // One line per run that ended early, so a job run twice can be told from its log (its queue, id and run).
    onRunEnded: (run) =>
      app.log.warn(
        { queue: run.queue, jobId: run.id, run: run.run, err: run.error },
        run.ended === 'failed' ? 'job run failed' : 'job run lost its lease',
      ),
    ...(options.config.jobLeaseSeconds ? { lease: leaseOf(options.config.jobLeaseSeconds) } : {}),
  });
  app.decorate('jobs', jobs);
  // preClose: running jobs save their progress while the database and the hubs are still there.
  app.addHook('preClose', async () => {
    await jobs.stop();
  });
  return jobs;
}

/** A lease of the configured length, renewed and swept three times within it (the default's proportions). */
function leaseOf(leaseSeconds: number) {
  const third = Math.floor((leaseSeconds * 1000) / 3);
  return { leaseSeconds, renewEveryMs: third, sweepEveryMs: third };
}
