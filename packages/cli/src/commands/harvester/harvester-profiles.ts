import type { Command } from 'commander';
import type { Registration } from '../../context.ts';
import { addCommand } from '../../kit/add-command.ts';
import { guarded, usage } from '../../kit/command-helpers.ts';
import { confirmDestructive } from '../../kit/confirm.ts';
import { renderTable } from '../../table.ts';
import { resolveProfile } from './harvester-lookup.ts';
import { applyProfileOptions, newProfileBase, type ProfileOptions } from './harvester-options.ts';
import { profileHead, profileRow } from './harvester-output.ts';
import { HARVESTER_COMMANDS } from './specs.ts';

type FieldOptions = ProfileOptions & { default?: boolean };

/** `tradedeck harvester profiles ls|add|edit|rm`. */
export function registerHarvesterProfiles(harvester: Command, { lang, context }: Registration): void {
  const profiles = addCommand(harvester, HARVESTER_COMMANDS.profiles, lang);

  addCommand(profiles, HARVESTER_COMMANDS.profilesLs, lang).action(
    guarded(context, async (ctx) => {
      const list = await ctx.client().harvester.listProfiles({});
      ctx.print(list, () =>
        list.length === 0
          ? ctx.t('profilesNone')
          : renderTable(
              profileHead(ctx),
              list.map((profile) => profileRow(profile)),
              Boolean(ctx.io.terminal),
            ),
      );
    }),
  );

  addCommand(profiles, HARVESTER_COMMANDS.profilesAdd, lang).action(
    guarded(context, async (ctx, options: FieldOptions) => {
      if (!options.name?.trim()) usage(ctx, 'nameRequired');
      const currency = (options.currency?.toUpperCase() ?? (ctx.lang === 'ru' ? 'RUB' : 'USD')) as 'RUB';
      const input = applyProfileOptions(ctx, newProfileBase(options.name, currency), options);
      const api = ctx.client().harvester;
      let saved = await api.createProfile(input);
      if (options.default && !saved.isDefault) saved = await api.setDefaultProfile({ id: saved.id });
      ctx.print(saved, () => ctx.t('profileSaved', { name: saved.name, id: saved.id }));
    }),
  );

  addCommand(profiles, HARVESTER_COMMANDS.profilesEdit, lang).action(
    guarded(context, async (ctx, who: string, options: FieldOptions & { duplicate?: string }) => {
      const api = ctx.client().harvester;
      let profile = await resolveProfile(ctx, who);
      if (options.duplicate !== undefined)
        profile = await api.duplicateProfile({ id: profile.id, name: options.duplicate });
      const { id, isDefault: _default, createdAt: _created, updatedAt: _updated, ...stored } = profile;
      const input = applyProfileOptions(ctx, stored, options);
      let saved = await api.updateProfile({ ...input, id });
      if (options.default && !saved.isDefault) saved = await api.setDefaultProfile({ id });
      ctx.print(saved, () => ctx.t('profileSaved', { name: saved.name, id: saved.id }));
    }),
  );

  addCommand(profiles, HARVESTER_COMMANDS.profilesRm, lang).action(
    guarded(context, async (ctx, who: string, options: { yes?: boolean }) => {
      const profile = await resolveProfile(ctx, who);
      await confirmDestructive(ctx, {
        yes: options.yes,
        action: ctx.t('confirmRemoveProfile', { name: profile.name }),
        items: [`${profile.name} (id ${profile.id})`],
      });
      const removed = await ctx.client().harvester.removeProfile({ id: profile.id });
      ctx.print(removed, () => ctx.t('profileRemoved', { name: profile.name }));
    }),
  );
}
