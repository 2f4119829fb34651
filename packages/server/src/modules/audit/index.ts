import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { UserScope } from '../../security/user-scope.ts';
import { AuditRepo } from './repo.ts';
import { auditRoutes } from './routes.ts';
import { AuditService } from './service.ts';

/** How often entries past their workspace's retention are pruned. */
const PRUNE_EVERY_MS = 60 * 60_000;

export interface AuditDeps {
  database: Database;
  now: () => number;
}

export interface AuditApi {
  /** Deletes the entries past their retention now; the server also does it every hour. */
  prune(): Promise<number>;
}

/**
 * The audit log: the writer every bound operation's change uses (http/bind-operation.ts writes the entry in the
 * change's transaction, security/user-scope.ts), the owner's list, export and retention, and the hourly prune.
 */
export function registerAudit(app: FastifyInstance, { database, now }: AuditDeps): AuditApi {
  const service = new AuditService(new AuditRepo(database.db, new UserScope(database.db)), now);
  app.decorate('auditWriter', AuditRepo.write);
  auditRoutes(service).bind(app);
  const timer = setInterval(() => {
    if (!database.health.reachable) return;
    service.prune().catch((error: unknown) => app.log.warn({ err: error }, 'audit prune failed'));
  }, PRUNE_EVERY_MS);
  timer.unref();
  app.addHook('preClose', async () => clearInterval(timer));
  return { prune: () => service.prune() };
}
