import { timingSafeEqual } from 'node:crypto';
import { HttpStatus } from '@tradedeck/sdk/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import { recordRequests, scrape } from './metrics.ts';
import { readiness } from './readiness.ts';
import { OpsRepo, shippedMigrations } from './repo.ts';

const PROMETHEUS_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/**
 * The endpoints of supervisors and load balancers: `/healthz` (the process answers), `/readyz` (database,
 * migrations, jobs) and `/metrics` (Prometheus text, behind TRADEDECK_METRICS_TOKEN; 404 without it).
 * Register before the modules, so that every route's requests are counted.
 */
export function registerOps(
  app: FastifyInstance,
  options: { config: Pick<ServerConfig, 'metricsToken'>; database: Database },
): void {
  const { database } = options;
  const repo = new OpsRepo(database.db);
  const shipped = shippedMigrations();
  const requestFamilies = recordRequests(app);
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.get('/healthz', async (_request, reply) => noStore(reply).type('text/plain').send('ok\n'));

  app.get('/readyz', async (_request, reply) => {
    const state = await readiness(database, repo, shipped, app.jobs);
    return noStore(reply)
      .code(state.ready ? HttpStatus.Ok : HttpStatus.ServiceUnavailable)
      .send(state);
  });

  const token = options.config.metricsToken ? Buffer.from(`Bearer ${options.config.metricsToken}`) : null;
  app.get('/metrics', async (request, reply) => {
    noStore(reply);
    if (!token) return reply.code(HttpStatus.NotFound).type('text/plain').send('Not found\n');
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== token.length || !timingSafeEqual(given, token)) {
      return reply
        .code(HttpStatus.Unauthorized)
        .header('www-authenticate', 'Bearer realm="tradedeck-metrics"')
        .type('text/plain')
        .send('The metrics need the token set in TRADEDECK_METRICS_TOKEN: Authorization: Bearer <token>\n');
    }
    return reply.type(PROMETHEUS_TYPE).send(await scrape(app, database, repo, requestFamilies));
  });
}
