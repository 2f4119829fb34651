import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startE2eProxies } from './proxy-fixtures.ts';
import { startTestServer } from './server.ts';

/** Starts one server for the suite; specs read its address from SHELL_BASE_URL and its log from SHELL_SERVER_LOG. */
export default async function globalSetup() {
  const index = fileURLToPath(new URL('../../../packages/server/public/index.html', import.meta.url));
  if (!existsSync(index))
    throw new Error('The web app is not built: run `pnpm --filter @tradedeck/web build` first');
  const log = join(mkdtempSync(join(tmpdir(), 'tradedeck-shell-')), 'server.log');
  // Proxy checks go through loopback proxies to the server's own judge.
  const proxies = await startE2eProxies();
  const port = await freePort();
  const judge = `http://127.0.0.1:${port}/api/proxy-judge`;
  const server = await startTestServer({ TRADEDECK_PROXY_CHECK_URL: judge }, port, log);
  process.env.SHELL_BASE_URL = server.url;
  process.env.SHELL_SERVER_LOG = log;
  process.env.E2E_PROXY_PORTS = JSON.stringify(proxies.ports);
  return async () => {
    await server.stop();
    await proxies.stop();
  };
}
