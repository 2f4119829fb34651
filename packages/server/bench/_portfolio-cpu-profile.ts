/**
 * Where the server's CPU goes on a portfolio page answered again: seeds the portfolio benchmark's items, asks the
 * first grouped page once, then runs the 20 clients' load on it with the V8 profiler on, and writes a
 * `.cpuprofile` (CPU_PROFILE, default portfolio-hit.cpuprofile) with the heaviest functions printed.
 * BENCH_DATABASE_URL picks Postgres; PGlite otherwise. A development tool; prints figures, asserts nothing.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadavg } from 'node:os';
import { watchGcPauses } from './_gc-pauses.ts';
import { portfolioMix, seed } from './_portfolio-seed.ts';
import { postgresCpuClock } from './_postgres-cpu.ts';
import { authHeaders, latestUser, startBenchServer } from './_proxies-server.ts';
import { describeLoad, runQueryLoad } from './_query-load.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);
const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || null;
const server = await startBenchServer(databaseUrl);
const ids = await seed(server.db, await latestUser(server.db));
const { firstPage, filters } = portfolioMix(ids);
const bodies = process.env.MIX === 'filters' ? filters : firstPage;
for (const body of bodies)
  await fetch(`${server.base}/api/portfolio/query`, {
    method: 'POST',
    headers: authHeaders(server.token),
    body: JSON.stringify(body),
  }).then((res) => res.arrayBuffer());
const databaseCpu = databaseUrl ? await postgresCpuClock(server.db) : null;
const profiling = process.env.CPU_PROFILE !== '0';
const session = new Session();
session.connect();
if (profiling) {
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
}
// ALLOCATIONS=1: where the load's allocations come from (the young collections' work), instead of the CPU profile.
const allocations = process.env.ALLOCATIONS === '1';
if (allocations) {
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 4096,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
}
const gc = watchGcPauses();
const result = await runQueryLoad(
  {
    base: server.base,
    token: server.token,
    path: '/api/portfolio/query',
    bodies,
    clients: Number(process.env.BENCH_CLIENTS ?? 20),
    requests: Number(process.env.BENCH_QUERY_REQUESTS ?? 2000),
    maxSeconds: 60,
    perClientPerSecond: 0,
  },
  databaseCpu,
);
print(describeLoad(`portfolio.query ${databaseUrl ? 'Postgres' : 'PGlite'}`, result, 100));
print(gc());
if (allocations) {
  const { profile } = await session.post('HeapProfiler.stopSampling');
  const bySelf = new Map<string, number>();
  let all = 0;
  const walk = (node: typeof profile.head, path: string[]) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${lineNumber + 1}`;
    const self = node.selfSize;
    all += self;
    bySelf.set(name, (bySelf.get(name) ?? 0) + self);
    for (const child of node.children) walk(child, [...path, name]);
  };
  walk(profile.head, []);
  print(`allocated (sampled) ${(all / 1024 / 1024).toFixed(1)} MiB , by function:`);
  for (const [name, size] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, 30))
    print(`  ${((100 * size) / all).toFixed(1)}% ${name}`);
}
if (!profiling) {
  await server.stop();
  process.exit(0);
}
const { profile } = await session.post('Profiler.stop');
writeFileSync(process.env.CPU_PROFILE ?? 'portfolio-hit.cpuprofile', JSON.stringify(profile));
// Self time per function, and time under each function (inclusive), from the samples.
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const self = new Map<number, number>();
for (const id of profile.samples ?? []) self.set(id, (self.get(id) ?? 0) + 1);
const total = (profile.samples ?? []).length;
const label = (id: number) => {
  const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
  return `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${lineNumber + 1}`;
};
const selfBy = new Map<string, number>();
const inclusiveBy = new Map<string, number>();
for (const [id, count] of self) {
  selfBy.set(label(id), (selfBy.get(label(id)) ?? 0) + count);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const name = label(at);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusiveBy.set(name, (inclusiveBy.get(name) ?? 0) + count);
  }
}
const top = (by: Map<string, number>, n: number) =>
  [...by]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => `  ${((100 * count) / total).toFixed(1)}% ${name}`);
print(`self (of ${total} samples, load average ${loadavg()[0]!.toFixed(1)}):`);
for (const line of top(selfBy, Number(process.env.TOP ?? 40))) print(line);
print('inclusive:');
for (const line of top(inclusiveBy, Number(process.env.TOP ?? 80))) print(line);
await server.stop();
