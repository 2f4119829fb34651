import { loadConfig, type ServerConfig } from '../../src/config/config.ts';
import { IN_MEMORY } from '../../src/db/database.ts';
import type { Hubs } from '../../src/hubs/register.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import { createTestDatabase, TEST_DATABASE_URL } from '../helpers/test-database.ts';
import { createTestAuth } from './test-auth.ts';

export interface HubTestServer {
  server: RunningServer;
  url: string;
  hubs: Hubs;
  tokenFor(userId: string, ttlMs?: number): string;
  stop(): Promise<void>;
}

/** A real listening server with hubs, on in-memory PGlite (or a fresh database on TEST_DATABASE_URL). */
export async function startHubTestServer(
  tune: Parameters<Hubs['tune']>[0] = {},
  overrides: Partial<ServerConfig> = {},
): Promise<HubTestServer> {
  const auth = createTestAuth();
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (TEST_DATABASE_URL) {
    const testDb = await createTestDatabase();
    await testDb.database.close();
    databaseUrl = testDb.url;
    dropDatabase = testDb.drop;
  }
  const config: ServerConfig = {
    ...loadConfig({}),
    port: 0,
    dataDir: IN_MEMORY,
    databaseUrl,
    logLevel: 'silent',
    ...overrides,
  };
  const server = await startServer(config, (app) => {
    app.hubs.setAuthenticator(auth.authenticate);
    app.hubs.tune(tune);
  });
  return {
    server,
    url: server.url,
    hubs: server.app.hubs,
    tokenFor: auth.tokenFor,
    async stop() {
      await server.stop();
      await dropDatabase().catch(() => {});
    },
  };
}
