import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A plain TCP front for several server processes, like a load balancer without affinity: each new connection
 * goes to the first backend that accepts it, so when one process goes away clients land on the next.
 */
export class TcpFront {
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly backends: number[]) {
    this.#server = createServer((client) => this.#route(client, 0));
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

  #route(client: Socket, index: number): void {
    const port = this.backends[index];
    if (port === undefined) {
      client.destroy();
      return;
    }
    client.pause();
    const upstream = connect(port, '127.0.0.1');
    upstream.once('connect', () => {
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
      if (error.code === 'ECONNREFUSED') this.#route(client, index + 1);
      else client.destroy();
    });
  }

  close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}
