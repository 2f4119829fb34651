import type { SteamAccountRow } from '@tradedeck/sdk/contract';
import { ADD_MODES, type AddMode, type SteamAccountStatus } from '@tradedeck/sdk/domain';
import { type Command, Option } from 'commander';
import type { CommandContext, Registration } from '../context.ts';
import { CliFailure, ExitCode } from '../exit-codes.ts';
import { type MessageKey, message } from '../messages.ts';
import { renderTable } from '../table.ts';
import { importAccounts } from './account-import.ts';
import { resolveAccountId } from './account-lookup.ts';
import { registerAccountMafile } from './account-mafile.ts';
import { registerAccountTrading } from './account-trading.ts';
import { copyWith, findClipboardTool } from './clipboard.ts';
import { guarded, pageSize, positiveInt, readTextInput, sandboxBadge, usage } from './command-helpers.ts';

const ACCOUNT_STATUSES: Record<string, SteamAccountStatus> = { idle: 0, active: 1, error: 2 };
const collect = (value: string, all: string[]) => [...all, value];

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
  const t = (key: MessageKey) => message(lang, key);
  const accounts = program.command('accounts').description(t('accountsDescription'));

  accounts
    .command('import')
    .description(t('accountsImportDescription'))
    .requiredOption('--mafiles <path>', t('optMafiles'))
    .option('--lines <file>', t('optLines'))
    .option('--mode <mode>', t('optMode'))
    .option('--proxy-tag <tag>', t('optProxyTag'))
    .option('--max-per-proxy <n>', t('optMaxPerProxy'))
    .option('--passkey-stdin', t('optPasskeyStdin'))
    // Only to answer anyone who tries it: the passkey is never taken as an argument.
    .addOption(new Option('--passkey <passkey>').hideHelp())
    .option('--retry-failed', t('optRetryFailed'))
    .option('--chunk <n>', t('optChunk'))
    .action(
      guarded(context, async (ctx, flags: ImportFlags) => {
        const mode = modeOption(ctx, flags.mode);
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

  accounts
    .command('ls')
    .description(t('accountsLsDescription'))
    .option('--status <status>', t('optAccountStatus'), collect, [])
    .option('--search <text>', t('optSearch'))
    .option('--page <n>', t('optPage'))
    .option('--page-size <n>', t('optPageSize'))
    .action(
      guarded(
        context,
        async (ctx, options: { status: string[]; search?: string; page?: string; pageSize?: string }) => {
          const page = positiveInt(ctx, '--page', options.page) ?? 1;
          const size = pageSize(ctx, options.pageSize) ?? 50;
          const withStatus = options.status.map((value) => {
            const status = ACCOUNT_STATUSES[value.trim().toLowerCase()];
            if (status === undefined)
              usage(ctx, 'badStatus', { value, known: Object.keys(ACCOUNT_STATUSES).join(', ') });
            return status;
          });
          await sandboxBadge(ctx);
          const answer = await ctx.client().steamAccounts.query({
            withStatus,
            ...(options.search !== undefined ? { searchString: options.search } : {}),
            pages: { page, pageSize: size },
          });
          ctx.print(answer, () => accountsTable(ctx, answer));
        },
      ),
    );

  accounts
    .command('code <login>')
    .description(t('accountsCodeDescription'))
    .option('--copy', t('optCopy'))
    .action(
      guarded(context, async (ctx, login: string, options: { copy?: boolean }) => {
        await sandboxBadge(ctx);
        const id = await resolveAccountId(ctx, login);
        const answer = await ctx.client().steamAccounts.guardCode({ id });
        ctx.print({ login, ...answer }, () => answer.code);
        ctx.io.stderr(`${ctx.t('guardValid', { login, seconds: answer.remainingSeconds })}\n`);
        if (options.copy) await copyCode(ctx, answer.code);
      }),
    );

  registerAccountTrading(accounts, { lang, context });
  registerAccountMafile(accounts, { lang, context });

  accounts
    .command('assign-proxies <file>')
    .description(t('accountsAssignDescription'))
    .action(
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
        if (result.errors.length > 0 || result.failed.length > 0) {
          throw new CliFailure(
            ctx.t('assignDone', { count: result.succeededIds.length, added: result.addedProxyIds.length }),
            ExitCode.Error,
          );
        }
      }),
    );

  accounts
    .command('rm <accounts...>')
    .description(t('accountsRmDescription'))
    .action(
      guarded(context, async (ctx, who: string[]) => {
        await sandboxBadge(ctx);
        const accountIds: number[] = [];
        for (const item of who) accountIds.push(await resolveAccountId(ctx, item));
        const result = await ctx.client().steamAccounts.batchRemove({ accountIds: [...new Set(accountIds)] });
        ctx.print(result, () => ctx.t('accountsRemoved', { count: result.succeededIds.length }));
        for (const failure of result.failed) {
          ctx.io.stderr(`${ctx.t('assignFailed', { id: failure.id, message: failure.message })}\n`);
        }
        if (result.failed.length > 0) {
          throw new CliFailure(
            ctx.t('accountsRemoved', { count: result.succeededIds.length }),
            ExitCode.Error,
          );
        }
      }),
    );
}

function modeOption(ctx: CommandContext, value: string | undefined): AddMode {
  if (value === undefined) return 'multiple';
  const mode = ADD_MODES.find((m) => m === value.trim().toLowerCase());
  if (!mode) usage(ctx, 'badMode', { value });
  return mode;
}

async function copyCode(ctx: CommandContext, code: string): Promise<void> {
  const tool = findClipboardTool(ctx.io.env);
  if (!tool) {
    const text = ctx.t('noClipboard');
    throw new CliFailure(text, ExitCode.Error, { error: 'no-clipboard' });
  }
  try {
    await copyWith(tool, code, ctx.io.env);
  } catch (error) {
    const text = ctx.t('copyFailed', { tool: tool.command, reason: (error as Error).message });
    throw new CliFailure(text, ExitCode.Error, { error: text });
  }
  ctx.io.stderr(`${ctx.t('copied', { tool: tool.command })}\n`);
}

function accountsTable(
  ctx: CommandContext,
  answer: { items: SteamAccountRow[]; total: number; page: number },
) {
  if (answer.items.length === 0) return ctx.t('accountsNone');
  const head = [
    ctx.t('colId'),
    ctx.t('colLogin'),
    ctx.t('colSteamId'),
    ctx.t('colStatus'),
    ctx.t('colProxy'),
    ctx.t('colTags'),
    ctx.t('colError'),
  ];
  const rows = answer.items.map((a) => [
    String(a.id),
    a.login,
    a.steamId ?? '',
    ctx.t(`accountStatus${a.accountStatus}` as MessageKey),
    a.proxy ? `${a.proxy.address}:${a.proxy.port}` : '',
    a.tags.map((tag) => tag.name).join(','),
    a.lastError ?? '',
  ]);
  const aligned = Boolean(ctx.io.terminal);
  const table = renderTable(head, rows, aligned);
  if (!aligned) return table;
  return `${table}\n${ctx.t('accountsTotal', { shown: answer.items.length, total: answer.total, page: answer.page })}`;
}
