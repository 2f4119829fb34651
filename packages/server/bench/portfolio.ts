/**
 * `pnpm bench portfolio`: the portfolio over 200 accounts of 1,000 cached items each (200,000 rows) of one user.
 * `portfolio.query` over real HTTP with 20 clients: the first grouped page (target p95 under 100 ms) and a mix of
 * filter changes (target p95 under 150 ms), on embedded PGlite and on Postgres (BENCH_DATABASE_URL), then the
 * server's RSS, with the garbage collector's pauses and the heap after each load. Each load is measured after a
 * warm-up run of the same requests (BENCH_WARMUP_REQUESTS, printed, not counted): the server's code is compiled
 * by then, as in a server that has run for more than a few seconds. Items are seeded with SQL
 * (2,000 item names, a tenth of CS2 items under Trade Protection, some reference prices). Prints figures beside
 * their targets; asserts nothing. After the loads on each database, a full refresh of 200 sandbox accounts'
 * inventories against the per-proxy budget (`_portfolio-refresh.ts`).
 */
import { loadavg } from 'node:os';
import { watchGcPauses } from './_gc-pauses.ts';
import { measureRefresh } from './_portfolio-refresh.ts';
import { ACCOUNTS, ITEMS, portfolioMix, seed } from './_portfolio-seed.ts';
import { postgresCpuClock } from './_postgres-cpu.ts';
import { authHeaders, benchFetch, latestUser, startBenchServer } from './_proxies-server.ts';
import { describeLoad, runQueryLoad } from './_query-load.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const REQUESTS = Number(process.env.BENCH_QUERY_REQUESTS ?? 600);
const MAX_SECONDS = Number(process.env.BENCH_QUERY_SECONDS ?? 45);
/**
 * A cold server spends twice the CPU a request for its first thousand or so (V8 has not optimised the request
 * path yet): 3.2-3.3 ms against 1.7-1.8 ms on PGlite, measured in one process, run after run.
 */
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP_REQUESTS ?? 1_500);
const FIRST_PAGE_TARGET_MS = 100;
const FILTER_TARGET_MS = 150;

async function measure(label: string, databaseUrl: string | null) {
  const server = await startBenchServer(databaseUrl);
  try {
    const seeded = performance.now();
    const ids = await seed(server.db, await latestUser(server.db));
    print(
      `${label}: seeded ${(ACCOUNTS * ITEMS).toLocaleString('en')} items in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const databaseCpu = databaseUrl ? await postgresCpuClock(server.db) : null;
    const load = (bodies: unknown[]) => ({
      base: server.base,
      token: server.token,
      path: '/api/portfolio/query',
      bodies,
      clients: CLIENTS,
      requests: REQUESTS,
      maxSeconds: MAX_SECONDS,
      perClientPerSecond: 0,
    });
    const { firstPage, filters } = portfolioMix(ids);
    for (const body of [...firstPage, ...filters]) {
      const started = performance.now();
      const res = await benchFetch(`${server.base}/api/portfolio/query`, {
        method: 'POST',
        headers: authHeaders(server.token),
        body: JSON.stringify(body),
      });
      const data = ((await res.json()) as { data: { total: number; items: unknown[] } }).data;
      print(
        `  ${JSON.stringify(body)}: total ${data.total}, first answer ${(performance.now() - started).toFixed(1)} ms`,
      );
    }
    const heading = `portfolio.query ${label}: ${ACCOUNTS} accounts x ${ITEMS.toLocaleString('en')} items, ${CLIENTS} clients`;
    for (const [what, bodies, target] of [
      ['first grouped page', firstPage, FIRST_PAGE_TARGET_MS],
      ['filter changes', filters, FILTER_TARGET_MS],
    ] as const) {
      if (WARMUP_REQUESTS > 0) {
        const warmUp = await runQueryLoad({ ...load(bodies), requests: WARMUP_REQUESTS }, databaseCpu);
        print(`  warm-up, not counted: ${describeLoad(what, warmUp, target)}`);
      }
      const gc = watchGcPauses();
      print(describeLoad(`${heading}, ${what}`, await runQueryLoad(load(bodies), databaseCpu), target));
      print(gc());
    }
    print(
      `server RSS ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB (load average ${loadavg()[0]!.toFixed(1)})`,
    );
  } finally {
    await server.stop();
  }
}

if (process.env.BENCH_PGLITE !== '0') {
  await measure('PGlite', null);
  await measureRefresh('PGlite', null);
}
const postgres = process.env.BENCH_DATABASE_URL?.trim() || null;
if (postgres) {
  await measure('Postgres', postgres);
  await measureRefresh('Postgres', postgres);
} else print('Postgres: skipped (no Postgres: set BENCH_DATABASE_URL or install Postgres)');
