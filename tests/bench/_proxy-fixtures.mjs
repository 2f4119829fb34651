// Loopback fixtures for the proxy-check benchmark, run in worker threads so they do not share the checker's event
// loop: SOCKS5 proxies that tunnel to a small IP-echo judge (each in its own thread), and a blackholed listener.
import { connect } from 'node:net';
import { Worker } from 'node:worker_threads';

const FIXTURE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
// A raw IP-echo judge: reads the request head, answers the caller's address, closes.
const judge = net.createServer((socket) => {
  socket.on('error', () => {});
  let head = '';
  socket.on('data', (chunk) => {
    head += chunk.toString('latin1');
    if (!head.includes('\\r\\n\\r\\n')) return;
    const body = JSON.stringify({ ip: socket.remoteAddress });
    socket.end('HTTP/1.1 200 OK\\r\\nContent-Type: application/json\\r\\nContent-Length: ' + body.length + '\\r\\nConnection: close\\r\\n\\r\\n' + body);
  });
});
function socks5(client) {
  client.on('error', () => {});
  let stage = 0;
  let buffer = Buffer.alloc(0);
  const onData = (chunk) => {
    buffer = Buffer.concat([buffer, chunk]);
    if (stage === 0 && buffer.length >= 2 && buffer.length >= 2 + buffer[1]) {
      buffer = buffer.subarray(2 + buffer[1]);
      client.write(Buffer.from([5, 0]));
      stage = 1;
    }
    if (stage === 1 && buffer.length >= 10 && buffer[3] === 1) {
      const host = [...buffer.subarray(4, 8)].join('.');
      const port = buffer.readUInt16BE(8);
      client.off('data', onData);
      client.pause();
      const upstream = net.connect({ host, port });
      upstream.on('error', () => client.destroy());
      upstream.once('connect', () => {
        client.write(Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, 0, 0]));
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
      client.on('close', () => upstream.destroy());
      stage = 2;
    }
  };
  client.on('data', onData);
}
if (workerData.role === 'judge') {
  judge.listen({ port: 0, host: '127.0.0.1', backlog: 8192 }, () => parentPort.postMessage([judge.address().port]));
} else {
  const ports = [];
  for (let i = 0; i < workerData.proxies; i++) {
    const server = net.createServer(socks5);
    server.listen({ port: 0, host: '127.0.0.1', backlog: 8192 }, () => {
      ports.push(server.address().port);
      if (ports.length === workerData.proxies) parentPort.postMessage(ports);
    });
  }
}
`;

const BLACKHOLE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const server = require('node:net').createServer(() => {});
server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
  parentPort.postMessage(server.address().port);
  while (Atomics.load(workerData, 0) === 0) Atomics.wait(workerData, 0, 0, 50);
  server.close();
});
`;

function startWorker(workerData) {
  const worker = new Worker(FIXTURE_SOURCE, { eval: true, workerData });
  return new Promise((resolve, reject) => {
    worker.once('message', (ports) => resolve({ worker, ports }));
    worker.once('error', reject);
  });
}

/** Starts the judge in one worker and `proxies` SOCKS5 servers spread over `workers` more; resolves with ports. */
export async function startLiveFixtures(proxies, workers = 1) {
  const judge = await startWorker({ role: 'judge' });
  const socks = await Promise.all(
    Array.from({ length: workers }, () =>
      startWorker({ role: 'socks', proxies: Math.ceil(proxies / workers) }),
    ),
  );
  return {
    judgePort: judge.ports[0],
    proxyPorts: socks.flatMap((entry) => entry.ports),
    close: () => Promise.all([judge, ...socks].map((entry) => entry.worker.terminate())),
  };
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
