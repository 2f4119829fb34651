// The server side of the batch benchmark; runs inside packages/server (for its dependencies). See proxies-batch.mjs.
import { startBatchApp } from './_proxy-batch-app.ts';
import { startBlackhole, startLiveFixtures } from './_proxy-fixtures.mjs';

const TOTAL = Number(process.env.BENCH_PROXIES ?? 10_000);
const DEAD_SHARE = Number(process.env.BENCH_DEAD_SHARE ?? 4);
const CONNECT_DEADLINE_MS = 2000;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2500);

const live = await startLiveFixtures(8, Number(process.env.BENCH_FIXTURE_WORKERS ?? 1));
const blackhole = await startBlackhole();
const server = await startBatchApp({
  checkUrl: `http://127.0.0.1:${live.judgePort}/ip`,
  connectTimeoutMs: CONNECT_DEADLINE_MS,
  totalTimeoutMs: 5000,
  concurrency: CONCURRENCY,
});
try {
  const rows = await server.store(
    Array.from({ length: TOTAL }, (_, i) =>
      DEAD_SHARE > 0 && i % DEAD_SHARE === DEAD_SHARE - 1
        ? blackhole.port
        : live.proxyPorts[i % live.proxyPorts.length]!,
    ),
  );
  const dead = rows.filter((row) => row.port === blackhole.port).length;
  const { state, wallS, announced } = await server.check(rows.map((row) => row.id));
  const concurrency = Math.min(CONCURRENCY, TOTAL);
  const floorS = Math.max(1, dead / concurrency) * (CONNECT_DEADLINE_MS / 1000);
  const rate = TOTAL / wallS;
  console.log(
    `batch job on ${server.kind}: ${TOTAL} proxies (${dead} blackholed), concurrency ${concurrency}, connect deadline 2 s, job ${state}`,
  );
  console.log(`results stored and announced as events: ${announced} of ${TOTAL}`);
  console.log(
    `wall ${wallS.toFixed(2)} s (request to job completed), ${rate.toFixed(0)} checks/s (target >= 2000): ${rate >= 2000 ? 'met' : 'MISSED'}`,
  );
  console.log(
    `floor dead/concurrency x deadline = ${floorS.toFixed(2)} s; wall/floor = ${(wallS / floorS).toFixed(2)} (target <= 1.5): ${wallS / floorS <= 1.5 ? 'met' : 'MISSED'}`,
  );
} finally {
  await server.close();
  await blackhole.close();
  await live.close();
}
