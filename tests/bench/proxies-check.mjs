// Checks on loopback: 10,000 proxies, a quarter of them blackholed, 2 s connect deadline, at concurrency 2,500 and
// 10,000. Targets: no live proxy judged dead at either; at 10,000 the wall under 2.5 s (the dead-only floor is
// dead / concurrency x deadline = 2 s); CPU per live check under 0.12 ms. The checker is TypeScript source, loaded
// through tsx's API (a devDependency of the server), so no build is needed. Live proxies are SOCKS5 servers that
// answer as the IP-echo judge, in fixture processes of their own (_proxy-fixture-process.mjs) with backlogs and
// descriptor limits that take 10,000 connections; the checker runs in a child of this process with its open-files
// limit raised (`ulimit -n`), so what fails is either the proxy's fault or, when the checker overloads itself, seen
// by it and checked again. A third run at 10,000 with no re-checks shows what its own overload alone would cost.
// Each live-only run is followed by the same checks made with bare sockets (_bare-socks-client.mjs), the floor
// the checker's CPU per live check is printed beside.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bareChecks } from './_bare-socks-client.mjs';
import { spawnWithFileLimit, startBlackhole, startLiveFixtures } from './_proxy-fixtures.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const TOTAL = Number(process.env.BENCH_PROXIES ?? 10_000);
const CONNECT_DEADLINE_MS = 2000;
// One proxy in DEAD_SHARE is blackholed (a quarter by default; 0 for none).
const DEAD_SHARE = Number(process.env.BENCH_DEAD_SHARE ?? 4);
const TOTAL_DEADLINE_MS = 5000;
const FIXTURE_PROCESSES = Number(process.env.BENCH_FIXTURE_PROCESSES ?? 4);
const PORTS_PER_PROCESS = 8;
const CPU_TARGET_MS = 0.12;
const WALL_TARGET_S = 2.5;
const CHILD_FLAG = '--checker-process';
const CPU_RUNS = Number(process.env.BENCH_CPU_RUNS ?? 3);

async function loadChecker() {
  const requireFromServer = createRequire(`${root}packages/server/package.json`);
  const tsxDir = dirname(requireFromServer.resolve('tsx/package.json'));
  const { tsImport } = await import(pathToFileURL(join(tsxDir, 'dist/esm/api/index.mjs')).href);
  return tsImport(`${root}packages/server/src/integrations/proxy-checker/index.ts`, import.meta.url);
}

