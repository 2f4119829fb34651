// The server side of the memory benchmark; runs inside packages/server (for its dependencies). See memory.mjs.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { authHeaders, startBenchServer } from '../../packages/server/bench/_proxies-server.ts';
import { startAllocationProfile } from './_allocation-profile.ts';
import { MB, memoryPhases } from './_memory-phases.ts';
import { startLiveFixtures } from './_proxy-fixtures.mjs';

const PROXIES = Number(process.env.BENCH_MEMORY_PROXIES ?? 1_000_000);
const ACCOUNTS = Number(process.env.BENCH_MEMORY_ACCOUNTS ?? 20_000);
const CLIENTS = Number(process.env.BENCH_CONNECTIONS ?? 100);
/** Proxies in the check run: half live SOCKS5 fixtures, half a closed port. */
const CHECKED = Number(process.env.BENCH_MEMORY_CHECKED ?? 20_000);
const TARGET_MB = 300;
const print = (line: string) => process.stdout.write(`${line}\n`);
const { phase, peaks, highWaterMb, split, stop } = memoryPhases(print);

const databaseUrl = process.env.BENCH_DATABASE_URL ?? null;
const server = await startBenchServer(databaseUrl);
const live = await startLiveFixtures(32, 4);
const clients = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    process.env.BENCH_MEMORY_CLIENTS_SCRIPT ?? fileURLToPath(new URL('./memory-clients.ts', import.meta.url)),
  ],
  {
    env: {
      ...process.env,
      BENCH_URL: server.base,
      BENCH_TOKEN: server.token,
      BENCH_CONNECTIONS: String(CLIENTS),
      BENCH_EXPECTED_DELIVERIES: String(CHECKED * CLIENTS),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const clientLines = createInterface({ input: clients.stdout! })[Symbol.asyncIterator]();
/** A line asked for and not yet read (the wait for every delivery timed out): the clients' last line. */
let unread: Promise<IteratorResult<string>> | null = null;
try {
  print(
    `memory (server: ${process.env.BENCH_MEMORY_SERVER ?? 'TypeScript source through tsx'}): ${PROXIES.toLocaleString('en')} proxies, ${ACCOUNTS.toLocaleString('en')} Steam accounts, ${CLIENTS} hub clients, database ${server.database.kind}${server.database.kind === 'pglite' ? ' (in the server process: its memory counts)' : ' (its own processes: not counted)'}`,
  );
  const app = server.app;
  app.hubs.tune({
    limits: {
      maxConnectionsPerUser: CLIENTS,
      ...(process.env.BENCH_HUB_BUFFER_BYTES
        ? { maxBufferedBytes: Number(process.env.BENCH_HUB_BUFFER_BYTES) }
        : {}),
    },
  });
  app.proxyChecks.tune({
    checkUrl: `http://127.0.0.1:${live.judgePort}/ip`,
    connectTimeoutMs: 2000,
    totalTimeoutMs: 5000,
    allowPrivateAddresses: true,
  });
  const db = server.db;
  await phase('setup: rows inserted with SQL', async () => {
    const user = (await db.execute(`select id from users limit 1`)) as unknown as {
      rows: { id: string }[];
    };
    const userId = user.rows[0]!.id;
    const ports = `array[${live.proxyPorts.join(',')}]`;
    await db.execute(`insert into proxies (user_id, protocol, host, port, identity_hash)
      select '${userId}'::uuid, 3, case when g <= ${CHECKED} then '127.0.0.1' else
        '10.' || (g >> 16) % 256 || '.' || (g >> 8) % 256 || '.' || g % 256 end,
        case when g <= ${CHECKED} and g % 2 = 0 then (${ports})[1 + g % ${live.proxyPorts.length}]
             when g <= ${CHECKED} then 1 else 1024 + g % 50000 end,
        md5(g::text)
      from generate_series(1, ${PROXIES}) g`);
    await db.execute(`insert into steam_accounts (user_id, login, proxy_id, password_enc, mafile_enc)
      select '${userId}'::uuid, 'acc' || g, (select min(id) from proxies) + (g * 7) % ${PROXIES}, 'x', 'x'
      from generate_series(1, ${ACCOUNTS}) g`);
    await db.execute('analyze');
  });
  print(`  server RSS at rest: ${(process.memoryUsage.rss() / MB).toFixed(0)} MB`);
  await phase(`${CLIENTS} hub clients connected and subscribed`, async () => {
    const line = await clientLines.next();
    if (line.value !== 'ready') throw new Error('the hub clients did not connect');
  });
  await phase(`check run of ${CHECKED.toLocaleString('en')} proxies, results to every client`, async () => {
    const ids = (await db.execute(`select id from proxies order by id limit ${CHECKED}`)) as unknown as {
      rows: { id: number }[];
    };
    // BENCH_MEMORY_ALLOCATIONS=1: where the check run's allocations (garbage included) come from.
    const stopProfile =
      process.env.BENCH_MEMORY_ALLOCATIONS === '1' ? await startAllocationProfile(print) : null;
    const response = await fetch(`${server.base}/api/proxies/check`, {
      method: 'POST',
      headers: authHeaders(server.token),
      body: JSON.stringify({ ids: ids.rows.map((row) => Number(row.id)) }),
    });
    if (response.status !== 200) throw new Error(`check ${response.status} ${await response.text()}`);
    const { data } = (await response.json()) as { data: { batchId: string } };
    let state = await app.jobs.state('proxy-checks', data.batchId);
    while (state?.state !== 'completed' && state?.state !== 'failed') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      state = await app.jobs.state('proxy-checks', data.batchId);
    }
    await stopProfile?.();
    if (state.state !== 'completed') throw new Error('the check run failed');
  });
  // The run is over for the server only when its hub connections have sent everything: queued records count.
  await phase('every delivery received by the clients', async () => {
    const next = clientLines.next();
    const waited = await Promise.race([
      next,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 120_000)),
    ]);
    if (waited === null) {
      unread = next;
      print('  (not every delivery arrived within 120 s)');
    }
  });
  await phase('list pages loaded (proxies first and deep page, Steam accounts)', async () => {
    for (const [path, body] of [
      ['/api/proxies/query', {}],
      ['/api/proxies/query', { pages: { page: 2000, pageSize: 100 } }],
      ['/api/proxies/query', { searchString: '10.1.2' }],
      ['/api/steam-accounts/query', {}],
    ] as const) {
      const response = await fetch(`${server.base}${path}`, {
        method: 'POST',
        headers: authHeaders(server.token),
        body: JSON.stringify(body),
      });
      if (response.status !== 200) throw new Error(`${path} ${response.status}`);
      await response.arrayBuffer();
    }
  });
  const peak = Math.max(...peaks.map(([, value]) => value)) / MB;
  print(`  at the peak: ${split()}`);
  print(
    `server peak RSS ${peak.toFixed(0)} MB (sampled), high-water mark ${highWaterMb().toFixed(0)} MB (target < ${TARGET_MB} MB): ${highWaterMb() < TARGET_MB ? 'met' : 'MISSED'}`,
  );
} finally {
  stop();
  clients.kill('SIGTERM');
  const received = await (unread ?? clientLines.next());
  if (!received.done) print(`  hub events received by the clients: ${received.value}`);
  await live.close();
  await server.stop();
}
