import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { UserScope } from '../../security/user-scope.ts';
import { IdempotencyGate } from './gate.ts';
import { IdempotencyRepo } from './repo.ts';

export { type KeyedCallSettled, keyedCallSettled, markActing } from './acting.ts';

/** How often expired keys are purged. */
const PURGE_EVERY_MS = 10 * 60_000;

export interface IdempotencyDeps {
  database: Database;
  /** The key of the request hashes (derived from the master key). */
  hashKey: Buffer;
  now: () => number;
}

/**
 * The `Idempotency-Key` gate every operation flagged `idempotent` passes through (http/bind-operation.ts), and
 * the periodic purge of keys older than their 24 hours.
 */
export function registerIdempotency(app: FastifyInstance, { database, hashKey, now }: IdempotencyDeps): void {
  const repo = new IdempotencyRepo(database.db, new UserScope(database.db));
  const gate = new IdempotencyGate(repo, hashKey, now);
  app.decorate('idempotent', (request, op, userId, input, guard, work) =>
    gate.run(request, op, userId, input, guard, work),
  );
  const timer = setInterval(() => {
    if (!database.health.reachable) return;
    repo
      .purge(new Date(now()))
      .catch((error: unknown) => app.log.warn({ err: error }, 'idempotency key purge failed'));
  }, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('preClose', async () => clearInterval(timer));
}