/** CPU seconds a process has used (user + system), from /proc. */
function processCpuS(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function measure(checker, target, proxies, blackholePort, fixturePids, options) {
  const classes = new Map();
  let liveJudgedDead = 0;
  let localFaults = 0;
  const fixtureCpuBefore = fixturePids.reduce((sum, pid) => sum + processCpuS(pid), 0);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const summary = await checker.checkMany(proxies, target, {
    allowPrivateAddresses: true,
    connectTimeoutMs: CONNECT_DEADLINE_MS,
    totalTimeoutMs: TOTAL_DEADLINE_MS,
    ...options,
    onResult: (outcome, proxy) => {
      const key = outcome.errorClass ?? 'valid';
      classes.set(key, (classes.get(key) ?? 0) + 1);
      if (!outcome.valid && proxy.port !== blackholePort) liveJudgedDead++;
      if (outcome.localFault) localFaults++;
    },
  });
  const wallS = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const fixtureCpuS = fixturePids.reduce((sum, pid) => sum + processCpuS(pid), 0) - fixtureCpuBefore;
  return {
    summary,
    wallS,
    cpuS: (cpu.user + cpu.system) / 1e6,
    fixtureCpuS,
    liveJudgedDead,
    localFaults,
    classes: [...classes].map(([k, v]) => `${k} ${v}`).join(', '),
  };
}

async function checkerProcess() {
  const checker = await loadChecker();
  const live = await startLiveFixtures(FIXTURE_PROCESSES * PORTS_PER_PROCESS, FIXTURE_PROCESSES);
  const blackhole = await startBlackhole();
  try {
    const target = await checker.prepareCheckTarget(`http://127.0.0.1:${live.judgePort}/ip`);
    const proxies = Array.from({ length: TOTAL }, (_, i) => ({
      protocol: 3,
      host: '127.0.0.1',
      port:
        DEAD_SHARE > 0 && i % DEAD_SHARE === DEAD_SHARE - 1
          ? blackhole.port
          : live.proxyPorts[i % live.proxyPorts.length],
      credentials: null,
    }));
    const liveOnly = proxies.filter((proxy) => proxy.port !== blackhole.port);
    const dead = TOTAL - liveOnly.length;
    console.log(
      `proxies: ${TOTAL} (${dead} blackholed, ${liveOnly.length} live on ${live.proxyPorts.length} ports in ${FIXTURE_PROCESSES} fixture processes), connect deadline 2 s, total 5 s; open-files limit ${checker.fileDescriptorLimit()}`,
    );
    // Warm-up, of the checker and of the bare sockets beside it: code paths compiled, first connections made.
    await measure(checker, target, liveOnly.slice(0, 500), blackhole.port, [], { concurrency: 100 });
    await bareChecks(
      liveOnly.slice(0, 500).map((proxy) => proxy.port),
      live.judgePort,
      100,
    );
    const runs = [
      ['concurrency 2,500', { concurrency: 2500 }, proxies],
      ['concurrency 10,000', { concurrency: 10_000 }, proxies],
      ['concurrency 10,000, no re-checks', { concurrency: 10_000, maxLocalAttempts: 1 }, proxies],
      // CPU per live check: the least of a few runs, the one other work on a shared machine disturbed least.
      ...Array.from({ length: CPU_RUNS }, (_, i) => [
        `live only, concurrency 2,500 (run ${i + 1} of ${CPU_RUNS})`,
        { concurrency: 2500 },
        liveOnly,
      ]),
    ];
    let leastCpuPerLive = Number.POSITIVE_INFINITY;
    let leastBarePerCheck = Number.POSITIVE_INFINITY;
    for (const [name, options, list] of runs) {
      const r = await measure(checker, target, list, blackhole.port, live.pids, options);
      const deadHere = list.length - list.filter((proxy) => proxy.port !== blackhole.port).length;
      const liveHere = list.length - deadHere;
      const floorS =
        deadHere > 0 ? Math.ceil(deadHere / r.summary.concurrency) * (CONNECT_DEADLINE_MS / 1000) : 0;
      const cpuPerLive = (r.cpuS * 1000) / liveHere;
      if (deadHere === 0) leastCpuPerLive = Math.min(leastCpuPerLive, cpuPerLive);
      console.log(
        `${name} (concurrency in force ${r.summary.concurrency}, at the end ${r.summary.finalConcurrency})`,
      );
      console.log(`  results: ${r.classes}`);
      console.log(
        `  live judged dead ${r.liveJudgedDead} of ${liveHere} (target 0): ${r.liveJudgedDead === 0 ? 'met' : 'MISSED'}; re-checked for local faults ${r.summary.rechecked}; local faults reported ${r.localFaults}`,
      );
      const wallTarget = options.concurrency === 10_000 && deadHere > 0;
      console.log(
        `  wall ${r.wallS.toFixed(2)} s${deadHere > 0 ? ` (dead-only floor ${floorS.toFixed(1)} s)` : ''}${wallTarget ? `, target < ${WALL_TARGET_S} s: ${r.wallS < WALL_TARGET_S ? 'met' : 'MISSED'}` : ''}`,
      );
      console.log(
        `  checker CPU ${r.cpuS.toFixed(2)} s = ${cpuPerLive.toFixed(3)} ms per live check${deadHere === 0 ? ` (target < ${CPU_TARGET_MS} ms: ${cpuPerLive < CPU_TARGET_MS ? 'met' : 'MISSED'})` : ' (dead checks included)'}; fixture processes CPU ${r.fixtureCpuS.toFixed(2)} s`,
      );
      if (deadHere > 0) continue;
      const ports = list.map((proxy) => proxy.port);
      const bareCpuBefore = process.cpuUsage();
      const bareStarted = performance.now();
      const whole = await bareChecks(ports, live.judgePort, options.concurrency);
      const bareCpu = process.cpuUsage(bareCpuBefore);
      const barePerCheck = (bareCpu.user + bareCpu.system) / 1000 / ports.length;
      leastBarePerCheck = Math.min(leastBarePerCheck, barePerCheck);
      console.log(
        `  bare sockets, the same ${ports.length} exchanges: ${barePerCheck.toFixed(3)} ms per check, ${whole} answered whole, wall ${((performance.now() - bareStarted) / 1000).toFixed(2)} s`,
      );
    }
    console.log(
      `CPU per live check, least of ${CPU_RUNS} runs: ${leastCpuPerLive.toFixed(3)} ms (target < ${CPU_TARGET_MS} ms: ${leastCpuPerLive < CPU_TARGET_MS ? 'met' : 'MISSED'}); load average ${loadavg()
        .map((v) => v.toFixed(2))
        .join(' / ')}`,
    );
    console.log(
      `bare sockets, the same exchanges with none of the checker's work, least of ${CPU_RUNS} runs: ${leastBarePerCheck.toFixed(3)} ms per check (the floor here; the checker's own share ${(leastCpuPerLive - leastBarePerCheck).toFixed(3)} ms)`,
    );
  } finally {
    await blackhole.close();
    await live.close();
  }
}

export async function run() {
  const child = spawnWithFileLimit(process.execPath, [fileURLToPath(import.meta.url), CHILD_FLAG], {
    stdio: 'inherit',
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`proxy-check benchmark failed (exit ${code})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes(CHILD_FLAG)) await checkerProcess();
  else await run();
}
