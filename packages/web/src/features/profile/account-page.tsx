import type { UserInfo } from '@tradedeck/sdk/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../shared/app-services.tsx';
import { changeLanguage } from '../../shared/language.ts';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import { Notice } from '../../ui/account-form.tsx';
import { useProfileClient } from './profile-deps.tsx';

/** Route /profile/account: who is signed in, and the language kept with the account (mails use it). */
export function AccountPage() {
  const client = useProfileClient();
  const { t, i18n } = useTranslation('translation', { keyPrefix: 'account' });
  const describe = useDescribeError();
  const interfaceLanguage = useLanguage();
  const services = useServices();
  const [info, setInfo] = useState<UserInfo | null>(null);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per client; `describe` is rebuilt every render
  useEffect(() => {
    client.user.getInfo().then(setInfo, (e) => setError(describe(e)));
  }, [client]);

  // The shell's switch: interface, this browser and the profile on the server, as the top bar's switch does.
  const setLanguage = (language: 'ru' | 'en') => {
    changeLanguage(i18n, language, services);
    setInfo((current) => (current ? { ...current, language } : current));
  };

  return (
    <section className="mx-auto max-w-2xl p-6 text-slate-100">
      <h1 className="mb-6 text-2xl font-bold">{t('account')}</h1>
      {error ? <Notice kind="error">{error}</Notice> : null}
      {info ? (
        <dl className="grid grid-cols-[10rem_1fr] gap-y-3">
          <dt className="text-slate-400">{t('userName')}</dt>
          <dd>{info.userName}</dd>
          <dt className="text-slate-400">{t('email')}</dt>
          <dd>
            {info.email}
            {info.pendingEmail ? (
              <span className="ms-2 text-sm text-amber-300">
                {t('pendingEmail', { email: info.pendingEmail })}
              </span>
            ) : null}
          </dd>
          <dt className="text-slate-400">{t('role')}</dt>
          <dd>{info.role}</dd>
          <dt className="text-slate-400">{t('created')}</dt>
          <dd>{new Date(info.createdAt).toLocaleString(localeOf(interfaceLanguage))}</dd>
          <dt className="text-slate-400">{t('language')}</dt>
          <dd className="flex gap-2">
            {(['ru', 'en'] as const).map((language) => (
              <button
                key={language}
                type="button"
                aria-pressed={info.language === language}
                onClick={() => setLanguage(language)}
                className={`rounded px-3 py-1 text-sm ${info.language === language ? 'bg-primary-strong text-white' : 'border border-white/20'}`}
              >
                {i18n.t(`language.${language}`)}
              </button>
            ))}
          </dd>
        </dl>
      ) : null}
    </section>
  );
}
