/** Runs the query load from a separate process and measures the server's CPU time while it runs. */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

export interface QueryLoad {
  base: string;
  token: string;
  path: string;
  /** Request bodies, sent round-robin. */
  bodies: unknown[];
  clients: number;
  requests: number;
  /** Clients stop starting requests after this long, so a slow database still gives figures in bounded time. */
  maxSeconds: number;
  /** 0: each client sends its next request as soon as the last one answers; else requests per second per client. */
  perClientPerSecond: number;
  /** The active workspace (`X-Workspace`); the caller's personal one when absent. */
  workspace?: string;
}

export interface QueryLoadResult {
  /** Latencies in ms, sorted. */
  latencies: number[];
  seconds: number;
  /** CPU time of this (server) process per request, in ms. */
  serverCpuMs: number;
  /** CPU time of the Postgres cluster per request, in ms (null: not measured, e.g. PGlite runs in the server). */
  databaseCpuMs: number | null;
}

const clientsScript = fileURLToPath(new URL('./_query-clients.mjs', import.meta.url));

export async function runQueryLoad(
  load: QueryLoad,
  databaseCpu: (() => number) | null = null,
): Promise<QueryLoadResult> {
  const cpuBefore = process.cpuUsage();
  const databaseBefore = databaseCpu?.() ?? 0;
  const child = spawn(process.execPath, [clientsScript], {
    env: { ...process.env, QUERY_LOAD: JSON.stringify(load) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the query clients exited with ${code}`);
  const cpu = process.cpuUsage(cpuBefore);
  const databaseMs = databaseCpu ? databaseCpu() - databaseBefore : null;
  const { latencies, seconds } = JSON.parse(output) as { latencies: number[]; seconds: number };
  latencies.sort((a, b) => a - b);
  const requests = Math.max(1, latencies.length);
  return {
    latencies,
    seconds,
    serverCpuMs: (cpu.user + cpu.system) / 1000 / requests,
    databaseCpuMs: databaseMs === null ? null : databaseMs / requests,
  };
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** One line of figures for a load run, judged against the p95 target. */
export function describeLoad(label: string, result: QueryLoadResult, targetMs: number): string {
  const { latencies, seconds, serverCpuMs, databaseCpuMs } = result;
  const p95 = percentile(latencies, 95);
  const database = databaseCpuMs === null ? '' : `, Postgres CPU ${databaseCpuMs.toFixed(2)} ms/query`;
  return (
    `${label}: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms,` +
    ` max ${(latencies.at(-1) ?? 0).toFixed(1)} ms, ${Math.round(latencies.length / seconds)} queries/s,` +
    ` server CPU ${serverCpuMs.toFixed(2)} ms/query${database} (load average ${loadavg()[0]!.toFixed(1)})` +
    ` — target p95 < ${targetMs} ms ${p95 < targetMs ? 'OK' : 'MISSED'}`
  );
}
