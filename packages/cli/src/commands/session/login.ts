import type { UserInfo } from '@tradedeck/sdk/contract';
import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { failureFromError } from '../../failures.ts';
import { StoredTokenStore } from '../../session.ts';
import { message } from '../../texts/message.ts';

interface LoginOptions {
  email?: string;
  passwordStdin?: boolean;
}

export function registerLogin(program: Command, { lang, context }: Registration): void {
  program
    .command('login')
    .description(message(lang, 'loginDescription'))
    .option('-e, --email <email>', message(lang, 'loginEmail'))
    .option('--password-stdin', message(lang, 'loginPasswordStdin'))
    .action(async (options: LoginOptions, command: Command) => {
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
    });
}

async function saveToken(ctx: CommandContext, token: string): Promise<void> {
  const store = new StoredTokenStore(ctx.session().store.slot('token'));
  const claims = decodeExpiry(token);
  store.set({ accessToken: token, expiresAt: claims ?? new Date(Date.now() + 15 * 60_000).toISOString() });
  try {
    printUser(ctx, await ctx.client().user.getInfo());
    await ctx.settings.set('server', ctx.serverUrl);
  } catch (error) {
    store.clear();
    throw failureFromError(ctx, error);
  }
}

function decodeExpiry(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: number;
    };
    return typeof payload.exp === 'number' ? new Date(payload.exp * 1000).toISOString() : null;
  } catch {
    return null;
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
