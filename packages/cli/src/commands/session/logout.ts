import type { Command } from 'commander';
import type { Registration } from '../../context.ts';
import { message } from '../../texts/message.ts';

export function registerLogout(program: Command, { lang, context }: Registration): void {
  program
    .command('logout')
    .description(message(lang, 'logoutDescription'))
    .action(async () => {
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
