import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startTestServer } from './server.ts';

/** Starts one server for the suite; specs read its address from SHELL_BASE_URL. */
export default async function globalSetup() {
  const index = fileURLToPath(new URL('../../../packages/server/public/index.html', import.meta.url));
  if (!existsSync(index))
    throw new Error('The web app is not built: run `pnpm --filter @tradedeck/web build` first');
  const server = await startTestServer();
  process.env.SHELL_BASE_URL = server.url;
  return () => server.stop();
}
