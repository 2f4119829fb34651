// `pnpm bench proxies`: every proxy figure with its target. Import of 100,000 lines and query p95 (when their
// benchmarks are present), check throughput of the bare checker, and the same batch through the job queue with
// every result stored and announced, and a slow fleet (proxies that hang up after 8-14 s) against its deadlines' floor.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const PARTS = [
  ['import (100,000 lines; PGlite < 3 s, Postgres < 2 s, within 2x of raw COPY)', './proxies-import.mjs'],
  [
    'query (p95 < 50 ms: PGlite 10 clients, Postgres 50; < 100 ms over 1,000,000 proxies)',
    './proxies-query.mjs',
  ],
  ['check (checker alone; >= 2,000 checks/s, <= 1.5x floor)', './proxies-check.mjs'],
  ['batch (proxies.check job with storage and events; same targets)', './proxies-batch.mjs'],
  [
    'slow fleet (3,000 proxies hanging up after 8-14 s, through the job; wall <= ceil(n/C) x 10 s + 25 %)',
    './proxies-slow-fleet.mjs',
  ],
];

export async function run() {
  let failed = 0;
  for (const [title, file] of PARTS) {
    console.log(`-- ${title}`);
    const url = new URL(file, import.meta.url);
    if (!existsSync(url)) {
      console.log(`not available (${file.slice(2)} is missing)`);
      continue;
    }
    try {
      const part = await import(url.href);
      await (part.run ?? part.main)();
    } catch (error) {
      failed++;
      console.log(`failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failed > 0) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
