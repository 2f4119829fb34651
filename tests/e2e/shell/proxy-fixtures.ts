import { createServer } from 'node:net';
import {
  refusedPort,
  startHttpProxy,
} from '../../../packages/server/test/proxy-checker/helpers/proxy-servers.ts';

/** Credentials the authenticated test proxy accepts. */
export const PROXY_AUTH = { username: 'e2e', password: 'Loopback-7' } as const;

/** Where the suite's loopback proxies listen; specs read it from E2E_PROXY_PORTS. */
export interface ProxyPorts {
  /** An HTTP proxy that takes any credentials. */
  open: number;
  /** An HTTP proxy that wants {@link PROXY_AUTH} (407 otherwise). */
  auth: number;
  /** Nothing listens here. */
  refused: number;
}

/** A free loopback port, so the server's own judge URL is known before it starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts the proxies the proxies screen checks in the e2e suite; the server's judge is their target. */
export async function startE2eProxies(): Promise<{ ports: ProxyPorts; stop(): Promise<void> }> {
  const open = await startHttpProxy();
  const auth = await startHttpProxy({ auth: PROXY_AUTH });
  const ports = { open: open.port, auth: auth.port, refused: await refusedPort() };
  return {
    ports,
    async stop() {
      await Promise.all([open.close(), auth.close()]);
    },
  };
}

export function proxyPortsFromEnv(): ProxyPorts {
  const value = process.env.E2E_PROXY_PORTS;
  if (!value) throw new Error('No loopback proxies: run through e2e/playwright.config.ts');
  return JSON.parse(value) as ProxyPorts;
}
