import { type AddressInfo, createServer as createTcpServer, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';

/** A listening test server on 127.0.0.1 that closes every connection it ever had when stopped. */
export interface LoopbackServer {
  port: number;
  /** Connections accepted so far. */
  accepted: () => number;
  /** Accepted connections that have closed since. */
  closedConnections: () => number;
  close: () => Promise<void>;
}

export interface TlsMaterial {
  key: string;
  cert: string;
}

/** Starts a TCP (or, with `tls`, TLS) server on an ephemeral loopback port (IPv4 unless `host` says `::1`). */
export async function listenLoopback(
  onConnection: (socket: Socket) => void,
  tls?: TlsMaterial,
  host = '127.0.0.1',
): Promise<LoopbackServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  let closed = 0;
  const track = (socket: Socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => {
      closed++;
      sockets.delete(socket);
    });
    onConnection(socket);
  };
  const server: Server = tls
    ? createTlsServer({ key: tls.key, cert: tls.cert }, track)
    : createTcpServer(track);
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen({ port: 0, host, backlog: 4096 }, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    accepted: () => accepted,
    closedConnections: () => closed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Reads from a socket until `\r\n\r\n`; resolves with the head and whatever came after it. */
export function readHead(socket: Socket): Promise<{ head: string; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      socket.pause();
      resolve({ head: buffer.subarray(0, end).toString('latin1'), rest: buffer.subarray(end + 4) });
    };
    socket.on('data', onData);
    socket.once('close', () => reject(new Error('closed before the head')));
  });
}

/** Reads exactly `length` bytes (SOCKS handshakes). */
export function readBytes(socket: Socket, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tryRead = () => {
      const chunk = socket.read(length) as Buffer | null;
      if (chunk === null) return;
      socket.off('readable', tryRead);
      socket.off('close', onClose);
      resolve(chunk);
    };
    const onClose = () => reject(new Error('closed'));
    socket.on('readable', tryRead);
    socket.once('close', onClose);
    tryRead();
  });
}

/** Reads up to and including a zero byte (SOCKS4 user id and 4a host name). */
export async function readZeroTerminated(socket: Socket): Promise<string> {
  const bytes: number[] = [];
  for (;;) {
    const byte = (await readBytes(socket, 1))[0]!;
    if (byte === 0) return Buffer.from(bytes).toString('utf8');
    bytes.push(byte);
  }
}
