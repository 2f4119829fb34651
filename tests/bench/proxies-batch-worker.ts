// The server side of the batch benchmark; runs inside packages/server (for its dependencies). See proxies-batch.mjs.
import { randomBytes, randomUUID } from 'node:crypto';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config/config.ts';
import { IN_MEMORY, openDatabase } from '../../packages/server/src/db/database.ts';
import { proxies, users } from '../../packages/server/src/db/schema.ts';
import { startBlackhole, startLiveFixtures } from './_proxy-fixtures.mjs';

const TOTAL = Number(process.env.BENCH_PROXIES ?? 10_000);
const DEAD_SHARE = Number(process.env.BENCH_DEAD_SHARE ?? 4);
const CONNECT_DEADLINE_MS = 2000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2500);

const config = { ...loadConfig(process.env), port: 0, dataDir: IN_MEMORY, logLevel: 'warn' as const };
const database = await openDatabase(config);
await database.migrate();
const app = await buildApp({ config, database });
const live = await startLiveFixtures(8, Number(process.env.BENCH_FIXTURE_WORKERS ?? 1));
const blackhole = await startBlackhole();
try {
  app.proxyChecks.tune({
    checkUrl: `http://127.0.0.1:${live.judgePort}/ip`,
    connectTimeoutMs: CONNECT_DEADLINE_MS,
    totalTimeoutMs: 5000,
    concurrency: CONCURRENCY,
    // The bench proxies listen on loopback.
    allowPrivateAddresses: true,
  });
  await app.ready();
  const userId = randomUUID();
  await database.db.insert(users).values({
    id: userId,
    email: 'bench@example.test',
    userName: 'bench',
    passwordHash: 'not-used',
  } as typeof users.$inferInsert);
  const rows = await database.db
    .insert(proxies)
    .values(
      Array.from({ length: TOTAL }, (_, i) => ({
        userId,
        protocol: 3,
        host: '127.0.0.1',
        port:
          DEAD_SHARE > 0 && i % DEAD_SHARE === DEAD_SHARE - 1
            ? blackhole.port
            : live.proxyPorts[i % live.proxyPorts.length]!,
        identityHash: randomBytes(16).toString('hex'),
      })),
    )
    .returning({ id: proxies.id, port: proxies.port });
  const dead = rows.filter((row) => row.port === blackhole.port).length;

  const started = performance.now();
  const { batchId } = await app.proxyChecks.service.start(userId, { ids: rows.map((row) => row.id) });
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
  const concurrency = Math.min(CONCURRENCY, TOTAL);
  const floorS = Math.max(1, dead / concurrency) * (CONNECT_DEADLINE_MS / 1000);
  const rate = TOTAL / wallS;
  console.log(
    `batch job on ${database.kind}: ${TOTAL} proxies (${dead} blackholed), concurrency ${concurrency}, connect deadline 2 s, job ${state?.state}`,
  );
  console.log(`results stored and announced as events: ${announced} of ${TOTAL}`);
  console.log(
    `wall ${wallS.toFixed(2)} s (request to job completed), ${rate.toFixed(0)} checks/s (target >= 2000): ${rate >= 2000 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `floor dead/concurrency x deadline = ${floorS.toFixed(2)} s; wall/floor = ${(wallS / floorS).toFixed(2)} (target <= 1.5): ${wallS / floorS <= 1.5 ? 'met' : 'MISSED'}`,
  );
} finally {
  await app.close();
  await database.close();
  await blackhole.close();
  await live.close();
}
