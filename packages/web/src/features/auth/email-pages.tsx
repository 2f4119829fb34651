import type { AccountStatus } from '@tradedeck/sdk/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useUrlParams } from '../../shared/url-params.ts';
import { useLanguage } from '../../shared/use-language.ts';
import { AuthCard, Field, Notice, SubmitButton } from '../../ui/account-form.tsx';
import { emailErrors } from '../../ui/field-checks.ts';
import { readFailure } from './api-errors.ts';
import { useAuthDeps } from './auth-deps.tsx';

const toLogin = (label: string) => (
  <Link className="hover:text-white" to="/auth/login">
    {label}
  </Link>
);

/** "Check your mail" after registration (route EmailConfirmation). */
export function EmailConfirmationPage() {
  const { t } = useTranslation('translation', { keyPrefix: 'auth' });
  const [params] = useUrlParams();
  const email = params.get('email') ?? '';
  return (
    <AuthCard title={t('confirmationTitle')} footer={toLogin(t('toLogin'))}>
      <Notice>{t('confirmationSent', { email })}</Notice>
      <Link
        className="text-sm text-primary-ink hover:underline"
        to={`/auth/email-resend?email=${encodeURIComponent(email)}`}
      >
        {t('resendLink')}
      </Link>
    </AuthCard>
  );
}

/** Opens the link from the mail (route ConfirmationEmail): userId and code from the query. */
export function EmailConfirmPage() {
  const { t } = useTranslation('translation', { keyPrefix: 'auth' });
  const lang = useLanguage();
  const { client } = useAuthDeps();
  const navigate = useNavigate();
  const [params] = useUrlParams();
  const [state, setState] = useState<{ status?: AccountStatus; error?: string }>({});
  const started = useRef(false);

  useEffect(() => {
    // The code is single use: StrictMode's second effect run must not spend it twice.
    if (started.current) return;
    started.current = true;
    const userId = params.get('userId');
    const code = params.get('code');
    // A link without its parameters cannot be confirmed: say so without asking the server.
    if (!userId || !code) return setState({ error: t('badLink') });
    client.auth
      .confirmEmail({ userId, code })
      .then(({ status }) => {
        if (status === 'pendingApproval') navigate('/auth/pending-approval', { replace: true });
        else setState({ status });
      })
      .catch((e) => setState({ error: readFailure(e, lang).message }));
  }, [client, params, navigate, lang, t]);

  return (
    <AuthCard title={t('confirmTitle')} footer={toLogin(t('toLogin'))}>
      {state.error ? <Notice kind="error">{state.error}</Notice> : null}
      {state.status ? <Notice kind="success">{t('confirmed')}</Notice> : null}
      {!state.error && !state.status ? <p className="text-slate-300">{t('confirming')}</p> : null}
    </AuthCard>
  );
}

/** Sends the confirmation link again (route ResendEmail). */
export function ResendEmailPage() {
  const { t } = useTranslation('translation', { keyPrefix: 'auth' });
  const lang = useLanguage();
  const { client } = useAuthDeps();
  const [params] = useUrlParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  const [result, setResult] = useState<{ ok?: boolean; error?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = emailErrors(t, email);
    setErrors(found);
    if (found.length) return;
    setBusy(true);
    try {
      await client.auth.resendConfirmation({ email: email.trim() });
      setResult({ ok: true });
    } catch (e) {
      setResult({ error: readFailure(e, lang).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('resendTitle')} footer={toLogin(t('toLogin'))}>
      {result.ok ? <Notice kind="success">{t('sent')}</Notice> : null}
      {result.error ? <Notice kind="error">{result.error}</Notice> : null}
      <form noValidate onSubmit={submit}>
        <Field
          label={t('email')}
          name="email"
          type="email"
          value={email}
          errors={errors}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SubmitButton busy={busy}>{t('send')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
