// The server side of the slow-fleet benchmark; runs inside packages/server (for its dependencies). See
// proxies-slow-fleet.mjs.
import {
  checkConcurrency,
  checkMany,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_TOTAL_TIMEOUT_MS,
  prepareCheckTarget,
} from '../../packages/server/src/integrations/proxy-checker/index.ts';
import { startBatchApp } from './_proxy-batch-app.ts';
import { startSlowFixtures } from './_proxy-fixtures.mjs';

const TOTAL = Number(process.env.BENCH_PROXIES ?? 3000);
const HANG_UP_MIN_MS = 8000;
const HANG_UP_MAX_MS = 14_000;
const FIXTURE_PROCESSES = Number(process.env.BENCH_FIXTURE_PROCESSES ?? 2);
const MARGIN = 1.25;

const fleet = await startSlowFixtures(16, FIXTURE_PROCESSES, HANG_UP_MIN_MS, HANG_UP_MAX_MS);
// The product's deadlines and its default concurrency.
const server = await startBatchApp({
  checkUrl: `http://127.0.0.1:${fleet.judgePort}/ip`,
  connectTimeoutMs: DEFAULT_CONNECT_TIMEOUT_MS,
  totalTimeoutMs: DEFAULT_TOTAL_TIMEOUT_MS,
});
try {
  const rows = await server.store(
    Array.from({ length: TOTAL }, (_, i) => fleet.proxyPorts[i % fleet.proxyPorts.length]!),
  );
  // What the batch will be given: the default concurrency, within the descriptors free now.
  const concurrency = Math.min(checkConcurrency(), TOTAL);
  const floorS = Math.ceil(TOTAL / concurrency) * (DEFAULT_TOTAL_TIMEOUT_MS / 1000);
  const limitS = floorS * MARGIN;
  const verdict = (wall: number, done: number) => (wall <= limitS && done >= TOTAL ? 'met' : 'MISSED');

  // The checker alone on the same fleet: its own pace, with nothing stored.
  const target = await prepareCheckTarget(`http://127.0.0.1:${fleet.judgePort}/ip`);
  const bareStarted = performance.now();
  const bare = await checkMany(
    Array.from({ length: TOTAL }, (_, i) => ({
      protocol: 3 as const,
      host: '127.0.0.1',
      port: fleet.proxyPorts[i % fleet.proxyPorts.length]!,
      credentials: null,
    })),
    target,
    {
      allowPrivateAddresses: true,
      connectTimeoutMs: DEFAULT_CONNECT_TIMEOUT_MS,
      totalTimeoutMs: DEFAULT_TOTAL_TIMEOUT_MS,
    },
  );
  const bareS = (performance.now() - bareStarted) / 1000;
  const { state, wallS, announced } = await server.check(rows.map((row) => row.id));
  console.log(
    `slow fleet on ${server.kind}: ${TOTAL} proxies hanging up after ${HANG_UP_MIN_MS / 1000}-${HANG_UP_MAX_MS / 1000} s, concurrency ${concurrency}, deadlines ${DEFAULT_CONNECT_TIMEOUT_MS / 1000} s / ${DEFAULT_TOTAL_TIMEOUT_MS / 1000} s, job ${state}`,
  );
  console.log(`floor ceil(n/C) x T = ${floorS.toFixed(1)} s; limit floor + 25 % = ${limitS.toFixed(1)} s`);
  console.log(
    `checker alone: wall ${bareS.toFixed(1)} s, ${bare.checked} judged, slowdowns ${bare.slowdowns}, re-checked ${bare.rechecked}: ${verdict(bareS, bare.checked)}`,
  );
  console.log(
    `through the job, every result stored and announced (${announced} of ${TOTAL}): wall ${wallS.toFixed(1)} s: ${verdict(wallS, announced)}`,
  );
} finally {
  await server.close();
  await fleet.close();
}
// Everything is closed and no handle is left, yet a natural exit never ends: Node's teardown
// (FreeEnvironment → CleanupHandles) spins on a request it still counts for one of the checker's sockets to the
// fleet's silent proxies. The benchmark ends itself, as the server's own entry point does on a stop.
process.exit(process.exitCode ?? 0);
