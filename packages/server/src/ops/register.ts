import { timingSafeEqual } from 'node:crypto';
import { HttpStatus } from '@tradedeck/sdk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config/config.ts';
import type { Database } from '../db/database.ts';
import { recordRequests, scrape } from './metrics.ts';
import { pgliteBackup } from './pglite-backup.ts';
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
  options: { config: Pick<ServerConfig, 'metricsToken' | 'backupToken'>; database: Database },
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

  const metrics = bearerCheck(options.config.metricsToken, 'TRADEDECK_METRICS_TOKEN');
  app.get('/metrics', async (request, reply) => {
    if (!metrics(request, noStore(reply))) return reply;
    return reply.type(PROMETHEUS_TYPE).send(await scrape(app, database, repo, requestFamilies));
  });

  // A consistent copy of the embedded database while the server runs (the `backup` command needs it stopped).
  const backup = bearerCheck(options.config.backupToken, 'TRADEDECK_BACKUP_TOKEN');
  app.get('/ops/backup', async (request, reply) => {
    if (!backup(request, noStore(reply))) return reply;
    if (database.kind !== 'pglite') {
      return reply
        .code(HttpStatus.NotFound)
        .type('text/plain')
        .send('On Postgres, back up with pg_dump (docs/operations.md, "Backups")\n');
    }
    const bytes = await pgliteBackup(database);
    return reply
      .type('application/gzip')
      .header('content-disposition', 'attachment; filename="tradedeck-backup.tar.gz"')
      .send(Buffer.from(bytes));
  });
}

/**
 * An operator endpoint's token check: without the configured token the endpoint does not exist (404); a missing or
 * wrong token answers 401 naming the variable. Compared in constant time.
 */
function bearerCheck(
  configured: string | null | undefined,
  variable: string,
): (request: FastifyRequest, reply: FastifyReply) => boolean {
  const expected = configured ? Buffer.from(`Bearer ${configured}`) : null;
  return (request, reply) => {
    if (!expected) {
      reply.code(HttpStatus.NotFound).type('text/plain').send('Not found\n');
      return false;
    }
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
    reply
      .code(HttpStatus.Unauthorized)
      .header('www-authenticate', 'Bearer')
      .type('text/plain')
      .send(`This needs the token set in ${variable}: Authorization: Bearer <token>\n`);
    return false;
  };
}
