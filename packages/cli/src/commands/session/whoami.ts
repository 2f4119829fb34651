import type { Command } from 'commander';
import type { Registration } from '../../context.ts';
import { failureFromError } from '../../failures.ts';
import { message } from '../../texts/message.ts';

export function registerWhoami(program: Command, { lang, context }: Registration): void {
  program
    .command('whoami')
    .description(message(lang, 'whoamiDescription'))
    .action(async () => {
      const ctx = context();
      try {
        const user = await ctx.client().user.getInfo();
        const factors = [user.twoFactor.totp && 'totp', user.twoFactor.emailOtp && 'email'].filter(Boolean);
        ctx.print(user, () =>
          ctx.t('whoamiLine', {
            userName: user.userName,
            email: user.email,
            role: user.role,
            status: user.status,
            twoFactor: factors.length ? factors.join(', ') : '—',
            server: ctx.serverUrl,
          }),
        );
      } catch (error) {
        throw failureFromError(ctx, error);
      }
    });
}
