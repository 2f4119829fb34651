import { ApiError } from '@tradedeck/sdk/client';
import type { GuardCodeResult } from '@tradedeck/sdk/domain';
import type { CommandContext } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { sandboxBadge } from '../../kit/sandbox-badge.ts';
import { copyWith, findClipboardTool } from './clipboard.ts';

/** `tradedeck accounts code <login> [--copy]`: the account's current Steam Guard code. */
export async function showGuardCode(ctx: CommandContext, login: string, options: { copy?: boolean }) {
  // The server's mode is asked while the code is; the badge still comes first.
  const badge = sandboxBadge(ctx);
  const answer = await codeOf(ctx, login).finally(() => badge);
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

/** The code of the account with this login (any case), or with this id when the argument is digits only. */
async function codeOf(ctx: CommandContext, who: string): Promise<GuardCodeResult> {
  const value = who.trim();
  const accounts = ctx.client().steamAccounts;
  if (/^\d+$/.test(value)) return accounts.guardCode({ id: Number(value) });
  try {
    // One request finds the account and reads its code.
    return await accounts.guardCodeByLogin({ login: value });
  } catch (error) {
    // Result code 3: the user has no account with this login.
    if (!(error instanceof ApiError && error.resultCode === 3)) throw error;
    const text = ctx.t('noAccount', { login: value });
    throw new CliFailure(text, ExitCode.Error, { error: 'not-found', login: value });
  }
}
