import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import { SystemRepo } from './repo.ts';
import { systemRoutes } from './routes.ts';
import { SystemService } from './service.ts';

export { SystemRepo } from './repo.ts';
export type { SystemService } from './service.ts';

export interface SystemDeps {
  config: Pick<ServerConfig, 'mode' | 'maintenance'>;
  database: Database;
  version: string;
}

/** The server's status and the stored maintenance flag. */
export function registerSystem(
  app: FastifyInstance,
  { config, database, version }: SystemDeps,
): SystemService {
  const service = new SystemService(new SystemRepo(database.db), {
    version,
    mode: config.mode,
    database: database.kind,
    maintenanceOverride: config.maintenance,
  });
  systemRoutes(service).bind(app);
  return service;
}
