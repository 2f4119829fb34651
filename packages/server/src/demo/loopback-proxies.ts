import { createServer, request as forward, type Server } from 'node:http';
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
    // Plain forwarding of absolute-URI requests (how http:// targets, like the sandbox's judge, are reached).
    const server = createServer((request, response) => {
      if (request.headers['proxy-authorization'] !== expected) {
        response.writeHead(407, { 'proxy-authenticate': 'Basic' }).end();
        return;
      }
      if (!URL.canParse(request.url ?? '') || !request.url?.startsWith('http://')) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end('absolute http:// URL expected');
        return;
      }
      const { 'proxy-authorization': _auth, 'proxy-connection': _connection, ...headers } = request.headers;
      const upstream = forward(request.url, { method: request.method, headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      upstream.on('error', () => response.writeHead(502).end());
      request.pipe(upstream);
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
