/**
 * `pnpm bench proxies` (import part): one `proxies.add` of 100,000 lines over real HTTP, parse and insert included,
 * on embedded PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a Postgres database, on Postgres.
 * Targets: under 5 s on PGlite, under 3 s on Postgres. Prints figures; asserts nothing.
 */
import { authHeaders, proxyLines, startBenchServer } from './_proxies-server.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);
const COUNT = Number(process.env.BENCH_PROXY_LINES ?? 100_000);

async function importOnce(label: string, databaseUrl: string | null, target: number): Promise<void> {
  const server = await startBenchServer(databaseUrl);
  try {
    const text = proxyLines(COUNT).join('\n');
    const started = performance.now();
    const res = await fetch(`${server.base}/api/proxies`, {
      method: 'POST',
      headers: authHeaders(server.token),
      body: JSON.stringify({ proxies: text }),
    });
    const body = (await res.json()) as { data?: { addedIds: number[] }; error?: unknown };
    const seconds = (performance.now() - started) / 1000;
    if (!body.data) throw new Error(`import failed: ${JSON.stringify(body.error)}`);
    const mib = (Buffer.byteLength(text) / 1024 / 1024).toFixed(1);
    print(
      `import ${label}: ${body.data.addedIds.length.toLocaleString('en')} of ${COUNT.toLocaleString('en')} lines (${mib} MiB) in ${seconds.toFixed(2)} s ` +
        `(${Math.round(COUNT / seconds).toLocaleString('en')} lines/s; target < ${target} s: ${seconds < target ? 'met' : 'MISSED'})`,
    );
  } finally {
    await server.stop();
  }
}

if (process.env.BENCH_PGLITE !== '0') await importOnce('PGlite', null, 5);
const postgres = process.env.BENCH_DATABASE_URL?.trim() || null;
if (postgres) await importOnce('Postgres', postgres, 3);
else print('import Postgres: skipped (no Postgres: set BENCH_DATABASE_URL or install Postgres)');
