import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';

export interface LoopbackProxy {
  port: number;
  username: string;
  password: string;
}

/**
 * Small HTTP proxies on 127.0.0.1 (CONNECT tunnels and plain forwarding, Basic auth) for the demo, so the proxy
 * screens and checks have live proxies to work with. Only loopback clients can reach them.
 */
export async function startLoopbackProxies(
  count: number,
): Promise<{ proxies: LoopbackProxy[]; close(): Promise<void> }> {
  const servers: Server[] = [];
  const proxies: LoopbackProxy[] = [];
  for (let i = 1; i <= count; i++) {
    const username = `demo${i}`;
    const password = `demo-pass-${i}`;
    const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    const server = createServer((_request, response) => {
      response.writeHead(405, { 'content-type': 'text/plain' }).end('CONNECT only');
    });
    server.on('connect', (request, client, head) => {
      client.on('error', () => {});
      if (request.headers['proxy-authorization'] !== expected) {
        client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\n\r\n');
        return;
      }
      const [host, port] = (request.url ?? '').split(':');
      const upstream = connect({ host: host ?? '', port: Number(port) }, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
      client.on('close', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    servers.push(server);
    proxies.push({ port: typeof address === 'object' && address ? address.port : 0, username, password });
  }
  return {
    proxies,
    close: async () => {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    },
  };
}
