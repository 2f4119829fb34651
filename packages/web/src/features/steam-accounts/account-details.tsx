import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@tradedeck/sdk/client';
import { describeError, SessionExpiredError, TwoFactorCancelledError } from '@tradedeck/sdk/client';
import { api, type SteamAccountRow } from '@tradedeck/sdk/contract';
import { PROXY_LIST_IN_VIEW_DIALOG } from '@tradedeck/sdk/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import {
  invalidateArea,
  useAssembledQuery,
  useOperationQuery,
} from '../../shared/queries/operation-query.ts';
import { notifyError } from '../../shared/toasts/notify-error.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import { ActButton } from '../../shared/workspace/act-gate.tsx';
import { ReplaceMafile } from './replace-mafile.tsx';
import { TagPicker } from './tag-picker.tsx';
import { LABEL, PRIMARY_BUTTON } from './ui.ts';

/** Up to 500 proxies for the proxy picker (docs/web-steam-accounts.md "Dialogs"), fetched in pages of 100. */
async function loadProxyChoices(client: ApiClient) {
  const items: { id: number; label: string }[] = [];
  for (let page = 1; items.length < PROXY_LIST_IN_VIEW_DIALOG; page += 1) {
    const answer = await client.proxies.query({ pages: { page, pageSize: 100 }, sort: [] });
    for (const proxy of answer.items)
      items.push({
        id: proxy.id,
        label: `${proxy.identity.address}:${proxy.identity.port}${proxy.proxyName ? ` (${proxy.proxyName})` : ''}`,
      });
    if (answer.items.length < 100 || items.length >= answer.total) break;
  }
  return items.slice(0, PROXY_LIST_IN_VIEW_DIALOG);
}

/**
 * The Account tab of the view dialog: dates, proxy, tags, a new password (Change is disabled while the field is
 * empty or the request runs; a refusal is shown under the field) and which secrets are stored.
 */
