import type { Command } from 'commander';
import type { Registration } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { resolveAccountId } from '../../kit/account-lookup.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, readTextInput, sandboxBadge } from '../../kit/command-helpers.ts';
import { ACCOUNTS_COMMANDS } from './specs.ts';

/**
 * `tradedeck accounts mafile <login> FILE`: replaces a stored account's maFile (a renewed authenticator, a file
 * with a fresh session). The file is read here first, so a broken one is refused with the reader's reason before
 * anything is sent; the server reads it again and checks it is this account's. The proxy and tags stay.
 */
export function registerAccountMafile(accounts: Command, { lang, context }: Registration): void {
  addCommand(accounts, ACCOUNTS_COMMANDS.mafile, lang).action(
    guarded(context, async (ctx, login: string, file: string) => {
      const text = await readTextInput(ctx, file);
      // The maFile rules load with the command that reads one.
      const { mafileFailureMessages, parseMafileText } = await import('@tradedeck/sdk/domain');
      const read = parseMafileText(text, { tryExtractProxy: false });
      if (!read.ok) {
        const reason = mafileFailureMessages[ctx.lang][read.reason];
        throw new CliFailure(ctx.t('mafileUnreadable', { file, message: reason }), ExitCode.Error, {
          error: 'invalid-mafile',
          reason: read.reason,
          message: reason,
        });
      }
      await sandboxBadge(ctx);
      const id = await resolveAccountId(ctx, login);
      const status = await ctx.client().steamAccounts.updateCredentials({ id, mafile: text });
      const kept = [
        status.hasIdentitySecret ? 'identity_secret' : null,
        status.hasRevocationCode ? 'revocation_code' : null,
      ].filter(Boolean);
      ctx.print({ login, ...status }, () =>
        ctx.t('mafileReplaced', { login, secrets: ['shared_secret', ...kept].join(', ') }),
      );
    }),
  );
}
