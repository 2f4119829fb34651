import type { SteamAccountRow } from '@tradedeck/sdk/contract';
import type { AddMode, SteamAccountStatus } from '@tradedeck/sdk/domain';
import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, positiveInt, readTextInput, sandboxBadge, usage } from '../../kit/command-helpers.ts';
import { type ListFlags, printList } from '../../kit/lists.ts';
import { settleBatch } from '../../kit/outcome.ts';
import { restingText } from '../../kit/resting.ts';
import type { MessageKey } from '../../texts/message.ts';
import { showGuardCode } from './account-code.ts';
import { registerAccountMafile } from './account-mafile.ts';
import { registerAccountRemove } from './account-remove.ts';
import { registerAccountTrading } from './account-trading.ts';
import { ACCOUNTS, ACCOUNTS_COMMANDS } from './specs.ts';

const ACCOUNT_STATUSES: Record<string, SteamAccountStatus> = { idle: 0, active: 1, error: 2 };

interface ImportFlags {
  mafiles: string;
  lines?: string;
  mode?: string;
  proxyTag?: string;
  maxPerProxy?: string;
  passkey?: string;
  passkeyStdin?: boolean;
  retryFailed?: boolean;
  chunk?: string;
}

/** `tradedeck accounts …`: import, ls, code, assign-proxies, rm. */
export function registerAccounts(program: Command, { lang, context }: Registration): void {
  const accounts = addCommand(program, ACCOUNTS, lang);

  addCommand(accounts, ACCOUNTS_COMMANDS.import, lang).action(
    guarded(context, async (ctx, flags: ImportFlags) => {
      // The import and the add modes load with the command: they bring the sdk's account rules.
      const [{ ADD_MODES }, { importAccounts }] = await Promise.all([
        import('@tradedeck/sdk/domain'),
        import('./account-import.ts'),
      ]);
      const mode = modeOption(ctx, flags.mode, ADD_MODES);
      if (mode === 'distribute' && !flags.proxyTag) usage(ctx, 'distributeNeedsTag');
      if (mode !== 'distribute' && (flags.proxyTag || flags.maxPerProxy)) usage(ctx, 'tagNeedsDistribute');
      const maxPerProxy = positiveInt(ctx, '--max-per-proxy', flags.maxPerProxy);
      const chunkSize = positiveInt(ctx, '--chunk', flags.chunk) ?? 25;
      if (flags.passkey !== undefined) usage(ctx, 'passkeyNotArgument');
      if (flags.passkeyStdin && flags.lines === '-') usage(ctx, 'stdinTwice');
      await sandboxBadge(ctx);
      await importAccounts(ctx, {
        mafiles: flags.mafiles,
        mode,
        chunkSize: Math.min(chunkSize, 500),
        ...(flags.lines !== undefined ? { lines: flags.lines } : {}),
        ...(flags.proxyTag !== undefined ? { proxyTag: flags.proxyTag } : {}),
        ...(maxPerProxy !== undefined ? { maxPerProxy } : {}),
        ...(flags.passkeyStdin ? { passkeyStdin: true } : {}),
        ...(flags.retryFailed ? { retryFailed: true } : {}),
      });
    }),
  );

  addCommand(accounts, ACCOUNTS_COMMANDS.ls, lang).action(
    guarded(context, async (ctx, options: { status: string[]; search?: string } & ListFlags) => {
      const withStatus = options.status.map((value) => {
        const status = ACCOUNT_STATUSES[value.trim().toLowerCase()];
        if (status === undefined)
          usage(ctx, 'badStatus', { value, known: Object.keys(ACCOUNT_STATUSES).join(', ') });
        return status;
      });
      await sandboxBadge(ctx);
      await printList(
        ctx,
        {
          head: accountHead(ctx),
          row: (account: SteamAccountRow) => accountRow(ctx, account),
          fetchPage: (page, pageSize) =>
            ctx.client().steamAccounts.query({
              withStatus,
              ...(options.search !== undefined ? { searchString: options.search } : {}),
              pages: { page, pageSize },
              sort: [{ propertyName: 'id', isDescending: false }],
            }),
          none: ctx.t('accountsNone'),
          totalLine: (shown, total, page) => ctx.t('accountsTotal', { shown, total, page }),
        },
        options,
      );
    }),
  );

  addCommand(accounts, ACCOUNTS_COMMANDS.code, lang).action(guarded(context, showGuardCode));

  registerAccountTrading(accounts, { lang, context });
  registerAccountMafile(accounts, { lang, context });

  addCommand(accounts, ACCOUNTS_COMMANDS.assignProxies, lang).action(
    guarded(context, async (ctx, file: string) => {
      const lines = await readTextInput(ctx, file);
      await sandboxBadge(ctx);
      const result = await ctx.client().steamAccounts.batchSetProxiesFromData({ lines });
      ctx.print(result, () =>
        ctx.t('assignDone', { count: result.succeededIds.length, added: result.addedProxyIds.length }),
      );
      for (const error of result.errors) {
        const login = error.account ? ` (${error.account})` : '';
        ctx.io.stderr(`${ctx.t('lineError', { line: error.line, login, message: error.message })}\n`);
      }
      for (const failure of result.failed) {
        ctx.io.stderr(`${ctx.t('assignFailed', { id: failure.id, message: failure.message })}\n`);
      }
      settleBatch(
        ctx.t('assignDone', { count: result.succeededIds.length, added: result.addedProxyIds.length }),
        { done: result.succeededIds.length, failed: result.errors.length + result.failed.length },
      );
    }),
  );

  registerAccountRemove(accounts, { lang, context });
}

function modeOption(ctx: CommandContext, value: string | undefined, modes: readonly AddMode[]): AddMode {
  if (value === undefined) return 'multiple';
  const mode = modes.find((m) => m === value.trim().toLowerCase());
  if (!mode) usage(ctx, 'badMode', { value });
  return mode;
}

function accountHead(ctx: CommandContext): string[] {
  return (
    ['colId', 'colLogin', 'colSteamId', 'colStatus', 'colProxy', 'colTags', 'colError', 'colResting'] as const
  ).map((key) => ctx.t(key));
}

function accountRow(ctx: CommandContext, a: SteamAccountRow): string[] {
  return [
    String(a.id),
    a.login,
    a.steamId ?? '',
    ctx.t(`accountStatus${a.accountStatus}` as MessageKey),
    a.proxy ? `${a.proxy.address}:${a.proxy.port}` : '',
    a.tags.map((tag) => tag.name).join(','),
    a.lastError ?? '',
    // Last, so scripts that cut the earlier columns by number keep working.
    restingText(ctx, a.resting),
  ];
}
