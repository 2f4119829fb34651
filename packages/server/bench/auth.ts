/**
 * `pnpm bench auth`: logins per second (argon2id dominates), refreshes per second, and the latency of an
 * authenticated no-op (token check and device-session lookup included) at a steady 200 requests/s. Real server,
 * real HTTP on loopback, embedded PGlite. Prints figures; asserts nothing.
 */
import { cpus } from 'node:os';
import { Worker } from 'node:worker_threads';
import { defineOperation } from '@tradedeck/sdk/contract';
import { z } from 'zod';
import { loadConfig } from '../src/config/config.ts';
import { bindOperation } from '../src/http/bind-operation.ts';
import { startServer } from '../src/server.ts';

const PASSWORD = 'Quartz-Lantern-42';
const noop = defineOperation({
  id: 'bench.noop',
  method: 'GET',
  path: '/api/bench/noop',
  summary: 'authenticated no-op',
  input: z.object({}),
  output: z.object({ ok: z.literal(true) }),
  flags: {},
});

const server = await startServer(
  { ...loadConfig({}), port: 0, dataDir: 'memory://', logLevel: 'silent', publicUrl: null },
  (app) => bindOperation(app, noop, () => ({ ok: true as const })),
);
const base = server.url;
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

// One confirmed, approved account (the first user is the administrator).
await post('/api/auth/register', { email: 'bench@example.test', userName: 'bench', password: PASSWORD });
const link = (await server.database.db.execute('select link from mail_outbox limit 1')) as unknown as {
  rows: Array<{ link: string }>;
};
const params = new URL(link.rows[0]!.link).searchParams;
await post('/api/auth/confirm-email', { userId: params.get('userId'), code: params.get('code') });
// Per-address limits would stop a single-address benchmark: clear them between phases.
const clearLimits = () => server.database.db.execute('delete from rate_limits');

async function login(): Promise<{ token: string; cookie: string }> {
  const res = await post('/api/auth/login', { email: 'bench@example.test', password: PASSWORD });
  if (res.status !== 200) throw new Error(`login ${res.status} ${await res.text()}`);
  const cookie = (res.headers.getSetCookie()[0] ?? '').split(';')[0]!;
  return { token: ((await res.json()) as { data: { accessToken: string } }).data.accessToken, cookie };
}

async function timed<T>(count: number, concurrency: number, work: (i: number) => Promise<T>) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        if (i % 9 === 0) await clearLimits();
        await work(i);
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

const logins = 60;
const loginSeconds = await timed(logins, 4, () => login());
await clearLimits();

const sessions = await Promise.all(Array.from({ length: 8 }, () => login()));
const refreshes = 200;
const refreshSeconds = await timed(refreshes, 8, async (i) => {
  const session = sessions[i % sessions.length]!;
  const res = await post('/api/auth/refresh-token', {}, { cookie: session.cookie });
  if (res.status !== 200) throw new Error(`refresh ${res.status} ${await res.text()}`);
  session.cookie = (res.headers.getSetCookie()[0] ?? '').split(';')[0]!;
  if (i % 20 === 19) await clearLimits();
});

const { token } = await login();
const rate = 200;
const seconds = 5;
// The load generator runs on its own thread so its work does not queue behind the server's event loop.
const generator = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { url, token, rate, seconds } = workerData;
  const latencies = [];
  const inflight = [];
  const start = performance.now();
  for (let i = 0; i < rate * seconds; i += 1) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inflight.push((async () => {
      const t0 = performance.now();
      const res = await fetch(url, { headers: { authorization: 'Bearer ' + token } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error('noop ' + res.status);
      latencies.push(performance.now() - t0);
    })());
  }
  await Promise.all(inflight);
  parentPort.postMessage(latencies);
})();
`;
const latencies = await new Promise<number[]>((resolve, reject) => {
  const worker = new Worker(generator, {
    eval: true,
    workerData: { url: `${base}/api/bench/noop`, token, rate, seconds },
  });
  worker.once('message', resolve);
  worker.once('error', reject);
});
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!.toFixed(2);

await server.stop();
const report = {
  cpus: cpus().length,
  loginsPerSecond: Number((logins / loginSeconds).toFixed(1)),
  refreshesPerSecond: Number((refreshes / refreshSeconds).toFixed(1)),
  authenticatedNoop: {
    ratePerSecond: rate,
    requests: latencies.length,
    p50ms: Number(pct(50)),
    p99ms: Number(pct(99)),
    targetP99ms: 5,
  },
};
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
