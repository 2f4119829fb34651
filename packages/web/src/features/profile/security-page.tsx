import { ApiError } from '@tradedeck/sdk/client';
import { type DeviceSession, ResultCode, type UserInfo } from '@tradedeck/sdk/contract';
import type { TFunction } from 'i18next';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDescribeError } from '../../shared/use-describe-error.ts';
import { localeOf, useLanguage } from '../../shared/use-language.ts';
import { Field, Notice } from '../../ui/account-form.tsx';
import { deviceName } from './device-name.ts';
import { useProfileClient } from './profile-deps.tsx';
import { RecoveryCodesDialog } from './recovery-codes-dialog.tsx';
import { SecurityBreadcrumbs } from './security-breadcrumbs.tsx';

type OtpKey = { secret: string; otpauthUri: string; qrSvg: string; qrDataUrl: string };

/** The server refused the new key's code itself (not a step-up of the session): it belongs under the field. */
function refusedNewKeyCode(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.resultCode !== ResultCode.TwoFactorFailed) return false;
  const details = error.errorDetails ?? {};
  return details.stepUp === undefined && Array.isArray(details.failed) && details.failed.includes('totp');
}

/** Route /profile/security: second factors, recovery codes, device sessions, links to password and e-mail. */
export function SecurityPage() {
  const client = useProfileClient();
  const { t } = useTranslation('translation', { keyPrefix: 'account' });
  const describe = useDescribeError();
  const language = useLanguage();
  const [info, setInfo] = useState<UserInfo | null>(null);
  const [sessions, setSessions] = useState<DeviceSession[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [otpKey, setOtpKey] = useState<OtpKey | null>(null);
  const [code, setCode] = useState('');
  const [codeWrong, setCodeWrong] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads per client; `describe` is rebuilt every render
  const reload = useCallback(async () => {
    try {
      const [me, list] = await Promise.all([client.user.getInfo(), client.user.listSessions()]);
      setInfo(me);
      setSessions(list.items);
    } catch (e) {
      setError(describe(e));
    }
  }, [client]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const guarded = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (e) {
      if (!(e instanceof Error && e.message === 'cancelled')) setError(describe(e));
    }
    await reload();
  };

  const confirmTotp = (event: FormEvent) => {
    event.preventDefault();
    void guarded(async () => {
      const input = { enable: true, twoFactor: { codes: { totp: code } } };
      let answer: Awaited<ReturnType<typeof client.user.setupAuthenticator>>;
      try {
        // The code here is the new key's: a wrong one is said under the field, never by a second dialog.
        answer = await client.user.setupAuthenticator(input, { skipTwoFactor: true });
      } catch (error) {
        if (refusedNewKeyCode(error)) {
          setCodeWrong(true);
          return;
        }
        if (!(error instanceof ApiError && error.errorDetails?.stepUp !== undefined)) throw error;
        // The session's step-up ran out since the key was shown: the app-wide dialog asks for it first.
        answer = await client.user.setupAuthenticator(input);
      }
      setCodeWrong(false);
      setOtpKey(null);
      setCode('');
      if (answer.recoveryCodes) setCodes(answer.recoveryCodes);
    });
  };

  const toggleEmail = (enable: boolean) =>
    guarded(async () => {
      const answer = await client.user.setupEmailOtp({ enable });
      if (answer.recoveryCodes) setCodes(answer.recoveryCodes);
    });

  if (!info)
    return (
      <section className="p-6 text-slate-100">
        <SecurityBreadcrumbs />
        {error ? <Notice kind="error">{error}</Notice> : null}
      </section>
    );
  return (
    <section className="mx-auto max-w-3xl space-y-8 p-6 text-slate-100">
      <div>
        <SecurityBreadcrumbs />
        <h1 className="text-2xl font-bold">{t('security')}</h1>
      </div>
      {error ? <Notice kind="error">{error}</Notice> : null}
      <div className="flex gap-4 text-sm">
        <Link className="text-primary-ink hover:underline" to="/profile/security/change-password">
          {t('changePassword')}
        </Link>
        <Link className="text-primary-ink hover:underline" to="/profile/security/change-email">
          {t('changeEmail')}
        </Link>
      </div>

      <div className="space-y-4 rounded-xl border border-white/10 p-5">
        <h2 className="text-lg font-semibold">{t('twoFactor')}</h2>
        <Row label={t('totp')} on={info.twoFactor.totp} t={t}>
          {info.twoFactor.totp ? (
            <button
              type="button"
              className="text-sm text-red-300"
              onClick={() =>
                void guarded(async () => void (await client.user.setupAuthenticator({ enable: false })))
              }
            >
              {t('disable')}
            </button>
          ) : (
            <button
              type="button"
              className="text-sm text-primary-ink"
              onClick={() => void guarded(async () => setOtpKey(await client.user.getOtpKey()))}
            >
              {t('enable')}
            </button>
          )}
        </Row>
        {otpKey ? (
          <form onSubmit={confirmTotp} className="grid gap-4 sm:grid-cols-[200px_1fr]">
            <img src={otpKey.qrDataUrl} alt="QR" width={200} height={200} className="rounded bg-white p-2" />
            <div>
              <p className="mb-3 text-sm text-slate-300">{t('scan')}</p>
              <p className="mb-3 break-all font-mono text-sm">
                {t('key')}: <span data-testid="totp-secret">{otpKey.secret}</span>
              </p>
              <Field
                label={t('code')}
                name="totp"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                errors={codeWrong ? [t('wrongCode')] : []}
                onChange={(e) => {
                  setCodeWrong(false);
                  setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
                }}
              />
              <button
                type="submit"
                disabled={code.length !== 6}
                className="rounded-lg bg-primary-strong px-4 py-2 text-sm font-semibold text-white disabled:opacity-50"
              >
                {t('confirm')}
              </button>
            </div>
          </form>
        ) : null}
        <Row label={t('emailOtp')} on={info.twoFactor.emailOtp} t={t}>
          <button
            type="button"
            className="text-sm text-primary-ink"
            onClick={() => void toggleEmail(!info.twoFactor.emailOtp)}
          >
            {info.twoFactor.emailOtp ? t('disable') : t('enable')}
          </button>
        </Row>
        {info.twoFactor.totp || info.twoFactor.emailOtp ? (
          <div className="flex items-center justify-between border-t border-white/10 pt-4 text-sm">
            <span>
              {t('recoveryCodes')}: {t('recoveryLeft', { n: info.twoFactor.recoveryCodesLeft })}
            </span>
            <button
              type="button"
              className="text-primary-ink"
              onClick={() =>
                void guarded(async () => {
                  const answer = await client.user.regenerateRecoveryCodes({});
                  setCodes(answer.recoveryCodes);
                })
              }
            >
              {t('regenerate')}
            </button>
          </div>
        ) : null}
      </div>

      <div className="rounded-xl border border-white/10 p-5">
        <div className="mb-3 flex items-center justify-between">
          <h2 className="text-lg font-semibold">{t('sessions')}</h2>
          <button
            type="button"
            className="text-sm text-red-300"
            onClick={() => void guarded(async () => void (await client.user.revokeAllSessions({})))}
          >
            {t('revokeAll')}
          </button>
        </div>
        <ul className="divide-y divide-white/10" aria-label={t('sessions')}>
          {sessions.map((s) => (
            <li key={s.id} className="flex items-center justify-between py-2 text-sm">
              <span>
                <span data-testid="device-name">{deviceName(s.userAgent, t)}</span> · {s.ip ?? '—'} ·{' '}
                {t('sessionCreated')}{' '}
                <time dateTime={s.createdAt}>{new Date(s.createdAt).toLocaleString(localeOf(language))}</time>{' '}
                · {t('sessionSeen')}{' '}
                <time dateTime={s.lastSeenAt}>
                  {new Date(s.lastSeenAt).toLocaleString(localeOf(language))}
                </time>
                {s.current ? <strong className="ms-2 text-emerald-300">{t('current')}</strong> : null}
              </span>
              {s.current ? null : (
                <button
                  type="button"
                  className="text-red-300"
                  onClick={() =>
                    void guarded(async () => void (await client.user.revokeSession({ sessionId: s.id })))
                  }
                >
                  {t('revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      </div>
      <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
    </section>
  );
}

function Row({
  label,
  on,
  t,
  children,
}: {
  label: string;
  on: boolean;
  t: TFunction<'translation', 'account'>;
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-center justify-between">
      <span>
        {label}:{' '}
        <strong className={on ? 'text-emerald-300' : 'text-slate-400'}>{on ? t('on') : t('off')}</strong>
      </span>
      {children}
    </div>
  );
}
