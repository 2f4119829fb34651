import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import { publicBase } from '../auth/index.ts';
import type { MailApi } from '../mail/index.ts';
import { workspaceGate } from './gate.ts';
import { WorkspacesRepo } from './repo.ts';
import { workspaceRoutes } from './routes.ts';
import { WorkspacesService } from './service.ts';

export { refuseUnlessAllowed } from './gate.ts';

export interface WorkspacesDeps {
  config: ServerConfig;
  database: Database;
  mail: MailApi;
  now: () => number;
}

/**
 * Workspaces: the gate every signed-in call passes (active workspace and role), and the operations on
 * workspaces, members and invitations.
 */
export function registerWorkspaces(app: FastifyInstance, deps: WorkspacesDeps): void {
  const repo = new WorkspacesRepo(deps.database.db);
  app.decorate('workspaceGate', workspaceGate(repo));
  const service = new WorkspacesService({
    repo,
    mailer: deps.mail.mailer,
    now: deps.now,
    link: (path, query) => {
      const url = new URL(path, publicBase(app, deps.config));
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      return url.toString();
    },
  });
  workspaceRoutes(service).bind(app);
}
