import type { HarvesterSession, HarvesterTransaction } from '@tradedeck/sdk/contract';
import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { resolveAccountId } from '../../kit/account-lookup.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, parseIds, positiveInt, usage } from '../../kit/command-helpers.ts';
import { confirmDestructive } from '../../kit/confirm.ts';
import { collectAll, type ListFlags, printList } from '../../kit/lists.ts';
import { settleBatch } from '../../kit/outcome.ts';
import type { MessageKey } from '../../texts/message.ts';
import { resolveProfile, resolveSelection } from './harvester-lookup.ts';
import { transactionStatuses } from './harvester-options.ts';
import { sessionHead, sessionRow, transactionHead, transactionRow } from './harvester-output.ts';
import { HARVESTER_COMMANDS } from './specs.ts';

const NEWEST_FIRST = [{ propertyName: 'id' as const, isDescending: true }];
const BY_ID = [{ propertyName: 'id' as const, isDescending: false }];

interface StartOptions {
  profile?: string;
  sources?: string;
  targets?: string;
  name?: string;
  start: boolean;
}

interface TransactionFilters {
  id: number;
  withStatus: HarvesterTransaction['status'][];
  accountIds: number[];
  sourceIds: number[];
  targetIds: number[];
}

interface TxOptions extends ListFlags {
  status: string[];
  account?: string;
  restart?: boolean;
  cancel?: boolean;
  ids?: string;
}

/** `tradedeck harvester sessions ls | start | pause | resume | complete | tx`. */
export function registerHarvesterSessions(harvester: Command, { lang, context }: Registration): void {
  const sessions = addCommand(harvester, HARVESTER_COMMANDS.sessions, lang);
  addCommand(sessions, HARVESTER_COMMANDS.sessionsLs, lang).action(
    guarded(context, async (ctx, options: ListFlags) => {
      await printList(
        ctx,
        {
          head: sessionHead(ctx),
          row: (session: HarvesterSession) => sessionRow(ctx, session),
          fetchPage: (page, pageSize) =>
            ctx.client().harvester.listSessions({
              withStatus: [],
              includeCompleted: true,
              pages: { page, pageSize },
              sort: NEWEST_FIRST,
            }),
          none: ctx.t('sessionsNone'),
          totalLine: (shown, total, page) => ctx.t('sessionsTotal', { shown, total, page }),
        },
        options,
      );
    }),
  );

  addCommand(harvester, HARVESTER_COMMANDS.start, lang).action(
    guarded(context, async (ctx, options: StartOptions) => {
      if (!options.sources) usage(ctx, 'noSelection', { option: '--sources' });
      if (!options.targets) usage(ctx, 'noSelection', { option: '--targets' });
      const api = ctx.client().harvester;
      const profile = options.profile === undefined ? undefined : await resolveProfile(ctx, options.profile);
      const created = await api.createSession({
        ...(options.name ? { name: options.name } : {}),
        ...(profile ? { profileId: profile.id } : {}),
        sources: await resolveSelection(ctx, '--sources', options.sources),
        targets: await resolveSelection(ctx, '--targets', options.targets),
        targetWeights: [],
      });
      if (!options.start) {
        ctx.print(created, () => ctx.t('sessionCreated', { id: created.id, name: created.name }));
        return;
      }
      const started = await api.startSession({ id: created.id });
      ctx.print(started, () => ctx.t('sessionStarted', { id: started.id, name: started.name }));
    }),
  );

  const sessionAction = (
    name: 'pause' | 'resume' | 'complete',
    run: (ctx: CommandContext, id: number, options: { yes?: boolean }) => Promise<HarvesterSession>,
    done: MessageKey,
  ) => {
    addCommand(harvester, HARVESTER_COMMANDS[name], lang).action(
      guarded(context, async (ctx, id: string, options: { yes?: boolean }) => {
        const session = await run(ctx, sessionId(ctx, id), options);
        ctx.print(session, () => ctx.t(done, { id: session.id, name: session.name }));
      }),
    );
  };
  sessionAction('pause', (ctx, id) => ctx.client().harvester.pauseSession({ id }), 'sessionPaused');
  sessionAction('resume', (ctx, id) => ctx.client().harvester.startSession({ id }), 'sessionStarted');
  sessionAction(
    'complete',
    async (ctx, id, options) => {
      const api = ctx.client().harvester;
      const session = await api.getSession({ id });
      await confirmDestructive(ctx, {
        yes: options.yes,
        action: ctx.t('confirmCompleteAction', { id, name: session.name }),
        items: [`${session.name} (id ${id})`],
      });
      return api.completeSession({ id });
    },
    'sessionCompleted',
  );

  addCommand(harvester, HARVESTER_COMMANDS.tx, lang).action(
    guarded(context, async (ctx, session: string, options: TxOptions) => {
      const id = sessionId(ctx, session);
      if (options.restart && options.cancel) usage(ctx, 'restartAndCancel');
      const filters: TransactionFilters = {
        id,
        withStatus: transactionStatuses(ctx, options.status),
        accountIds: options.account ? [await resolveAccountId(ctx, options.account)] : [],
        sourceIds: [],
        targetIds: [],
      };
      const api = ctx.client().harvester;
      if (options.restart || options.cancel) {
        await editTransactions(ctx, options.restart ? 'restart' : 'cancel', filters, options.ids);
        return;
      }
      await printList(
        ctx,
        {
          head: transactionHead(ctx),
          row: (tx: HarvesterTransaction) => transactionRow(ctx, tx),
          fetchPage: (page, pageSize) =>
            api.transactions({ ...filters, pages: { page, pageSize }, sort: BY_ID }),
          none: ctx.t('txNone'),
          totalLine: (shown, total, page) => ctx.t('txTotal', { shown, total, page }),
        },
        options,
      );
    }),
  );
}

function sessionId(ctx: CommandContext, value: string): number {
  return positiveInt(ctx, '<id>', value) ?? usage(ctx, 'badIds', { value });
}

/**
 * Restart or cancel: the given ids, else the transactions the filters show (a status or an account), else all
 * that qualify. Refused by the server while the session runs; failures per transaction on stderr, exit 3 when
 * some went through.
 */
async function editTransactions(
  ctx: CommandContext,
  kind: 'restart' | 'cancel',
  filters: TransactionFilters,
  ids: string | undefined,
): Promise<void> {
  const api = ctx.client().harvester;
  const filtered = filters.withStatus.length > 0 || filters.accountIds.length > 0;
  let transactionIds: number[] = [];
  if (ids !== undefined) transactionIds = parseIds(ctx, [ids]);
  else if (filtered) {
    const rows = await collectAll((page, pageSize) =>
      api.transactions({ ...filters, pages: { page, pageSize }, sort: BY_ID }),
    );
    transactionIds = rows.map((row) => row.id);
    if (transactionIds.length === 0) {
      ctx.print({ succeededIds: [], failed: [] }, () => ctx.t('txNone'));
      return;
    }
  }
  const request = { id: filters.id, transactionIds, all: transactionIds.length === 0 };
  const result =
    kind === 'restart' ? await api.restartTransactions(request) : await api.cancelTransactions(request);
  const summary = ctx.t(kind === 'restart' ? 'txRestarted' : 'txCancelled', {
    count: result.succeededIds.length,
  });
  if (ctx.json) ctx.io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  for (const failure of result.failed)
    ctx.io.stderr(`${ctx.t('txFailedLine', { id: failure.id, message: failure.message })}\n`);
  settleBatch(summary, { done: result.succeededIds.length, failed: result.failed.length });
  if (!ctx.json) ctx.io.stdout(`${summary}\n`);
}
