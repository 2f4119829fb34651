import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { withoutQueryValues } from '../log-safe-error.ts';
import { Counter, gauge, Histogram } from './metric-types.ts';
import { outsideCallErrors, outsideCalls } from './outside-calls.ts';
import { type Family, renderText } from './prometheus-text.ts';
import type { OpsRepo } from './repo.ts';

/** The request counters of one app: rates and latencies per operation (its route, never the raw path). */
export function recordRequests(app: FastifyInstance): () => Family[] {
  const requests = new Counter(
    'tradedeck_http_requests_total',
    'HTTP requests by operation, method and status class.',
  );
  const latency = new Histogram(
    'tradedeck_http_request_duration_seconds',
    'Time from request to answer by operation, in seconds.',
  );
  app.addHook('onResponse', async (request, reply) => {
    // A path no route matched is one series: raw paths would make a series per scanner's guess.
    const operation = request.routeOptions.url ?? 'unmatched';
    requests.inc({ operation, method: request.method, status: `${Math.floor(reply.statusCode / 100)}xx` });
    latency.observe({ operation }, reply.elapsedTime / 1000);
  });
  return () => [requests.family(), latency.family()];
}

/** The whole scrape: this process's counters, then what the database says of queues and limiters. */
export async function scrape(
  app: FastifyInstance,
  database: Database,
  repo: OpsRepo,
  requestFamilies: () => Family[],
): Promise<string> {
  const families: Family[] = [
    ...requestFamilies(),
    outsideCalls.family(),
    outsideCallErrors.family(),
    gauge('tradedeck_hub_connections', 'Live hub connections on this process.', [
      { labels: {}, value: app.hubs.server.connections.size },
    ]),
    gauge('tradedeck_database_reachable', '1 while the database answers, 0 while it does not.', [
      { labels: {}, value: database.health.reachable ? 1 : 0 },
    ]),
    gauge('tradedeck_jobs_running', '1 while this process takes and runs jobs.', [
      { labels: {}, value: app.jobs.running() ? 1 : 0 },
    ]),
  ];
  // While the database is away its series are left out rather than reported as zero.
  if (database.health.reachable) {
    try {
      const [depths, limiters] = await Promise.all([repo.queueDepths(), repo.limiterStates(Date.now())]);
      families.push(
        gauge(
          'tradedeck_job_queue_depth',
          'Jobs waiting (created, retry) or running (active), per queue.',
          depths.map((row) => ({ labels: { queue: row.queue, state: row.state }, value: row.jobs })),
        ),
        gauge(
          'tradedeck_limiter_keys',
          'Keys of the shared limiters in each state (Steam sign-in spacing and rests, market key pacing, request counters).',
          limiters.map((row) => ({ labels: { limiter: row.limiter, state: row.state }, value: row.keys })),
        ),
      );
    } catch (error) {
      database.health.observe(error);
      app.log.warn({ err: withoutQueryValues(error) }, 'metrics: the database part of the scrape failed');
    }
  }
  return renderText(families);
}
