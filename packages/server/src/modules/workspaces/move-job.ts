import { setImmediate as nextTurn } from 'node:timers/promises';
import { ResultCode, type WorkspaceMove } from '@tradedeck/sdk/contract';
import type { ProxyProtocol } from '@tradedeck/sdk/domain';
import type { Language } from '@tradedeck/sdk/i18n';
import { AppError } from '../../http/app-error.ts';
import type { JobContext, Jobs } from '../../jobs/jobs.ts';
import type { OpenSecretBox, SecretBox } from '../../security/secret-box.ts';
import { IDENTITY_KEY_PURPOSE, identityHash, passwordSlot, storedCredentials } from '../proxies/index.ts';
import { moveMessages } from './messages.ts';
import type { MoveItemRow, MoveRepo, MoveRow, ProxySecret, Resealer } from './move-repo.ts';
import type { WorkspacesRepo } from './repo.ts';

export const WORKSPACE_MOVE_QUEUE = 'workspace-moves';

export interface MoveJobData {
  moveId: number;
}

export interface MoveDeps {
  repo: MoveRepo;
  workspaces: WorkspacesRepo;
  secrets: SecretBox;
  jobs: Pick<Jobs, 'send'>;
  now: () => number;
}

/**
 * Moving a personal workspace's Steam accounts and proxies into a team workspace (docs/workspaces.md, "Moving
 * personal data into a team"), as a resumable job: the items are written first, each then moves in one
 * transaction that also records its outcome, so a run cut short moves nothing twice and the next run takes the
 * rest. Stored secrets are sealed again under the team workspace's data key in that transaction.
 */
export class WorkspaceMoves {
  constructor(private readonly deps: MoveDeps) {}

  async start(
    teamId: string,
    actorId: string,
    input: { accountIds: number[]; proxyIds: number[] },
    lang: Language,
  ): Promise<WorkspaceMove> {
    if ((await this.deps.workspaces.kindOf(teamId)) !== 'team')
      throw new AppError({ code: ResultCode.InvalidState, text: moveMessages.intoTeamOnly });
    const items = [
      ...[...new Set(input.accountIds)].map((objectId) => ({ kind: 'account' as const, objectId })),
      ...[...new Set(input.proxyIds)].map((objectId) => ({ kind: 'proxy' as const, objectId })),
    ];
    // The source is always the caller's own personal workspace: its id is the caller's.
    const moveId = await this.deps.repo.run(teamId, actorId, (q) =>
      q.create({ teamId, sourceId: actorId, actorId }, items),
    );
    await this.deps.jobs.send<MoveJobData>(WORKSPACE_MOVE_QUEUE, { moveId }, { retryLimit: 5 });
    return this.view(teamId, actorId, moveId, lang);
  }

  async view(teamId: string, actorId: string, moveId: number, lang: Language): Promise<WorkspaceMove> {
    const found = await this.deps.repo.run(teamId, actorId, (q) => q.load(moveId));
    if (!found) throw new AppError({ code: ResultCode.NotFound, text: moveMessages.moveNotFound });
    return toView(found.move, found.items, lang);
  }

  async run(context: JobContext<MoveJobData>): Promise<void> {
    const found = await this.deps.repo.loadForJob(context.data.moveId);
    if (!found || found.move.status === 'done') return;
    const { move, items } = found;
    const reseal = resealer(
      move,
      await this.deps.secrets.openFor(move.sourceId),
      await this.deps.secrets.openFor(move.userId),
    );
    const done = new Set<string>();
    const open = (kind: string) =>
      items.filter((item) => item.kind === kind && item.state === 'planned' && !done.has(keyOf(item)));
    // Accounts first: each carries the proxies it uses; a proxy left over is one no account stays on.
    for (const kind of ['account', 'proxy'] as const) {
      for (const item of open(kind)) {
        if (done.has(keyOf(item))) continue;
        // Stop between items: what moved is written with its outcome, the next run takes the rest.
        context.signal.throwIfAborted();
        // The embedded database answers within the turn: without a turn of the loop between items, a move of
        // thousands would hold every request, hub delivery and the stall watchdog's heartbeat until its end.
        await nextTurn();
        const at = new Date(this.deps.now());
        const outcome =
          kind === 'account'
            ? await this.deps.repo.moveAccountGroup(move, item.objectId, reseal, at)
            : await this.deps.repo.moveLoneProxy(move, item.objectId, reseal, at);
        if ('failure' in outcome) {
          await this.deps.repo.fail(move.id, kind, item.objectId, outcome.failure, at);
          continue;
        }
        for (const id of outcome.moved.accounts) done.add(`account:${id}`);
        for (const id of outcome.moved.proxies) done.add(`proxy:${id}`);
      }
    }
    await this.deps.repo.finish(move.id, new Date(this.deps.now()));
  }
}

const keyOf = (item: Pick<MoveItemRow, 'kind' | 'objectId'>) => `${item.kind}:${item.objectId}`;

/** Opens with the personal workspace's key and seals with the team's, the slot moved to the team. */
function resealer(move: MoveRow, from: OpenSecretBox, to: OpenSecretBox): Resealer {
  const teamKey = to.deriveKey(IDENTITY_KEY_PURPOSE);
  return {
    secret: ({ slotIn, value }) =>
      to.encrypt(slotIn(move.userId), from.decrypt(slotIn(move.sourceId), value)),
    // A proxy's identity hash is keyed by its workspace, and its password's envelope is bound to the hash.
    proxy(proxy: ProxySecret) {
      const password = proxy.passwordEnc
        ? from.decrypt(passwordSlot(move.sourceId, proxy.identityHash), proxy.passwordEnc)
        : '';
      const hash = identityHash(teamKey, {
        protocol: proxy.protocol as ProxyProtocol,
        host: proxy.host,
        port: proxy.port,
        credentials: storedCredentials(proxy, password),
      });
      return {
        identityHash: hash,
        passwordEnc: proxy.passwordEnc ? to.encrypt(passwordSlot(move.userId, hash), password) : null,
      };
    },
  };
}

function toView(move: MoveRow, items: MoveItemRow[], lang: Language): WorkspaceMove {
  return {
    id: move.id,
    fromWorkspaceId: move.sourceId,
    status: move.status,
    total: move.total,
    moved: items.filter((item) => item.state === 'moved').length,
    failed: items.filter((item) => item.state === 'failed').length,
    createdAt: move.createdAt.toISOString(),
    finishedAt: move.finishedAt?.toISOString() ?? null,
    items: items.map((item) => {
      const failure = (item.failure as keyof typeof moveMessages.failures | null) ?? null;
      return {
        kind: item.kind,
        id: item.objectId,
        state: item.state,
        failure,
        message: failure ? moveMessages.failures[failure][lang] : null,
      };
    }),
  };
}
