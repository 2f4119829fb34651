import type { Command } from 'commander';
import type { Registration } from '../../context.ts';
import { failureFromError } from '../../failures.ts';
import { addCommand } from '../../kit/add-command.ts';
import { SESSION_COMMANDS } from './specs.ts';

export function registerWhoami(program: Command, { lang, context }: Registration): void {
  addCommand(program, SESSION_COMMANDS.whoami, lang).action(async () => {
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
