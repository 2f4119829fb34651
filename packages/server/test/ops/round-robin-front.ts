import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP load balancer without affinity: each new connection goes to the next backend in turn (or, with
 * `rotate` off, always to the first), and to the one after it when that one refuses or is down (a killed process,
 * `setBackend(i, null)`), like a balancer with a connect check. `served` counts the connections each backend took.
 */
export class RoundRobinFront {
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  #next = 0;
  readonly served: number[];
  port = 0;

  constructor(
    private readonly backends: (number | null)[],
    options: { rotate?: boolean } = {},
  ) {
    this.served = backends.map(() => 0);
    const rotate = options.rotate ?? true;
    this.#server = createServer((client) => {
      const first = this.#next;
      if (rotate) this.#next = (this.#next + 1) % this.backends.length;
      this.#route(client, first, 0);
    });
  }

  listen(): Promise<string> {
    return new Promise((resolve) => {
      this.#server.listen(0, '127.0.0.1', () => {
        const address = this.#server.address();
        this.port = typeof address === 'object' && address ? address.port : 0;
        resolve(`http://127.0.0.1:${this.port}`);
      });
    });
  }

  /** The port a backend is at now (`null` while it is down). */
  backend(index: number): number | null {
    return this.backends[index] ?? null;
  }

  /** Points a backend at a new port, or takes it out (`null`) while its process is down. */
  setBackend(index: number, port: number | null): void {
    this.backends[index] = port;
  }

  #route(client: Socket, index: number, tried: number): void {
    if (tried >= this.backends.length) {
      client.destroy();
      return;
    }
    const port = this.backends[index];
    if (port === null || port === undefined) {
      this.#route(client, (index + 1) % this.backends.length, tried + 1);
      return;
    }
    client.pause();
    const upstream = connect(port, '127.0.0.1');
    upstream.once('connect', () => {
      this.served[index]! += 1;
      this.#sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      client.resume();
      const end = () => {
        client.destroy();
        upstream.destroy();
        this.#sockets.delete(client);
        this.#sockets.delete(upstream);
      };
      client.once('close', end);
      upstream.once('close', end);
      client.on('error', end);
      upstream.on('error', end);
    });
    upstream.once('error', (error: NodeJS.ErrnoException) => {
      if (this.#sockets.has(upstream)) return;
      if (error.code === 'ECONNREFUSED') this.#route(client, (index + 1) % this.backends.length, tried + 1);
      else client.destroy();
    });
  }

  close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/** A free loopback port (listened on and released) for a process started with it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * One API call through the balancer on a connection of its own (no keep-alive), so that calls take turns between
 * the processes; the envelope's data, or a thrown error.
 */
export function viaFront<T>(
  front: RoundRobinFront,
  method: string,
  path: string,
  body: unknown,
  token: string,
): Promise<T> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: front.port,
        method,
        path,
        agent: false,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          ...(method === 'GET' ? {} : { 'idempotency-key': randomBytes(8).toString('hex') }),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          try {
            const envelope = JSON.parse(text) as { success: boolean; data: T; error: unknown };
            if (envelope.success) resolve(envelope.data);
            else reject(new Error(`${path}: ${JSON.stringify(envelope.error)}`));
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
