/**
 * `pnpm bench proxies-processes`: throughput of `proxies.query` (the proxies list) with one, two and three server
 * processes on one Postgres, side by side in one run. Three processes are started once on a database seeded with
 * one user's proxies; then the same load (CLIENTS clients back to back, the query mix of `pnpm bench proxies`) goes
 * through a loopback round-robin balancer over the first one, two and three of them. Needs BENCH_DATABASE_URL.
 * Prints figures; asserts nothing.
 */
import { loadavg } from 'node:os';
import { spawnServer } from '../test/helpers/spawn-server.ts';
import { freePort, RoundRobinFront } from '../test/ops/round-robin-front.ts';
import { latestUser, seededQueryMix, seedProxies, startBenchServer } from './_proxies-server.ts';
import { percentile, runQueryLoad } from './_query-load.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);
const COUNT = Number(process.env.BENCH_PROXY_LINES ?? 100_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 48);
const REQUESTS = Number(process.env.BENCH_QUERY_REQUESTS ?? 3_000);
const MAX_SECONDS = Number(process.env.BENCH_QUERY_SECONDS ?? 60);
/** The key the seeding server signed the token with: every process must share it to accept the token. */
const MASTER_KEY = Buffer.alloc(32, 7).toString('base64');

const databaseUrl = process.env.BENCH_DATABASE_URL?.trim();
if (!databaseUrl) {
  print('proxies by processes: skipped (no Postgres: set BENCH_DATABASE_URL or install Postgres)');
  process.exit(0);
}

// Seeded and signed in through a server in this process, which then stops: the load goes to the three below.
const seeding = await startBenchServer(databaseUrl);
await seedProxies(seeding.db, await latestUser(seeding.db), COUNT);
const bodies = await seededQueryMix(seeding.db, COUNT);
const token = seeding.token;
await seeding.stop();

const ports = [await freePort(), await freePort(), await freePort()];
const servers = ports.map((port) =>
  spawnServer({
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    TRADEDECK_MASTER_KEY: MASTER_KEY,
    TRADEDECK_DATA_DIR: 'memory://',
    LOG_LEVEL: 'warn',
  }),
);
try {
  await Promise.all(servers.map((server) => server.ready));
  const rows: string[] = [];
  for (const processes of [1, 2, 3]) {
    const front = new RoundRobinFront(ports.slice(0, processes));
    const base = await front.listen();
    try {
      const load = {
        base,
        token,
        path: '/api/proxies/query',
        bodies,
        clients: CLIENTS,
        maxSeconds: MAX_SECONDS,
      };
      await runQueryLoad({ ...load, requests: CLIENTS * 2, perClientPerSecond: 0 }); // warm: plans, caches
      const result = await runQueryLoad({ ...load, requests: REQUESTS, perClientPerSecond: 0 });
      const line =
        `${processes} process${processes > 1 ? 'es' : ''}: ${Math.round(result.latencies.length / result.seconds)} queries/s,` +
        ` p50 ${percentile(result.latencies, 50).toFixed(1)} ms, p95 ${percentile(result.latencies, 95).toFixed(1)} ms` +
        ` (connections per process ${front.served.join('/')}, load average ${loadavg()[0]!.toFixed(1)})`;
      rows.push(line);
      print(line);
    } finally {
      await front.close();
    }
  }
  print(
    `proxies list by processes on one Postgres, ${COUNT.toLocaleString('en')} proxies, ${CLIENTS} clients back to back:`,
  );
  for (const row of rows) print(`  ${row}`);
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}
