import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, parseIds } from '../../kit/command-helpers.ts';
import { type IdBatchResult, reportIdBatch } from '../../kit/outcome.ts';
import { resolveProxyTagId } from '../../kit/proxy-tag-lookup.ts';
import { PROXIES_COMMANDS } from './specs.ts';

/** `tradedeck proxies tag add|rm TAG IDS...`. */
export function registerProxyTags(proxies: Command, { lang, context }: Registration): void {
  const tag = addCommand(proxies, PROXIES_COMMANDS.tag, lang);
  addCommand(tag, PROXIES_COMMANDS.tagAdd, lang).action(
    guarded(context, async (ctx, name: string, ids: string[]) => {
      const proxiesIds = parseIds(ctx, ids);
      const result = await ctx.client().proxies.batchAddTag({ proxiesIds, tag: { id: 0, name } });
      report(ctx, result, result.tag.name);
    }),
  );
  addCommand(tag, PROXIES_COMMANDS.tagRm, lang).action(
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
