import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgliteTemplateFile } from '../../../packages/server/test/helpers/pglite-template.ts';
import { ensureFixturesBuild } from '../../bench/_web-fixtures-build.mjs';
import { APP_PORT } from './app-port.ts';
import { freePort, startE2eProxies } from './proxy-fixtures.ts';
import { startTestServer } from './server.ts';

/**
 * Starts the suite's two servers side by side: the `app` project's on APP_PORT (its baseURL) and the shell's, whose
 * address specs read from SHELL_BASE_URL and its log from SHELL_SERVER_LOG. The first test runs once both announced
 * their address: a start on a busy machine takes what it takes, and no test's budget pays for it.
 */
export default async function globalSetup() {
  // The shell suite drives the /dev/table fixture too: it runs on the production build plus the dev routes.
  const webRoot = ensureFixturesBuild();
  // The specs' own servers (sandbox-panel.ts) start from the server suite's migrated database instead of migrating.
  process.env.E2E_PGLITE_TEMPLATE = await pgliteTemplateFile();
  const log = join(mkdtempSync(join(tmpdir(), 'tradedeck-shell-')), 'server.log');
  // Proxy checks go through loopback proxies to the server's own judge.
  const proxies = await startE2eProxies();
  const port = await freePort();
  const judge = `http://127.0.0.1:${port}/api/proxy-judge`;
  const starts = await Promise.allSettled([
    startTestServer({}, APP_PORT),
    startTestServer({ TRADEDECK_PROXY_CHECK_URL: judge, TRADEDECK_WEB_ROOT: webRoot }, port, log),
  ]);
  const [app, server] = starts.map((start) => (start.status === 'fulfilled' ? start.value : null));
  if (!app || !server) {
    await Promise.all([app?.stop(), server?.stop(), proxies.stop()]);
    throw starts.find((start) => start.status === 'rejected')?.reason;
  }
  process.env.SHELL_BASE_URL = server.url;
  process.env.SHELL_SERVER_LOG = log;
  process.env.E2E_PROXY_PORTS = JSON.stringify(proxies.ports);
  return async () => {
    await Promise.all([app.stop(), server.stop()]);
    await proxies.stop();
  };
}
