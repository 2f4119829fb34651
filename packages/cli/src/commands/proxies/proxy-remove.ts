import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, parseIds, usage } from '../../kit/command-helpers.ts';
import { confirmDestructive } from '../../kit/confirm.ts';
import { collectAll } from '../../kit/lists.ts';
import { reportIdBatch } from '../../kit/outcome.ts';
import { resolveProxyTagId } from '../../kit/proxy-tag-lookup.ts';
import { proxyLabel } from './proxy-output.ts';
import { PROXIES_COMMANDS } from './specs.ts';

interface RemoveFlags {
  detach?: boolean;
  tag?: string;
  all?: boolean;
  yes?: boolean;
}

/** `tradedeck proxies rm [ids...] [--tag T | --all] [--detach] [--yes]`: asks before it deletes. */
export function registerProxyRemove(proxies: Command, { lang, context }: Registration): void {
  addCommand(proxies, PROXIES_COMMANDS.rm, lang).action(
    guarded(context, async (ctx, ids: string[], flags: RemoveFlags) => {
      const chosen = [ids.length > 0, flags.tag !== undefined, Boolean(flags.all)].filter(Boolean).length;
      if (chosen !== 1) usage(ctx, 'rmSelectOne');
      const { proxyIds, labels } = await chosenProxies(ctx, ids, flags);
      if (proxyIds.length === 0) {
        ctx.print({ succeededIds: [], failed: [] }, () => ctx.t('removed', { count: 0 }));
        return;
      }
      const action = ctx.t(flags.detach ? 'rmProxiesDetachAction' : 'rmProxiesAction', {
        count: proxyIds.length,
      });
      await confirmDestructive(ctx, { yes: flags.yes, action, items: labels });
      const result = await ctx.client().proxies.batchRemove({ proxyIds, detach: Boolean(flags.detach) });
      reportIdBatch(ctx, result, ctx.t('removed', { count: result.succeededIds.length }));
    }),
  );
}

async function chosenProxies(
  ctx: CommandContext,
  ids: string[],
  flags: RemoveFlags,
): Promise<{ proxyIds: number[]; labels: string[] }> {
  if (ids.length > 0) {
    const proxyIds = parseIds(ctx, ids);
    return { proxyIds, labels: proxyIds.map((id) => `id ${id}`) };
  }
  const withTagIds = flags.tag !== undefined ? [await resolveProxyTagId(ctx, flags.tag)] : [];
  const rows = await collectAll((page, pageSize) =>
    ctx.client().proxies.query({
      withTagIds,
      pages: { page, pageSize },
      sort: [{ propertyName: 'id', isDescending: false }],
    }),
  );
  return { proxyIds: rows.map((p) => p.id), labels: rows.map(proxyLabel) };
}
