// The server side of the slow-fleet benchmark; runs inside packages/server (for its dependencies). See
// proxies-slow-fleet.mjs.
import { randomBytes, randomUUID } from 'node:crypto';
import { buildApp } from '../../packages/server/src/app.ts';
import { loadConfig } from '../../packages/server/src/config/config.ts';
import { IN_MEMORY, openDatabase } from '../../packages/server/src/db/database.ts';
import { proxies, users } from '../../packages/server/src/db/schema.ts';
import {
  checkConcurrency,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_TOTAL_TIMEOUT_MS,
} from '../../packages/server/src/integrations/proxy-checker/index.ts';
import { startSlowFixtures } from './_proxy-fixtures.mjs';

const TOTAL = Number(process.env.BENCH_PROXIES ?? 3000);
const HANG_UP_MIN_MS = 8000;
const HANG_UP_MAX_MS = 14_000;
const FIXTURE_PROCESSES = Number(process.env.BENCH_FIXTURE_PROCESSES ?? 2);
const MARGIN = 1.25;

const config = { ...loadConfig(process.env), port: 0, dataDir: IN_MEMORY, logLevel: 'warn' as const };
const database = await openDatabase(config);
await database.migrate();
const app = await buildApp({ config, database });
const fleet = await startSlowFixtures(16, FIXTURE_PROCESSES, HANG_UP_MIN_MS, HANG_UP_MAX_MS);
try {
  app.proxyChecks.tune({
    checkUrl: `http://127.0.0.1:${fleet.judgePort}/ip`,
    connectTimeoutMs: DEFAULT_CONNECT_TIMEOUT_MS,
    totalTimeoutMs: DEFAULT_TOTAL_TIMEOUT_MS,
    // The fleet listens on loopback.
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
        port: fleet.proxyPorts[i % fleet.proxyPorts.length]!,
        identityHash: randomBytes(16).toString('hex'),
      })),
    )
    .returning({ id: proxies.id });
  // What the batch will be given: the default concurrency, within the descriptors free now.
  const concurrency = Math.min(checkConcurrency(), TOTAL);

  const started = performance.now();
  const { batchId } = await app.proxyChecks.service.start(userId, { ids: rows.map((row) => row.id) });
  let state = await app.jobs.state('proxy-checks', batchId);
  while (state?.state !== 'completed' && state?.state !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    state = await app.jobs.state('proxy-checks', batchId);
  }
  const wallS = (performance.now() - started) / 1000;
  const announced = await app.hubs.eventLog.headVersion({
    userId,
    hub: 'proxy-checker-hub',
    sourceId: 'proxies',
  });
  const floorS = Math.ceil(TOTAL / concurrency) * (DEFAULT_TOTAL_TIMEOUT_MS / 1000);
  const limitS = floorS * MARGIN;
  console.log(
    `slow fleet on ${database.kind}: ${TOTAL} proxies hanging up after ${HANG_UP_MIN_MS / 1000}-${HANG_UP_MAX_MS / 1000} s, concurrency ${concurrency}, deadlines ${DEFAULT_CONNECT_TIMEOUT_MS / 1000} s / ${DEFAULT_TOTAL_TIMEOUT_MS / 1000} s, job ${state?.state}`,
  );
  console.log(`results stored and announced: ${announced} of ${TOTAL}`);
  console.log(
    `wall ${wallS.toFixed(1)} s; floor ceil(n/C) x T = ${floorS.toFixed(1)} s; limit floor + 25 % = ${limitS.toFixed(1)} s: ${wallS <= limitS && announced >= TOTAL ? 'met' : 'MISSED'}`,
  );
} finally {
  await app.close();
  await database.close();
  await fleet.close();
}
