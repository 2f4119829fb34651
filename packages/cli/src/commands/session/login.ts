import type { UserInfo } from '@tradedeck/sdk/contract';
import { jwtExpiresAt } from '@tradedeck/sdk/domain';
import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { failureFromError } from '../../failures.ts';
import { addCommand } from '../../kit/add-command.ts';
import { StoredTokenStore } from '../../session.ts';
import { SESSION_COMMANDS } from './specs.ts';

interface LoginOptions {
  email?: string;
  passwordStdin?: boolean;
}

export function registerLogin(program: Command, { lang, context }: Registration): void {
  addCommand(program, SESSION_COMMANDS.login, lang).action(
    async (options: LoginOptions, command: Command) => {
      const ctx = context();
      // `tradedeck login --token T` (the global option) saves T instead of signing in with a password.
      const token = (command.optsWithGlobals() as { token?: string }).token;
      if (token) return saveToken(ctx, token);
      // Without a terminal nothing is asked: the missing piece is named instead.
      const prompt = ctx.io.interactive ? ctx.io.prompt : undefined;
      const email = options.email ?? (prompt ? (await prompt(`${ctx.t('askEmail')}: `)).trim() : '');
      if (!email) throw new CliFailure(ctx.t(prompt ? 'loginEmailEmpty' : 'loginNeedsEmail'), ExitCode.Usage);
      if (!options.passwordStdin && !prompt)
        throw new CliFailure(ctx.t('loginNeedsPassword'), ExitCode.Usage);
      const password = options.passwordStdin
        ? await readStdin(ctx.io.stdin ?? process.stdin)
        : await prompt!(`${ctx.t('askPassword')}: `, { hidden: true });
      if (!password) throw new CliFailure(ctx.t('loginPasswordEmpty'), ExitCode.Usage);
      const { client, tokens } = ctx.session();
      try {
        tokens.set(await client.auth.login({ email, password }));
        // The session belongs to this server: later commands go there without --server.
        await ctx.settings.set('server', ctx.serverUrl);
        printUser(ctx, await client.user.getInfo());
      } catch (error) {
        throw failureFromError(ctx, error);
      }
    },
  );
}

async function saveToken(ctx: CommandContext, token: string): Promise<void> {
  const store = new StoredTokenStore(ctx.session().store.slot('token'));
  const expiresAt = jwtExpiresAt(token) ?? Date.now() + 15 * 60_000;
  store.set({ accessToken: token, expiresAt: new Date(expiresAt).toISOString() });
  try {
    printUser(ctx, await ctx.client().user.getInfo());
    await ctx.settings.set('server', ctx.serverUrl);
  } catch (error) {
    store.clear();
    throw failureFromError(ctx, error);
  }
}

export function printUser(ctx: CommandContext, user: UserInfo): void {
  ctx.print(user, () =>
    ctx.t('signedIn', { userName: user.userName, email: user.email, role: user.role, server: ctx.serverUrl }),
  );
}

async function readStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  let data = '';
  for await (const chunk of stdin) data += String(chunk);
  return data.replace(/\r?\n$/, '');
}
