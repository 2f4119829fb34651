import type { CommandContext } from '../context.ts';
import { CliFailure, ExitCode } from '../exit-codes.ts';

/** A hub the command follows could not be reached: the reason, and sign-in advice when the token was refused. */
export function hubFailure(ctx: CommandContext, hub: string, error: Error): CliFailure {
  const text = ctx.t('hubConnectFailed', { hub, reason: error.message });
  const unauthorized = /Status code '401'/.test(error.message);
  return new CliFailure(
    unauthorized ? `${text}\n${ctx.t('authNeeded')}` : text,
    unauthorized ? ExitCode.AuthNeeded : ExitCode.Error,
    { error: error.message },
  );
}
