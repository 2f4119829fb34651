import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer } from './server.ts';

/** Starts one server for the suite; specs read its address from SHELL_BASE_URL and its log from SHELL_SERVER_LOG. */
export default async function globalSetup() {
  const index = fileURLToPath(new URL('../../../packages/server/public/index.html', import.meta.url));
  if (!existsSync(index))
    throw new Error('The web app is not built: run `pnpm --filter @tradedeck/web build` first');
  const log = join(mkdtempSync(join(tmpdir(), 'tradedeck-shell-')), 'server.log');
  const server = await startTestServer({}, 0, log);
  process.env.SHELL_BASE_URL = server.url;
  process.env.SHELL_SERVER_LOG = log;
  return () => server.stop();
}
