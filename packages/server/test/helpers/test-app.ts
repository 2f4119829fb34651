import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type ServerConfig } from '../../src/config/config.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import { createTestDatabase, createTestDatabaseTarget, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  config: ServerConfig;
  testDb: TestDatabase;
  close(): Promise<void>;
}

/** Builds the real app on a fresh database; `configure` may adjust the config and the app before it is ready. */
export async function createTestApp(
  overrides: Partial<ServerConfig> = {},
  configure?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  // The config names the database the app really uses (hubs open their own listener connection from it).
  const config: ServerConfig = {
    ...loadConfig({}),
    logLevel: 'silent',
    databaseUrl: testDb.url,
    ...overrides,
  };
  const app = await buildApp({ config, database: testDb.database });
  configure?.(app);
  await app.ready();
  return {
    app,
    config,
    testDb,
    async close() {
      await app.close();
      await testDb.drop();
    },
  };
}

/**
 * Starts the real server on port 0 over a fresh database (Postgres when TEST_DATABASE_URL is set, else
 * in-memory PGlite); `stop()` also drops the database.
 */
export async function startTestServer(
  configure?: (app: FastifyInstance) => void,
  overrides: Partial<ServerConfig> = {},
): Promise<RunningServer> {
  const target = await createTestDatabaseTarget();
  const server = await startServer(
    {
      ...loadConfig({}),
      port: 0,
      logLevel: 'silent',
      databaseUrl: target.databaseUrl,
      dataDir: target.dataDir,
      ...overrides,
    },
    configure,
  );
  const stop = server.stop;
  return {
    ...server,
    async stop() {
      await stop();
      await target.drop();
    },
  };
}
