import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureFixturesBuild } from '../../bench/_web-fixtures-build.mjs';
import { freePort, startE2eProxies } from './proxy-fixtures.ts';
import { startTestServer } from './server.ts';

/** Starts one server for the suite; specs read its address from SHELL_BASE_URL and its log from SHELL_SERVER_LOG. */
export default async function globalSetup() {
  // The shell suite drives the /dev/table fixture too: it runs on the production build plus the dev routes.
  const webRoot = ensureFixturesBuild();
  const log = join(mkdtempSync(join(tmpdir(), 'tradedeck-shell-')), 'server.log');
  // Proxy checks go through loopback proxies to the server's own judge.
  const proxies = await startE2eProxies();
  const port = await freePort();
  const judge = `http://127.0.0.1:${port}/api/proxy-judge`;
  const server = await startTestServer(
    { TRADEDECK_PROXY_CHECK_URL: judge, TRADEDECK_WEB_ROOT: webRoot },
    port,
    log,
  );
  process.env.SHELL_BASE_URL = server.url;
  process.env.SHELL_SERVER_LOG = log;
  process.env.E2E_PROXY_PORTS = JSON.stringify(proxies.ports);
  return async () => {
    await server.stop();
    await proxies.stop();
  };
}
