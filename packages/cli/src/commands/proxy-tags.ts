import type { Command } from 'commander';
import type { CommandContext, Registration } from '../context.ts';
import { CliFailure, ExitCode } from '../exit-codes.ts';
import { type IdBatchResult, reportIdBatch } from '../kit/outcome.ts';
import { message } from '../messages.ts';
import { guarded, parseIds } from './command-helpers.ts';

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

/** `tradedeck proxies tag add|rm TAG IDS...`. */
export function registerProxyTags(proxies: Command, { lang, context }: Registration): void {
  const tag = proxies.command('tag').description(message(lang, 'proxiesTagDescription'));
  tag
    .command('add <tag> <ids...>')
    .description(message(lang, 'proxiesTagAddDescription'))
    .action(
      guarded(context, async (ctx, name: string, ids: string[]) => {
        const proxiesIds = parseIds(ctx, ids);
        const result = await ctx.client().proxies.batchAddTag({ proxiesIds, tag: { id: 0, name } });
        report(ctx, result, result.tag.name);
      }),
    );
  tag
    .command('rm <tag> <ids...>')
    .description(message(lang, 'proxiesTagRmDescription'))
    .action(
      guarded(context, async (ctx, name: string, ids: string[]) => {
        const proxiesIds = parseIds(ctx, ids);
        const tagId = await resolveProxyTagId(ctx, name);
        const result = await ctx.client().proxies.batchRemoveTag({ proxiesIds, tagId });
        report(ctx, result, name);
      }),
    );
}

function report(ctx: CommandContext, result: IdBatchResult, tagName: string): void {
  reportIdBatch(ctx, result, ctx.t('tagged', { tag: tagName, count: result.succeededIds.length }));
}
