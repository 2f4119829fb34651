/**
 * `pnpm bench proxies` (import part): one `proxies.add` of 100,000 lines over real HTTP, parse and insert included,
 * on embedded PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a Postgres database, on Postgres.
 * Beside it, in the same run, a raw COPY of the very rows the import stored (the table emptied first) into the same
 * table with all its indexes and triggers: the physical limit. Both start from an empty table just after a
 * checkpoint. Targets: under 3 s on PGlite, under 2 s on Postgres, within 1.5x of the raw COPY. Prints the
 * process's peak RSS (the server runs in it), and the CPU time of this process (the server; on PGlite the database
 * too) and of the Postgres cluster for the import and for the COPY: figures that do not depend on how busy the
 * machine is. Prints figures; asserts nothing.
 */

import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { importTriggersSideBySide } from './_import-triggers.ts';
import { postgresCpuClock } from './_postgres-cpu.ts';
import { authHeaders, proxyLines, startBenchServer } from './_proxies-server.ts';
import { copyLine, rawCopy } from './_raw-copy.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);
/** The import may take at most this many times the raw COPY of its rows. */
const COPY_RATIO_LIMIT = 1.5;
const COUNT = Number(process.env.BENCH_PROXY_LINES ?? 100_000);
/** BENCH_TRIGGER_LINES > 0: also import that many lines with the change log's triggers on and off, alternating. */
const TRIGGER_LINES = Number(process.env.BENCH_TRIGGER_LINES ?? 0);
const COLUMNS = ['user_id', 'protocol', 'host', 'port', 'username', 'password_enc', 'name', 'identity_hash'];

async function importOnce(label: string, databaseUrl: string | null, target: number): Promise<void> {
  const server = await startBenchServer(databaseUrl);
  try {
    const text = proxyLines(COUNT).join('\n');
    const databaseCpu = databaseUrl ? await postgresCpuClock(server.db) : null;
    const cpuAt = () => ({ own: process.cpuUsage(), db: databaseCpu?.() ?? 0 });
    const cpuSince = (at: ReturnType<typeof cpuAt>) => {
      const own = process.cpuUsage(at.own);
      const db = databaseCpu ? ` + Postgres ${((databaseCpu() - at.db) / 1000).toFixed(2)} s` : '';
      return `CPU ${((own.user + own.system) / 1e6).toFixed(2)} s${db}`;
    };
    // Each measured window starts just after a checkpoint, so neither pays for one that the volume of write-ahead
    // log before it started (full-page images of every page it touches first): where one fell was chance.
    await server.db.execute(sql`checkpoint`);
    const importCpu = cpuAt();
    const started = performance.now();
    const res = await fetch(`${server.base}/api/proxies`, {
      method: 'POST',
      headers: authHeaders(server.token),
      body: JSON.stringify({ proxies: text }),
    });
    const body = (await res.json()) as { data?: { addedIds: number[] }; error?: unknown };
    const seconds = (performance.now() - started) / 1000;
    if (!body.data) throw new Error(`import failed: ${JSON.stringify(body.error)}`);
    const importCpuText = cpuSince(importCpu);
    const rssMb = Math.round(process.resourceUsage().maxRSS / 1024);
    // The same rows, as stored, copied back raw into the same table (all its indexes in place).
    const stored = (await server.db.execute(
      sql.raw(`select ${COLUMNS.join(', ')} from proxies order by id`),
    )) as unknown as { rows: Record<string, string | number | null>[] };
    const copyText = stored.rows.map((row) => copyLine(COLUMNS.map((c) => row[c] ?? null))).join('');
    // Emptied as the import found it: a new, empty table and indexes (a delete and vacuum leave the indexes' pages
    // behind, and cost the bench a minute under load). The tables that point at proxies are empty here too.
    await server.db.execute(sql`truncate proxies cascade`);
    await server.db.execute(sql`checkpoint`);
    const copyCpu = cpuAt();
    const copySeconds = await rawCopy(server, databaseUrl, 'proxies', COLUMNS, copyText);
    // The COPY's backend has ended with its connection: its CPU counts once the postmaster has collected it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const copyCpuText = cpuSince(copyCpu);
    const mib = (Buffer.byteLength(text) / 1024 / 1024).toFixed(1);
    const ratio = seconds / copySeconds;
    print(
      `import ${label}: ${body.data.addedIds.length.toLocaleString('en')} of ${COUNT.toLocaleString('en')} lines (${mib} MiB) in ${seconds.toFixed(2)} s ` +
        `(${Math.round(COUNT / seconds).toLocaleString('en')} lines/s; target < ${target} s: ${seconds < target ? 'met' : 'MISSED'}); ` +
        `raw COPY of the same rows ${copySeconds.toFixed(2)} s, import/COPY ${ratio.toFixed(2)}x (target <= ${COPY_RATIO_LIMIT}x: ${ratio <= COPY_RATIO_LIMIT ? 'met' : 'MISSED'}); ` +
        `peak RSS ${rssMb} MB; import ${importCpuText}, COPY ${copyCpuText} (load average ${loadavg()[0]!.toFixed(1)})`,
    );
    if (TRIGGER_LINES > 0) print(await importTriggersSideBySide(server, TRIGGER_LINES, 3));
  } finally {
    await server.stop();
  }
}

if (process.env.BENCH_PGLITE !== '0') await importOnce('PGlite', null, 3);
const postgres = process.env.BENCH_DATABASE_URL?.trim() || null;
if (postgres) await importOnce('Postgres', postgres, 2);
else print('import Postgres: skipped (no Postgres: set BENCH_DATABASE_URL or install Postgres)');
