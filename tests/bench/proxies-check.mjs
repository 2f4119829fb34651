// Check throughput on loopback: 10,000 proxies, a quarter of them blackholed, 2 s connect deadline.
// Targets: at least 2,000 checks/s, and a total time within 1.5x of dead / concurrency x deadline (the floor set by
// the dead proxies). The checker is TypeScript source, loaded through tsx's API (a devDependency of the server), so
// no build is needed. Live proxies are SOCKS5 servers tunnelling to an IP-echo judge, both in a worker thread.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startBlackhole, startLiveFixtures } from './_proxy-fixtures.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TOTAL = Number(process.env.BENCH_PROXIES ?? 10_000);
const CONNECT_DEADLINE_MS = 2000;
// One proxy in DEAD_SHARE is blackholed (a quarter by default; 0 for none).
const DEAD_SHARE = Number(process.env.BENCH_DEAD_SHARE ?? 4);
const TOTAL_DEADLINE_MS = 5000;
// Each live check holds four descriptors on loopback (client, proxy side, proxy to judge, judge side).
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2500);

async function loadChecker() {
  const requireFromServer = createRequire(`${root}packages/server/package.json`);
  const tsxDir = dirname(requireFromServer.resolve('tsx/package.json'));
  const { tsImport } = await import(pathToFileURL(join(tsxDir, 'dist/esm/api/index.mjs')).href);
  return tsImport(`${root}packages/server/src/integrations/proxy-checker/index.ts`, import.meta.url);
}

export async function run() {
  const checker = await loadChecker();
  const live = await startLiveFixtures(8, Number(process.env.BENCH_FIXTURE_WORKERS ?? 1));
  const blackhole = await startBlackhole();
  try {
    const target = await checker.prepareCheckTarget(`http://127.0.0.1:${live.judgePort}/ip`);
    const proxies = Array.from({ length: TOTAL }, (_, i) => ({
      protocol: 3,
      host: '127.0.0.1',
      port:
        DEAD_SHARE > 0 && i % DEAD_SHARE === DEAD_SHARE - 1
          ? blackhole.port
          : live.proxyPorts[i % live.proxyPorts.length],
      credentials: null,
    }));
    const dead = proxies.filter((proxy) => proxy.port === blackhole.port).length;
    const classes = new Map();
    const latencies = [];
    const cpuBefore = process.cpuUsage();
    const eluBefore = performance.eventLoopUtilization();
    const started = performance.now();
    const summary = await checker.checkMany(proxies, target, {
      allowPrivateAddresses: true,
      connectTimeoutMs: CONNECT_DEADLINE_MS,
      totalTimeoutMs: TOTAL_DEADLINE_MS,
      concurrency: CONCURRENCY,
      onResult: (outcome) => {
        const key = outcome.errorClass ?? 'valid';
        classes.set(key, (classes.get(key) ?? 0) + 1);
        if (outcome.latencyMs !== null) latencies.push(outcome.latencyMs);
      },
    });
    const wallS = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const elu = performance.eventLoopUtilization(eluBefore);
    const floorS = Math.max(1, dead / summary.concurrency) * (CONNECT_DEADLINE_MS / 1000);
    latencies.sort((a, b) => a - b);
    const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
    const rate = summary.checked / wallS;
    console.log(
      `proxies: ${TOTAL} (${dead} blackholed), concurrency ${summary.concurrency}, connect deadline 2 s`,
    );
    console.log(`results: ${[...classes].map(([k, v]) => `${k} ${v}`).join(', ')}`);
    console.log(
      `wall ${wallS.toFixed(2)} s, ${rate.toFixed(0)} checks/s (target >= 2000): ${rate >= 2000 ? 'met' : 'MISSED'}`,
    );
    console.log(
      `floor dead/concurrency x deadline = ${floorS.toFixed(2)} s; wall/floor = ${(wallS / floorS).toFixed(2)} (target <= 1.5): ${wallS / floorS <= 1.5 ? 'met' : 'MISSED'}`,
    );
    console.log(
      `live latency p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms; CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s (process, fixtures included); checker event loop busy ${(elu.utilization * 100).toFixed(0)}%`,
    );
  } finally {
    await blackhole.close();
    await live.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();
