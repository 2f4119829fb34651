import type { Command } from 'commander';
import type { CommandContext, Registration } from '../../context.ts';
import { resolveAccountId } from '../../kit/account-lookup.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, sandboxBadge, usage } from '../../kit/command-helpers.ts';
import { confirmDestructive } from '../../kit/confirm.ts';
import { collectAll } from '../../kit/lists.ts';
import { reportIdBatch } from '../../kit/outcome.ts';
import { ACCOUNTS_COMMANDS } from './specs.ts';

/** `tradedeck accounts rm [accounts...] [--all] [--yes]`: asks before it deletes. */
export function registerAccountRemove(accounts: Command, { lang, context }: Registration): void {
  addCommand(accounts, ACCOUNTS_COMMANDS.rm, lang).action(
    guarded(context, async (ctx, who: string[], flags: { all?: boolean; yes?: boolean }) => {
      if (who.length > 0 === Boolean(flags.all)) usage(ctx, 'rmAccountsSelectOne');
      await sandboxBadge(ctx);
      const chosen = await chosenAccounts(ctx, who, Boolean(flags.all));
      if (chosen.size === 0) {
        ctx.print({ succeededIds: [], failed: [] }, () => ctx.t('accountsRemoved', { count: 0 }));
        return;
      }
      await confirmDestructive(ctx, {
        yes: flags.yes,
        action: ctx.t('rmAccountsAction', { count: chosen.size }),
        items: [...chosen.values()],
      });
      const result = await ctx.client().steamAccounts.batchRemove({ accountIds: [...chosen.keys()] });
      reportIdBatch(ctx, result, ctx.t('accountsRemoved', { count: result.succeededIds.length }));
    }),
  );
}

/** The accounts to delete, by id, each with the name the question shows. */
async function chosenAccounts(
  ctx: CommandContext,
  who: string[],
  all: boolean,
): Promise<Map<number, string>> {
  const chosen = new Map<number, string>();
  if (all) {
    const rows = await collectAll((page, pageSize) =>
      ctx.client().steamAccounts.query({
        pages: { page, pageSize },
        sort: [{ propertyName: 'id', isDescending: false }],
      }),
    );
    for (const row of rows) chosen.set(row.id, `${row.login} (id ${row.id})`);
    return chosen;
  }
  for (const item of who) {
    const id = await resolveAccountId(ctx, item);
    chosen.set(id, /^\d+$/.test(item.trim()) ? `id ${id}` : `${item.trim()} (id ${id})`);
  }
  return chosen;
}
