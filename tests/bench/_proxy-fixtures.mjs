// Loopback fixtures for the proxy-check benchmarks, outside the checker's event loop: SOCKS5 proxies that answer the
// check's request as the IP-echo judge would, in their own processes (_proxy-fixture-process.mjs), and a blackholed
// listener in a thread.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const BLACKHOLE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const server = require('node:net').createServer(() => {});
server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
  parentPort.postMessage(server.address().port);
  while (Atomics.load(workerData, 0) === 0) Atomics.wait(workerData, 0, 0, 50);
  server.close();
});
`;

/** Runs `command` under a raised open-files limit (root, or a hard limit that allows it; else the limit in force). */
export function spawnWithFileLimit(command, args, options = {}, limit = 65_536) {
  return spawn(
    'sh',
    ['-c', `ulimit -n ${limit} 2>/dev/null || true; exec "$0" "$@"`, command, ...args],
    options,
  );
}

/**
 * Starts `proxies` SOCKS5 servers spread over `processes` fixture processes (each with its own judge and its own
 * descriptor limit, so neither the checker's limit nor one event loop caps the fixtures); resolves with the ports.
 * `judgePort` is the judge the checks ask for (the proxies answer in its place, with its exact answer).
 */
export async function startLiveFixtures(proxies, processes = 1, mode = []) {
  // Named by the caller when this module runs bundled elsewhere (the memory benchmark's compiled worker).
  const script =
    process.env.BENCH_FIXTURE_SCRIPT ??
    fileURLToPath(new URL('./_proxy-fixture-process.mjs', import.meta.url));
  const children = await Promise.all(
    Array.from({ length: processes }, async () => {
      const child = spawnWithFileLimit(
        process.execPath,
        [script, String(Math.ceil(proxies / processes)), ...mode],
        {
          stdio: ['pipe', 'pipe', 'inherit'],
        },
      );
      const ports = await new Promise((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk) => {
          out += chunk;
          if (out.includes('\n')) resolve(JSON.parse(out));
        });
        child.once('exit', (code) => reject(new Error(`a proxy fixture exited with ${code}`)));
      });
      return { child, ports };
    }),
  );
  return {
    judgePort: children[0].ports.judgePort,
    proxyPorts: children.flatMap((entry) => entry.ports.proxyPorts),
    pids: children.map((entry) => entry.child.pid),
    close: () =>
      Promise.all(
        children.map(
          ({ child }) =>
            new Promise((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', resolve);
              child.stdin.end();
            }),
        ),
      ),
  };
}

/**
 * A slow fleet: `proxies` listeners that take each connection, never say a word and hang up after a random
 * `minMs` to `maxMs` (real proxies that are overloaded or half dead), in fixture processes of their own.
 */
export function startSlowFixtures(proxies, processes, minMs, maxMs) {
  return startLiveFixtures(proxies, processes, ['hang-up', String(minMs), String(maxMs)]);
}

/** A listener with a full, never-drained accept queue: connects to it hang until the caller's deadline. */
export async function startBlackhole() {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(BLACKHOLE_SOURCE, { eval: true, workerData: flag });
  const port = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const fillers = [];
  for (let attempt = 0; attempt < 64; attempt++) {
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('error', () => {});
    fillers.push(socket);
    const connected = await new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), 300);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    if (!connected) break;
  }
  return {
    port,
    close: async () => {
      for (const socket of fillers) socket.destroy();
      Atomics.store(flag, 0, 1);
      await worker.terminate();
    },
  };
}
