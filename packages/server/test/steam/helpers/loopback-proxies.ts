/**
 * Real proxies on loopback for the live adapter's tests: an HTTP CONNECT proxy and a SOCKS5 proxy, both with
 * optional credentials. They resolve `*.steam.test` names themselves (the server must never resolve them) and
 * dial out from `egressAddress`, so the fake Steam can tell proxied traffic from direct traffic.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export const EGRESS_ADDRESS = '127.0.0.3';
/** Every address a loopback proxy dials out from: traffic from any other (127.0.0.1) went around the proxies. */
export const EGRESS_ADDRESSES = new Set([EGRESS_ADDRESS]);

export interface LoopbackProxy {
  port: number;
  /** `host:port` of every tunnel opened, as the client asked for it. */
  tunnels: string[];
  close(): Promise<void>;
}

function resolveTestName(host: string): string {
  return host.endsWith('.steam.test') ? '127.0.0.1' : host;
}

function dial(host: string, port: number, egress = EGRESS_ADDRESS): net.Socket {
  return net.connect({ host: resolveTestName(host), port, localAddress: egress });
}

function listen(server: net.Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

function closer(server: net.Server, sockets: Set<net.Socket>): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
}

/** `egress`: the loopback address it dials out from (127.0.0.0/8), so a fake can tell several proxies apart. */
export async function startConnectProxy(
  credentials?: {
    username: string;
    password: string;
  },
  egress = EGRESS_ADDRESS,
): Promise<LoopbackProxy> {
  EGRESS_ADDRESSES.add(egress);
  const tunnels: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((_req, res) => {
    res.writeHead(405).end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('connect', (req, client: net.Socket, head: Buffer) => {
    if (credentials) {
      const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
      if (req.headers['proxy-authorization'] !== expected) {
        client.end(
          'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\nContent-Length: 0\r\n\r\n',
        );
        return;
      }
    }
    const [host, port] = splitTarget(req.url ?? '');
    tunnels.push(`${host}:${port}`);
    const upstream = dial(host, port, egress);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.once('connect', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  const port = await listen(server);
  return { port, tunnels, close: closer(server, sockets) };
}

function splitTarget(target: string): [string, number] {
  const index = target.lastIndexOf(':');
  return [target.slice(0, index), Number(target.slice(index + 1))];
}

/** SOCKS5 (RFC 1928) with no-auth or username/password (RFC 1929); CONNECT only. */
export async function startSocks5Proxy(credentials?: {
  username: string;
  password: string;
}): Promise<LoopbackProxy> {
  const tunnels: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    let buffer = Buffer.alloc(0);
    let stage: 'greeting' | 'auth' | 'request' = 'greeting';
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (stage === 'greeting') {
        if (buffer.length < 2 || buffer.length < 2 + buffer[1]!) return;
        const methods = [...buffer.subarray(2, 2 + buffer[1]!)];
        buffer = buffer.subarray(2 + buffer[1]!);
        const wanted = credentials ? 0x02 : 0x00;
        if (!methods.includes(wanted)) {
          client.end(Buffer.from([0x05, 0xff]));
          return;
        }
        client.write(Buffer.from([0x05, wanted]));
        stage = credentials ? 'auth' : 'request';
      }
      if (stage === 'auth') {
        if (buffer.length < 2) return;
        const userLength = buffer[1]!;
        if (buffer.length < 3 + userLength) return;
        const passLength = buffer[2 + userLength]!;
        if (buffer.length < 3 + userLength + passLength) return;
        const username = buffer.subarray(2, 2 + userLength).toString();
        const password = buffer.subarray(3 + userLength, 3 + userLength + passLength).toString();
        buffer = buffer.subarray(3 + userLength + passLength);
        const good = username === credentials?.username && password === credentials?.password;
        if (!good) {
          client.end(Buffer.from([0x01, 0x01]));
          return;
        }
        client.write(Buffer.from([0x01, 0x00]));
        stage = 'request';
      }
      if (stage === 'request') {
        if (buffer.length < 5) return;
        const type = buffer[3]!;
        let host: string;
        let offset: number;
        if (type === 0x01) {
          if (buffer.length < 10) return;
          host = [...buffer.subarray(4, 8)].join('.');
          offset = 8;
        } else if (type === 0x03) {
          const length = buffer[4]!;
          if (buffer.length < 7 + length) return;
          host = buffer.subarray(5, 5 + length).toString();
          offset = 5 + length;
        } else {
          client.end(Buffer.from([0x05, 0x08, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
          return;
        }
        const port = buffer.readUInt16BE(offset);
        const rest = buffer.subarray(offset + 2);
        client.off('data', onData);
        tunnels.push(`${host}:${port}`);
        const upstream = dial(host, port);
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.once('connect', () => {
          client.write(Buffer.from([0x05, 0x00, 0x00, 0x01, 0, 0, 0, 0, 0, 0]));
          if (rest.length > 0) upstream.write(rest);
          upstream.pipe(client);
          client.pipe(upstream);
        });
        upstream.on('error', () => client.end(Buffer.from([0x05, 0x05, 0x00, 0x01, 0, 0, 0, 0, 0, 0])));
      }
    };
    client.on('data', onData);
  });
  const port = await listen(server);
  return { port, tunnels, close: closer(server, sockets) };
}
