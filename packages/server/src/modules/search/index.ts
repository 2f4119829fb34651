import type { FastifyInstance } from 'fastify';
import { searchRoutes } from './routes.ts';
import { SearchService } from './service.ts';

export type { SearchService, SearchSource } from './service.ts';

/** Global search; the areas with rows to search add their sources to the service it returns. */
export function registerSearch(app: FastifyInstance): SearchService {
  const service = new SearchService();
  searchRoutes(service).bind(app);
  return service;
}
