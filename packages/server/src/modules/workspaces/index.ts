import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import type { EventScope } from '../../hubs/authenticator.ts';
import type { EventLog } from '../../hubs/event-log/event-log.ts';
import type { Jobs } from '../../jobs/jobs.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import { publicBase } from '../auth/index.ts';
import type { MailApi } from '../mail/index.ts';
import { eventScopeOf } from './event-scope.ts';
import { resolveWorkspace, workspaceGate, workspaceInputGate } from './gate.ts';
import { type MoveJobData, WORKSPACE_MOVE_QUEUE, WorkspaceMoves } from './move-job.ts';
import { MoveRepo } from './move-repo.ts';
import { announceMovedIn } from './moved-in.ts';
import { WorkspacesRepo } from './repo.ts';
import { workspaceRoutes } from './routes.ts';
import { WorkspacesService } from './service.ts';

export interface WorkspacesDeps {
  config: ServerConfig;
  database: Database;
  mail: MailApi;
  /** Seals the moved secrets again under the team workspace's key. */
  secrets: SecretBox;
  jobs: Pick<Jobs, 'send' | 'work'>;
  /** Tells the team's members viewing the lists what a move brought in. */
  eventLog: EventLog;
  now: () => number;
}

/**
 * Workspaces: the gate every signed-in call passes (active workspace and role), and the operations on
 * workspaces, members and invitations.
 */
export interface WorkspacesApi {
  /**
   * The live-event view of a user asking for `workspace` (null: the personal one): the workspace whose events it
   * receives and, for a member limited to tags, what it may see of them; null if not a member.
   */
  hubMember(userId: string, workspace: string | null): Promise<{ ownerId: string; sees?: EventScope } | null>;
}

export function registerWorkspaces(app: FastifyInstance, deps: WorkspacesDeps): WorkspacesApi {
  const repo = new WorkspacesRepo(deps.database.db);
  app.decorate('workspaceGate', workspaceGate(repo));
  app.decorate('workspaceInputGate', workspaceInputGate);
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
  const moves = new WorkspaceMoves({
    repo: new MoveRepo(deps.database.db, announceMovedIn(deps.eventLog)),
    workspaces: repo,
    secrets: deps.secrets,
    jobs: deps.jobs,
    now: deps.now,
  });
  workspaceRoutes(service, moves).bind(app);
  app.addHook('onReady', async () => {
    await deps.jobs.work<MoveJobData>(WORKSPACE_MOVE_QUEUE, (job) => moves.run(job));
  });
  return {
    async hubMember(userId, workspace) {
      const active = await resolveWorkspace(repo, userId, workspace);
      if (!active) return null;
      const sees = eventScopeOf(repo, active.ownerId, userId, active.scopeTags);
      return { ownerId: active.ownerId, ...(sees ? { sees } : {}) };
    },
  };
}
