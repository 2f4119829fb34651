import type { AccountSelection } from '@tradedeck/sdk/contract';
import type { HarvesterProfile } from '@tradedeck/sdk/domain';
import type { CommandContext } from '../../context.ts';
import { CliFailure, ExitCode } from '../../exit-codes.ts';
import { resolveAccountId } from '../../kit/account-lookup.ts';
import { usage } from '../../kit/command-helpers.ts';

/** A profile by id (digits) or name (any case). */
export async function resolveProfile(ctx: CommandContext, who: string): Promise<HarvesterProfile> {
  const profiles = await ctx.client().harvester.listProfiles({});
  const value = who.trim();
  const found = /^\d+$/.test(value)
    ? profiles.find((profile) => profile.id === Number(value))
    : profiles.find((profile) => profile.name.toLowerCase() === value.toLowerCase());
  if (!found)
    throw new CliFailure(ctx.t('noProfile', { name: value }), ExitCode.Error, {
      error: 'not-found',
      name: value,
    });
  return found;
}

/** `login1,login2,tag:farm,17` as the accounts and tags of one side of a session. */
export async function resolveSelection(
  ctx: CommandContext,
  option: string,
  value: string,
): Promise<AccountSelection> {
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) usage(ctx, 'noSelection', { option });
  const tagNames = parts
    .filter((part) => part.toLowerCase().startsWith('tag:'))
    .map((part) => part.slice(4).trim());
  const logins = parts.filter((part) => !part.toLowerCase().startsWith('tag:'));
  const tags = tagNames.length > 0 ? await ctx.client().steamAccounts.listTags({}) : [];
  const tagIds = tagNames.map((name) => {
    const tag = tags.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase());
    if (!tag)
      throw new CliFailure(ctx.t('noTag', { name }), ExitCode.Error, { error: 'not-found', tag: name });
    return tag.id;
  });
  const accountIds: number[] = [];
  for (const login of logins) accountIds.push(await resolveAccountId(ctx, login));
  return { accountIds: [...new Set(accountIds)], tagIds: [...new Set(tagIds)] };
}
