// The server of the batch benchmarks (proxies-batch-worker.ts, proxies-slow-fleet-worker.ts): the app on in-memory
// PGlite (DATABASE_URL selects Postgres), one user, its proxies stored directly, and a check job run to its end.
import { randomBytes, randomUUID } from 'node:crypto';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config/config.ts';
import { IN_MEMORY, openDatabase } from '../../packages/server/src/db/database.ts';
import { proxies, users } from '../../packages/server/src/db/schema.ts';
import type { ProxyCheckSettings } from '../../packages/server/src/modules/proxy-checks/run-batch.ts';

export async function startBatchApp(settings: Partial<ProxyCheckSettings>) {
  const config = { ...loadConfig(process.env), port: 0, dataDir: IN_MEMORY, logLevel: 'warn' as const };
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, database });
  // The bench proxies listen on loopback.
  app.proxyChecks.tune({ ...settings, allowPrivateAddresses: true });
  await app.ready();
  const userId = randomUUID();
  await database.db.insert(users).values({
    id: userId,
    email: 'bench@example.test',
    userName: 'bench',
    passwordHash: 'not-used',
  } as typeof users.$inferInsert);
  return {
    kind: database.kind,
    /** Stores one SOCKS5 proxy on 127.0.0.1 per port given; answers their ids and ports. */
    store: (ports: number[]) =>
      database.db
        .insert(proxies)
        .values(
          ports.map((port) => ({
            userId,
            protocol: 3,
            host: '127.0.0.1',
            port,
            identityHash: randomBytes(16).toString('hex'),
          })),
        )
        .returning({ id: proxies.id, port: proxies.port }),
    /** Asks for a check of `ids` and waits for the job to end: its state, the wall and the results announced. */
    async check(ids: number[]) {
      const started = performance.now();
      const { batchId } = await app.proxyChecks.service.start(userId, { ids });
      let state = await app.jobs.state('proxy-checks', batchId);
      while (state?.state !== 'completed' && state?.state !== 'failed') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        state = await app.jobs.state('proxy-checks', batchId);
      }
      const wallS = (performance.now() - started) / 1000;
      const announced = await app.hubs.eventLog.headVersion({
        userId,
        hub: 'proxy-checker-hub',
        sourceId: 'proxies',
      });
      return { state: state?.state, wallS, announced };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
