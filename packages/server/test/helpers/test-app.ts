import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type ServerConfig } from '../../src/config/config.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

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
  const config: ServerConfig = { ...loadConfig({}), logLevel: 'silent', ...overrides };
  const testDb = await createTestDatabase();
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
