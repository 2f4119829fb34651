import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { UserScope } from '../../security/user-scope.ts';
import { SettingsRepo } from './repo.ts';
import { settingsRoutes } from './routes.ts';
import { SettingsService } from './service.ts';

export type { SettingsService } from './service.ts';

/** The user's global settings (currencies). */
export function registerSettings(
  app: FastifyInstance,
  { database }: { database: Database },
): SettingsService {
  const service = new SettingsService(new SettingsRepo(new UserScope(database.db)));
  settingsRoutes(service).bind(app);
  return service;
}
