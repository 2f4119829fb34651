import type { CommandContext } from '../context.ts';
import { CliFailure, ExitCode } from '../exit-codes.ts';
import { resolveAccountId } from './account-lookup.ts';
import { copyWith, findClipboardTool } from './clipboard.ts';
import { sandboxBadge } from './command-helpers.ts';

/** `tradedeck accounts code <login> [--copy]`: the account's current Steam Guard code. */
export async function showGuardCode(ctx: CommandContext, login: string, options: { copy?: boolean }) {
  // The server's mode is asked while the account is looked up; the badge still comes first.
  const badge = sandboxBadge(ctx);
  const id = await resolveAccountId(ctx, login).finally(() => badge);
  const answer = await ctx.client().steamAccounts.guardCode({ id });
  ctx.print({ login, ...answer }, () => answer.code);
  ctx.io.stderr(`${ctx.t('guardValid', { login, seconds: answer.remainingSeconds })}\n`);
  if (options.copy) await copyCode(ctx, answer.code);
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
