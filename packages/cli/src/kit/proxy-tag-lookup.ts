import type { CommandContext } from '../context.ts';
import { CliFailure, ExitCode } from '../exit-codes.ts';

/** A proxy tag's id by its name (case-insensitive), or a clear failure when the user has no such tag. */
export async function resolveProxyTagId(ctx: CommandContext, name: string): Promise<number> {
  const wanted = name.trim().toLowerCase();
  const tags = await ctx.client().proxies.listTags();
  const tag = tags.find((t) => t.name.toLowerCase() === wanted);
  if (!tag) {
    const text = ctx.t('unknownProxyTag', { tag: name });
    throw new CliFailure(text, ExitCode.Error, { error: text });
  }
  return tag.id;
}
