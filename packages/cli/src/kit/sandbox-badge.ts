import type { CommandContext } from '../context.ts';

/** Prints the sandbox badge on stderr when the server simulates Steam (data output stays clean). */
export async function sandboxBadge(ctx: CommandContext): Promise<void> {
  try {
    const status = await ctx.client().system.status();
    if (status.mode === 'sandbox') ctx.io.stderr(`${ctx.t('sandboxBadge')}\n`);
  } catch {
    // The command's own call reports an unreachable server.
  }
}
