import type { SellerAccountRow } from '@tradedeck/sdk/contract';
import type { CommandContext } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { usage } from '../../kit/command-helpers.ts';
import { collectAll } from '../../kit/lists.ts';

/** Every seller account of the user, oldest first. */
export function allSellers(ctx: CommandContext): Promise<SellerAccountRow[]> {
  return collectAll((page, pageSize) =>
    ctx.client().p2p.query({
      withStatus: [],
      withPlatformStatus: [],
      withModules: [],
      pages: { page, pageSize },
      sort: [{ propertyName: 'id', isDescending: false }],
    }),
  );
}

/**
 * The seller accounts a command names: logins (case-insensitive, exact) or ids, or every one with `--all`.
 * Returns them by id with the login to show.
 */
export async function chosenSellers(
  ctx: CommandContext,
  who: readonly string[],
  all: boolean,
): Promise<Map<number, string>> {
  if (who.length > 0 === all) usage(ctx, 'p2pSelectOne');
  const chosen = new Map<number, string>();
  if (all) {
    for (const row of await allSellers(ctx)) chosen.set(row.id, row.login);
    return chosen;
  }
  for (const item of who.flatMap((value) => value.split(',')).map((value) => value.trim())) {
    if (item === '') continue;
    if (/^\d+$/.test(item)) {
      chosen.set(Number(item), `id ${item}`);
      continue;
    }
    const answer = await ctx.client().p2p.query({
      searchString: item,
      withStatus: [],
      withPlatformStatus: [],
      withModules: [],
      pages: { page: 1, pageSize: 100 },
      sort: [],
    });
    const row = answer.items.find((account) => account.login.toLowerCase() === item.toLowerCase());
    if (!row) {
      const text = ctx.t('noSellerAccount', { login: item });
      throw new CliFailure(text, ExitCode.Error, { error: 'not-found', login: item });
    }
    chosen.set(row.id, row.login);
  }
  return chosen;
}