export function AccountDetails({ row }: { row: SteamAccountRow }) {
  const accountId = row.id;
  const { t } = useTranslation();
  const language = useLanguage();
  const services = useServices();
  const { client, toasts } = services;
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const passwordErrorId = useId();
  const [proxyId, setProxyId] = useState<string | null>(null);

  const credentials = useOperationQuery(api.steamAccounts.credentialsStatus, { id: accountId });
  const tags = useOperationQuery(api.steamAccounts.listTags);
  // Several pages of `proxies.query`, cached under it so that proxy changes reach the choices too.
  const proxies = useAssembledQuery(api.proxies.query, 'choices', loadProxyChoices);

  const refresh = () => void invalidateArea(queryClient, api.steamAccounts);
  const changePassword = useMutation({
    mutationFn: () => client.steamAccounts.updatePassword({ id: accountId, password }),
    onSuccess: () => {
      setPassword('');
      setPasswordError(null);
      toasts.show({ kind: 'success', text: t('steamAccounts.view.passwordChanged') });
      refresh();
    },
    onError: (error) => {
      if (error instanceof TwoFactorCancelledError || error instanceof SessionExpiredError) return;
      setPasswordError(describeError(error, language));
    },
  });
  const saveProxy = useMutation({
    mutationFn: (value: number | null) => client.steamAccounts.setProxy({ id: accountId, proxyId: value }),
    onSuccess: () => {
      setProxyId(null);
      toasts.show({ kind: 'success', text: t('steamAccounts.view.proxySaved') });
      refresh();
    },
    onError: (error) => notifyError(services, error),
  });
  const addTag = useMutation({
    mutationFn: (tag: { id: number; name: string }) => client.steamAccounts.addTag({ id: accountId, tag }),
    onSuccess: refresh,
    onError: (error) => notifyError(services, error),
  });
  const removeTag = useMutation({
    mutationFn: (tagId: number) => client.steamAccounts.removeTag({ id: accountId, tagId }),
    onSuccess: refresh,
    onError: (error) => notifyError(services, error),
  });

  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(localeOf(language)) : t('steamAccounts.never');
  const currentProxy = proxyId ?? String(row.proxyId ?? '');

  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[10rem_1fr] gap-y-1.5">
        <dt className="text-muted">{t('steamAccounts.view.created')}</dt>
        <dd>{date(row.createdAt)}</dd>
        <dt className="text-muted">{t('steamAccounts.view.lastLogin')}</dt>
        <dd>{date(row.lastLoginAt)}</dd>
      </dl>

      <section className="space-y-1.5">
        <h3 className={LABEL}>{t('steamAccounts.view.proxy')}</h3>
        <div className="flex gap-2">
          <select
            aria-label={t('steamAccounts.view.proxy')}
            className="input min-w-0 flex-1"
            value={currentProxy}
            onChange={(event) => setProxyId(event.target.value)}
          >
            <option value="">{t('steamAccounts.view.proxyNone')}</option>
            {row.proxyId && !proxies.data?.some((p) => p.id === row.proxyId) && row.proxy && (
              <option value={row.proxyId}>{`${row.proxy.address}:${row.proxy.port}`}</option>
            )}
            {proxies.data?.map((proxy) => (
              <option key={proxy.id} value={proxy.id}>
                {proxy.label}
              </option>
            ))}
          </select>
          <ActButton
            className="btn-ghost"
            disabled={proxyId === null || currentProxy === String(row.proxyId ?? '') || saveProxy.isPending}
            onClick={() => saveProxy.mutate(currentProxy ? Number(currentProxy) : null)}
          >
            {t('steamAccounts.view.proxySave')}
          </ActButton>
        </div>
      </section>

      <section className="space-y-1.5">
        <h3 className={LABEL}>{t('steamAccounts.view.tags')}</h3>
        <ul className="flex flex-wrap gap-1.5" data-testid="account-tags">
          {row.tags.length === 0 && <li className="text-xs text-muted">{t('steamAccounts.tags.none')}</li>}
          {row.tags.map((tag) => (
            <li
              key={tag.id}
              className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2.5 py-0.5 text-xs text-primary-ink"
            >
              {tag.name}
              <ActButton
                aria-label={t('steamAccounts.tags.removeTag', { name: tag.name })}
                disabled={removeTag.isPending}
                onClick={() => removeTag.mutate(tag.id)}
                className="hover:text-rose-600 disabled:opacity-40"
              >
                ✕
              </ActButton>
            </li>
          ))}
        </ul>
        <TagPicker
          all={tags.data ?? []}
          alreadyOn={row.tags.map((tag) => tag.id)}
          busy={addTag.isPending}
          onPick={(tag) => addTag.mutateAsync(tag).catch(() => {})}
        />
      </section>

      <section className="space-y-1.5">
        <h3 className={LABEL}>{t('steamAccounts.view.password')}</h3>
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (password && !changePassword.isPending) changePassword.mutate();
          }}
        >
          <input
            type="password"
            autoComplete="new-password"
            aria-label={t('steamAccounts.view.password')}
            className="input flex-1"
            value={password}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? passwordErrorId : undefined}
            onChange={(event) => {
              setPassword(event.target.value);
              setPasswordError(null);
            }}
          />
          <ActButton
            type="submit"
            className={PRIMARY_BUTTON}
            disabled={password === '' || changePassword.isPending}
          >
            {t('steamAccounts.view.change')}
          </ActButton>
        </form>
        {passwordError && (
          <p id={passwordErrorId} role="alert" className="text-xs text-rose-700 dark:text-rose-300">
            {passwordError}
          </p>
        )}
      </section>

      <ReplaceMafile row={row} />

      <section className="space-y-1.5">
        <h3 className={LABEL}>{t('steamAccounts.view.credentials')}</h3>
        {credentials.data ? (
          <ul className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs" data-testid="credentials-status">
            {(
              [
                'hasPassword',
                'hasSharedSecret',
                'hasIdentitySecret',
                'hasRevocationCode',
                'hasRefreshToken',
              ] as const
            ).map((key) => (
              <li key={key} className="flex justify-between gap-2">
                <span>{t(`steamAccounts.view.credentialItems.${key}`)}</span>
                <span
                  className={credentials.data[key] ? 'text-emerald-700 dark:text-emerald-300' : 'text-muted'}
                >
                  {credentials.data[key] ? t('steamAccounts.view.yes') : t('steamAccounts.view.no')}
                  {key === 'hasRefreshToken' && credentials.data.refreshTokenExpiresAt
                    ? ` ${t('steamAccounts.view.tokenUntil', {
                        date: new Date(credentials.data.refreshTokenExpiresAt).toLocaleDateString(
                          localeOf(language),
                        ),
                      })}`
                    : ''}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-xs text-muted">{t('steamAccounts.view.loading')}</p>
        )}
      </section>
    </div>
  );
}
