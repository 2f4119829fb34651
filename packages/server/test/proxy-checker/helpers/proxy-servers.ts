import { connect, type Socket } from 'node:net';
import { Worker } from 'node:worker_threads';
import {
  type LoopbackServer,
  listenLoopback,
  readBytes,
  readHead,
  readZeroTerminated,
  type TlsMaterial,
} from './loopback-server.ts';

export interface Credentials {
  username: string;
  password: string;
}

/** Opens a connection to host:port and pipes both ways; `onOpen` runs once connected. */
function tunnel(
  client: Socket,
  host: string,
  port: number,
  onOpen: (upstream: Socket) => void,
  onFail: () => void,
) {
  const upstream = connect({ host, port });
  upstream.on('error', () => {
    onFail();
    client.destroy();
  });
  upstream.once('connect', () => {
    onOpen(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
  });
  client.on('close', () => upstream.destroy());
}

function basicMatches(header: string | undefined, expected: Credentials | undefined): boolean {
  if (!expected) return true;
  const token = Buffer.from(`${expected.username}:${expected.password}`).toString('base64');
  return header === `Basic ${token}`;
}

function headerValue(head: string, name: string): string | undefined {
  const line = head.split('\r\n').find((row) => row.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/**
 * An HTTP proxy: CONNECT tunnels and absolute-URI forwarding, Basic auth when `auth` is set (407 otherwise).
 * With `tls` it is an HTTPS proxy (TLS from the client to the proxy).
 */
export function startHttpProxy(
  options: { auth?: Credentials; tls?: TlsMaterial } = {},
): Promise<LoopbackServer> {
  return listenLoopback(async (client) => {
    const { head, rest } = await readHead(client).catch(() => ({ head: '', rest: Buffer.alloc(0) }));
    if (head === '') return;
    const [method = '', target = ''] = head.split('\r\n')[0]!.split(' ');
    if (!basicMatches(headerValue(head, 'Proxy-Authorization'), options.auth)) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="t"\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    if (method === 'CONNECT') {
      const colon = target.lastIndexOf(':');
      tunnel(
        client,
        target.slice(0, colon).replace(/^\[|\]$/g, ''),
        Number(target.slice(colon + 1)),
        () => client.write('HTTP/1.1 200 Connection Established\r\n\r\n'),
        () => client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n'),
      );
      return;
    }
    const url = new URL(target);
    const lines = head
      .split('\r\n')
      .slice(1)
      .filter((line) => !/^proxy-authorization:/i.test(line));
    const forwarded = [
      `${method} ${url.pathname}${url.search} HTTP/1.1`,
      ...lines,
      'Via: 1.1 test-proxy',
    ].join('\r\n');
    tunnel(
      client,
      url.hostname,
      Number(url.port || 80),
      (upstream) => upstream.write(Buffer.concat([Buffer.from(`${forwarded}\r\n\r\n`, 'latin1'), rest])),
      () => client.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n'),
    );
  }, options.tls);
}

/**
 * A SOCKS5 proxy (CONNECT) with optional RFC 1929 auth; `stallAfterGreeting` answers the greeting, then nothing;
 * `greetingDelayMs` answers the greeting that late (a slow but working proxy).
 */
export function startSocks5(
  options: { auth?: Credentials; stallAfterGreeting?: boolean; host?: string; greetingDelayMs?: number } = {},
): Promise<LoopbackServer> {
  return listenLoopback(
    async (client) => {
      try {
        const [, methodCount = 0] = await readBytes(client, 2);
        const methods = [...(await readBytes(client, methodCount))];
        if (options.greetingDelayMs)
          await new Promise((resolve) => setTimeout(resolve, options.greetingDelayMs));
        const wanted = options.auth ? 0x02 : 0x00;
        if (!methods.includes(wanted)) {
          client.end(Buffer.from([0x05, 0xff]));
          return;
        }
        client.write(Buffer.from([0x05, wanted]));
        if (options.stallAfterGreeting) return;
        if (options.auth) {
          const [, userLength = 0] = await readBytes(client, 2);
          const username = (await readBytes(client, userLength)).toString('utf8');
          const [passLength = 0] = await readBytes(client, 1);
          const password = passLength ? (await readBytes(client, passLength)).toString('utf8') : '';
          const ok = username === options.auth.username && password === options.auth.password;
          client.write(Buffer.from([0x01, ok ? 0x00 : 0x01]));
          if (!ok) {
            client.end();
            return;
          }
        }
        const [, , , kind] = await readBytes(client, 4);
        let host: string;
        if (kind === 0x01) host = [...(await readBytes(client, 4))].join('.');
        else if (kind === 0x03)
          host = (await readBytes(client, (await readBytes(client, 1))[0]!)).toString('utf8');
        else {
          const raw = await readBytes(client, 16);
          host = Array.from({ length: 8 }, (_, i) => raw.readUInt16BE(i * 2).toString(16)).join(':');
        }
        const port = (await readBytes(client, 2)).readUInt16BE(0);
        tunnel(
          client,
          host,
          port,
          () => client.write(Buffer.from([0x05, 0x00, 0x00, 0x01, 127, 0, 0, 1, 0, 0])),
          () => client.end(Buffer.from([0x05, 0x05, 0x00, 0x01, 0, 0, 0, 0, 0, 0])),
        );
      } catch {
        client.destroy();
      }
    },
    undefined,
    options.host,
  );
}

/** A SOCKS4/4a proxy; with `userId` set, other user ids are refused (reply 91). */
export function startSocks4(options: { userId?: string } = {}): Promise<LoopbackServer> {
  return listenLoopback(async (client) => {
    try {
      const head = await readBytes(client, 8);
      const port = head.readUInt16BE(2);
      let host = [...head.subarray(4, 8)].join('.');
      const userId = await readZeroTerminated(client);
      if (host.startsWith('0.0.0.') && host !== '0.0.0.0') host = await readZeroTerminated(client);
      if (options.userId !== undefined && userId !== options.userId) {
        client.end(Buffer.from([0x00, 0x5b, 0, 0, 0, 0, 0, 0]));
        return;
      }
      tunnel(
        client,
        host,
        port,
        () => client.write(Buffer.from([0x00, 0x5a, 0, 0, 0, 0, 0, 0])),
        () => client.end(Buffer.from([0x00, 0x5b, 0, 0, 0, 0, 0, 0])),
      );
    } catch {
      client.destroy();
    }
  });
}

/**
 * A slow proxy of a real fleet: takes the connection, never says a word, and hangs up after `hangUpAfterMs(n)`
 * milliseconds (n: the connection's number, from 0).
 */
export function startSlowProxy(hangUpAfterMs: (n: number) => number): Promise<LoopbackServer> {
  let connections = 0;
  return listenLoopback((client) => {
    const timer = setTimeout(() => client.destroy(), hangUpAfterMs(connections++));
    client.once('close', () => clearTimeout(timer));
  });
}

/** Accepts connections and never says a word. */
export function startStaller(): Promise<LoopbackServer> {
  return listenLoopback(() => {});
}

/** A port that refuses connections: listened on, then closed. */
export async function refusedPort(): Promise<number> {
  const server = await listenLoopback(() => {});
  await server.close();
  return server.port;
}

export interface Blackhole {
  port: number;
  close: () => Promise<void>;
}

/**
 * A listener whose accept queue is full and never drained: a worker thread listens with a tiny backlog and then
 * blocks its event loop, and the queue is filled here, so further SYNs are dropped and connects hang, exactly
 * like a proxy behind a firewall that drops packets.
 */
export async function startBlackhole(): Promise<Blackhole> {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const net = require('node:net');
     const server = net.createServer(() => {});
     server.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => {
       parentPort.postMessage(server.address().port);
       // Block the loop: nothing is ever accepted while the flag is 0.
       while (Atomics.load(workerData, 0) === 0) Atomics.wait(workerData, 0, 0, 50);
       server.close();
     });`,
    { eval: true, workerData: flag },
  );
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const fillers: Socket[] = [];
  for (let attempt = 0; attempt < 64; attempt++) {
    const socket = connect({ host: '127.0.0.1', port });
    socket.on('error', () => {});
    fillers.push(socket);
    const connected = await new Promise<boolean>((resolve) => {
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
      Atomics.notify(flag, 0);
      await worker.terminate();
    },
  };
}
