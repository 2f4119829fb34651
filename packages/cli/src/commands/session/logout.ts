import type { Command } from 'commander';
import type { Registration } from '../../context.ts';
import { addCommand } from '../../kit/add-command.ts';
import { SESSION_COMMANDS } from './specs.ts';

export function registerLogout(program: Command, { lang, context }: Registration): void {
  addCommand(program, SESSION_COMMANDS.logout, lang).action(async () => {
    const ctx = context();
    const { client, jar, tokens } = ctx.session();
    try {
      // Ends the device session on the server; the local copies go even if the server cannot be reached.
      if (jar.get()) await client.auth.logout();
    } finally {
      tokens.clear();
      jar.clear();
    }
    ctx.print({ server: ctx.serverUrl, signedOut: true }, () =>
      ctx.t('signedOut', { server: ctx.serverUrl }),
    );
  });
}
