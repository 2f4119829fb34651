/**
 * `pnpm demo`: the panel in sandbox mode with a signed-up demo user, a few live loopback proxies under a proxy tag,
 * and a folder of sandbox maFiles (plus `accounts.txt`) to import through the add wizard or the CLI.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/config.ts';
import { writeSandboxImportSet } from '../integrations/steam/index.ts';
import { UsersRepo } from '../modules/auth/index.ts';
import { startServer } from '../server.ts';
import { startLoopbackProxies } from './loopback-proxies.ts';

export const DEMO_EMAIL = 'demo@tradedeck.local';
export const DEMO_PASSWORD = 'Sandbox-Lantern-42';
export const DEMO_PROXY_TAG = 'Demo pool';

export interface DemoOptions {
  port?: number;
  webRoot?: string | null;
  healthyAccounts?: number;
  proxies?: number;
}

export async function runDemo(options: DemoOptions = {}) {
  const home = await mkdtemp(join(tmpdir(), 'tradedeck-demo-'));
  const config = {
    ...loadConfig({ ...process.env, TRADEDECK_MODE: 'sandbox' }),
    dataDir: join(home, 'data'),
    databaseUrl: null,
    port: options.port ?? Number(process.env.PORT ?? 8080),
    webRoot: options.webRoot ?? null,
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    // The demo's proxies listen on loopback.
    allowPrivateProxies: true,
  };
  const server = await startServer(config);
  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const response = await server.app.inject({
      method: method as 'POST',
      url: path,
      headers: { 'accept-language': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    const envelope = response.json();
    if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.error.message}`);
    return envelope.data;
  };

  // The first account of an instance is its approved administrator; the demo confirms its e-mail itself.
  await api('POST', '/api/auth/register', { email: DEMO_EMAIL, userName: 'demo', password: DEMO_PASSWORD });
  const users = new UsersRepo(server.database.db);
  const user = await users.findByEmail(DEMO_EMAIL);
  if (!user) throw new Error('the demo user was not created');
  await users.confirmEmail(user.id);
  const login = await api('POST', '/api/auth/login', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
  const token = login.accessToken as string;

  const loopback = await startLoopbackProxies(options.proxies ?? 5);
  const lines = loopback.proxies.map((p) => `127.0.0.1:${p.port}:${p.username}:${p.password}`).join('\n');
  await api('POST', '/api/proxies', { proxies: lines, tag: { id: 0, name: DEMO_PROXY_TAG } }, token);

  const importSet = await writeSandboxImportSet(join(home, 'import'), {
    healthy: options.healthyAccounts ?? 20,
    includeFailureCases: true,
  });

  return {
    url: server.url,
    home,
    importSet,
    proxies: loopback.proxies,
    async stop() {
      await loopback.close();
      await server.stop();
    },
  };
}
