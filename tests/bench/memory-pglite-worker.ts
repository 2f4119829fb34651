// The embedded-database half of the memory benchmark (see memory.mjs): PGlite in a data directory on disk, as
// `pnpm start` keeps it, a 100,000-line import through the API, then the trader's query mix. The database runs
// inside the server process, so its memory counts: the WebAssembly heap (shared buffers, work memory, caches; it
// grows and never shrinks) is printed beside the V8 heap and the rest.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  authHeaders,
  proxyLines,
  startBenchServer,
  traderQueryMix,
} from '../../packages/server/bench/_proxies-server.ts';
import { MB, memoryPhases } from './_memory-phases.ts';

const LINES = Number(process.env.BENCH_MEMORY_IMPORT_LINES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_MEMORY_MIX_ROUNDS ?? 2);
const TARGET_MB = 400;
const print = (line: string) => process.stdout.write(`${line}\n`);
const { phase, peaks, highWaterMb, split, stop } = memoryPhases(print);

const dataDir = mkdtempSync(join(tmpdir(), 'tradedeck-memory-'));
const server = await phase('server started (PGlite opened, migrations run)', () =>
  startBenchServer(null, dataDir),
);
/** PGlite's client, as much of it as is read here (the tests package does not depend on PGlite). */
interface EmbeddedClient {
  query<T>(text: string): Promise<{ rows: T[] }>;
  Module: { HEAPU8: Uint8Array };
}
const client = (server.db as unknown as { $client: EmbeddedClient }).$client;
const wasmMb = () => (client as unknown as { Module: { HEAPU8: Uint8Array } }).Module.HEAPU8.length / MB;
try {
  const settings = (
    await client.query<{ name: string; size: string }>(
      `select name, pg_size_pretty(setting::bigint * coalesce(pg_size_bytes(case when unit ~ '^[0-9]' then unit else '1' || unit end), 1)) as size
     from pg_settings where name in ('shared_buffers', 'work_mem', 'maintenance_work_mem', 'temp_buffers', 'wal_buffers')`,
    )
  ).rows;
  print(
    `memory on PGlite (server: ${process.env.BENCH_MEMORY_SERVER ?? 'TypeScript source through tsx'}), data directory on disk; ${settings.map((s) => `${s.name} ${s.size}`).join(', ')}`,
  );
  print(
    `  at rest: RSS ${(process.memoryUsage.rss() / MB).toFixed(0)} MB, WebAssembly heap ${wasmMb().toFixed(0)} MB`,
  );
  await phase(`import of ${LINES.toLocaleString('en')} lines through the API`, async () => {
    const response = await fetch(`${server.base}/api/proxies`, {
      method: 'POST',
      headers: authHeaders(server.token),
      body: JSON.stringify({ proxies: proxyLines(LINES).join('\n') }),
    });
    if (response.status !== 200) throw new Error(`import ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  });
  print(`  after the import: WebAssembly heap ${wasmMb().toFixed(0)} MB`);
  await phase(`the trader's query mix, ${ROUNDS} rounds`, async () => {
    const bodies = traderQueryMix(LINES);
    for (let round = 0; round < ROUNDS; round++)
      for (const body of bodies) {
        const response = await fetch(`${server.base}/api/proxies/query`, {
          method: 'POST',
          headers: authHeaders(server.token),
          body: JSON.stringify(body),
        });
        if (response.status !== 200) throw new Error(`query ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      }
  });
  const peak = Math.max(...peaks.map(([, value]) => value)) / MB;
  print(`  at the peak: ${split()}; WebAssembly heap now ${wasmMb().toFixed(0)} MB`);
  print(
    `PGlite server peak RSS ${peak.toFixed(0)} MB (sampled), high-water mark ${highWaterMb().toFixed(0)} MB (target < ${TARGET_MB} MB): ${highWaterMb() < TARGET_MB ? 'met' : 'MISSED'}`,
  );
} finally {
  stop();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
