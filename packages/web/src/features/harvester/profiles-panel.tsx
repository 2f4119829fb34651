import { api } from '@tradedeck/sdk/contract';
import { formatMoney, type HarvesterProfile, TRADE_GAMES } from '@tradedeck/sdk/domain';
import { useTranslation } from 'react-i18next';
import { useOperationQuery } from '../../shared/queries/operation-query.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';

export interface ProfileActions {
  create(): void;
  edit(profile: HarvesterProfile): void;
  duplicate(profile: HarvesterProfile): void;
  remove(profile: HarvesterProfile): void;
  makeDefault(profile: HarvesterProfile): void;
}

/** The settings profiles, the default first, each with its actions. */
export function ProfilesPanel({ actions }: { actions: ProfileActions }) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const profiles = useOperationQuery(api.harvester.listProfiles);
  return (
    <section className="space-y-3" aria-label={t('harvester.tabs.profiles')}>
      <div className="flex justify-end">
        <button
          type="button"
          className="rounded-md bg-primary-strong px-3 py-1 text-sm font-semibold text-white hover:bg-primary-deep"
          aria-keyshortcuts="Shift+N"
          onClick={actions.create}
        >
          {t('harvester.actions.newProfile')}
        </button>
      </div>
      {profiles.isError && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
          {describe(profiles.error)}
        </p>
      )}
      {profiles.data?.length === 0 && <p className="text-sm text-muted">{t('harvester.profiles.empty')}</p>}
      <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
        {profiles.data?.map((profile) => (
          <ProfileCard key={profile.id} profile={profile} actions={actions} />
        ))}
      </ul>
    </section>
  );
}

function ProfileCard({ profile, actions }: { profile: HarvesterProfile; actions: ProfileActions }) {
  const { t } = useTranslation();
  const locale = localeOf(useLanguage());
  const games =
    profile.games.mode === 'all'
      ? t('harvester.editor.gamesModes.all')
      : `${t(`harvester.editor.gamesModes.${profile.games.mode}`)}: ${profile.games.list.map((game) => TRADE_GAMES[game].name).join(', ')}`;
  return (
    <li className="card space-y-2 p-4" data-profile={profile.name}>
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{profile.name}</h3>
        {profile.isDefault && (
          <span className="rounded bg-primary/15 px-1.5 py-0.5 text-xs text-primary-ink">
            {t('harvester.profiles.default')}
          </span>
        )}
      </div>
      <ul className="space-y-0.5 text-xs text-muted">
        <li>{t('harvester.profiles.summary.games', { value: games })}</li>
        <li>
          {t('harvester.profiles.summary.distribution', {
            value: t(`harvester.editor.distributionModes.${profile.distribution.mode}`),
          })}
        </li>
        {profile.maxItems !== null && (
          <li>{t('harvester.profiles.summary.maxItems', { count: profile.maxItems })}</li>
        )}
        {profile.maxItemPrice !== null && (
          <li>
            {t('harvester.profiles.summary.maxPrice', { value: formatMoney(profile.maxItemPrice, locale) })}
          </li>
        )}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-ghost" onClick={() => actions.edit(profile)}>
          {t('harvester.profiles.edit')}
        </button>
        <button type="button" className="btn-ghost" onClick={() => actions.duplicate(profile)}>
          {t('harvester.profiles.duplicate')}
        </button>
        {!profile.isDefault && (
          <button type="button" className="btn-ghost" onClick={() => actions.makeDefault(profile)}>
            {t('harvester.profiles.makeDefault')}
          </button>
        )}
        <button
          type="button"
          className="btn-ghost text-rose-700 dark:text-rose-300"
          onClick={() => actions.remove(profile)}
        >
          {t('harvester.profiles.remove')}
        </button>
      </div>
    </li>
  );
}
