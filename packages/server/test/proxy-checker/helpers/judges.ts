import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerJudge } from '../../../src/integrations/proxy-checker/judge-route.ts';
import type { TlsMaterial } from './loopback-server.ts';

/** The product's judge route on a real Fastify server, over HTTP or (with `tls`) HTTPS, on 127.0.0.1. */
export async function startJudge(tls?: TlsMaterial): Promise<{ url: string; close: () => Promise<void> }> {
  const app: FastifyInstance = tls
    ? (Fastify({ https: { key: tls.key, cert: tls.cert } }) as unknown as FastifyInstance)
    : Fastify();
  registerJudge(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}/api/proxy-judge`, close: () => app.close() };
}

/** A plain HTTP server answering every request with the given status and body (stands for a remote site). */
export async function startFixedSite(
  status: number,
  body: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ip`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A self-signed certificate for 127.0.0.1 and localhost, made at test time (test-only material, never stored).
 */
export async function makeTestCertificate(): Promise<TlsMaterial> {
  const selfsigned = createRequire(import.meta.url)('selfsigned') as {
    generate: (
      attrs: { name: string; value: string }[],
      options: Record<string, unknown>,
    ) => Promise<{ private: string; cert: string }>;
  };
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    days: 2,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}
