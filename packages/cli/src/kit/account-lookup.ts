import type { CommandContext } from '../context.ts';
import { CliFailure, ExitCode } from '../exit-codes.ts';

/** An account id by login (case-insensitive, exact), or by id when the argument is digits only. */
export async function resolveAccountId(ctx: CommandContext, who: string): Promise<number> {
  const value = who.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const answer = await ctx.client().steamAccounts.query({
    searchString: value,
    pages: { page: 1, pageSize: 100 },
  });
  const account = answer.items.find((a) => a.login.toLowerCase() === value.toLowerCase());
  if (!account) {
    const text = ctx.t('noAccount', { login: value });
    throw new CliFailure(text, ExitCode.Error, { error: 'not-found', login: value });
  }
  return account.id;
}
